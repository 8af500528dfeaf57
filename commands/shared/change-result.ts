// The reply to a change the hosting API accepted: a success card with one sentence, the audit line
// and, for a long operation, what the tracker follows to its end. Shared by every change command.
import type { FollowSpec, RunResult } from '../../src/core/index.js';

/** A success card saying what happened, with its audit line and the operation to follow, if any. */
export function changeResult(
  title: string,
  text: string,
  auditSummary: string,
  follow?: FollowSpec,
): RunResult {
  return {
    message: { title, tone: 'success', blocks: [{ type: 'text', text }] },
    auditSummary,
    ...(follow ? { follow } : {}),
  };
}

/** Follow an instance until its status is one of `doneStatuses` (e.g. Running after a restore). */
export function untilStatus(
  instance: { uuid: string; label: string },
  verb: string,
  doneStatuses: string[],
): FollowSpec {
  return { kind: 'instance-status', instanceUuid: instance.uuid, label: instance.label, verb, doneStatuses };
}
