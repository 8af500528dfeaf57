// The one runner pipeline every entry goes through (a typed command, a Confirm / Cancel click, an
// alert button): audit → authorise → confirm → run → close. Each step answers
// `{ ok: true } | { ok: false, refusal }`; a refusal is a value, not an exception, stops the
// pipeline, is noted on the audit record, answered by the entry, and written once by close.
import type { OpenRecord } from '../audit/audit-record.js';
import type { UserError } from '../errors.js';

/** Why an entry stops short: the user-facing error, and whether the policy (or person check) said no. */
export interface Refusal {
  error: UserError;
  /** Audited as decision `denied` (else the record keeps the decision it had). */
  denied?: boolean;
}

/** `halt`: the entry's answer is ready (a preview now waits for its Confirm); later steps are skipped. */
export type StepResult = { ok: true; halt?: boolean } | { ok: false; refusal: Refusal };

/** One step of an entry, over the entry's own state. */
export type Step<S> = (state: S) => Promise<StepResult> | StepResult;

export const PASS: StepResult = { ok: true };
export const HALT: StepResult = { ok: true, halt: true };

/** A refusal as a step result. */
export function refuse(error: UserError, denied = false): StepResult {
  return { ok: false, refusal: denied ? { error, denied } : { error } };
}

/** What one entry into the pipeline supplies. */
export interface Entry<S> {
  /** The record opened when the event arrived (audit); written once by `close`. */
  audit: OpenRecord;
  state: S;
  authorise: Step<S>;
  /** Shows a preview and waits, or checks the answer to one; PASS when nothing needs confirming. */
  confirm: Step<S>;
  run: Step<S>;
  /** Wraps the steps (the API-call scope, slow-reply guards, the store-outage reading). */
  around?: (steps: () => Promise<StepResult>) => Promise<StepResult>;
  /** Answers the requester once the steps all passed. */
  done?: () => Promise<void>;
  /** Answers a refusal. */
  refused(refusal: Refusal): Promise<void>;
  /** Answers a failure a step threw (an API error, a store outage). */
  failed(error: unknown): Promise<void>;
  /** Writes the audit record (once) and whatever else settling the event needs. */
  close(): Promise<void>;
}

/** Runs authorise → confirm → run; the first refusal (or halt) stops there; a refusal is noted on the record. */
export async function runSteps<S>(
  entry: Pick<Entry<S>, 'audit' | 'state' | 'authorise' | 'confirm' | 'run'>,
): Promise<StepResult> {
  for (const step of [entry.authorise, entry.confirm, entry.run]) {
    const result = await step(entry.state);
    if (!result.ok) {
      const { record } = entry.audit;
      record.errorId = result.refusal.error.id;
      if (result.refusal.denied) record.decision = 'denied';
      return result;
    }
    if (result.halt) return result;
  }
  return PASS;
}

/** The whole pipeline for one event: every entry is answered and closed exactly once. */
export async function runPipeline<S>(entry: Entry<S>): Promise<void> {
  try {
    const steps = () => runSteps(entry);
    const result = await (entry.around ? entry.around(steps) : steps());
    if (result.ok) await entry.done?.();
    else await entry.refused(result.refusal);
  } catch (error) {
    await entry.failed(error);
  }
  await entry.close();
}
