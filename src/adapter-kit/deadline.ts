// The deadline helper every adapter uses for its platform's budgets (ack windows, autocomplete);
// it lives in core, which needs it too, and adapters reach it here.
export { DeadlineExceeded, withDeadline } from '../core/index.js';
export type { DeadlineWork } from '../core/index.js';
