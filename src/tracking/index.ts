// Public surface of long-operation tracking (issue 6).
export { createOperationTracker } from './operation-tracker.js';
export type { OperationTrackerOptions, RunningTracker } from './operation-tracker.js';
export { formatElapsed } from './messages.js';
export type { FinalOutcome, TrackResult } from './messages.js';
