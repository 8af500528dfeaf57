// Follows one long operation: polls the instance with bounded backoff, edits the card with
// progress (rate-limited), and ends with done / failed / timed out. Other API errors than
// NOT_FOUND are retried until the deadline, then reported with the last known status.
import { isApiError } from '../api/errors.js';
import type { HostingApi } from '../api/index.js';
import {
  DEFAULT_LOCALE,
  t,
  type FollowSpec,
  type Locale,
  type Responder,
  type BotStore,
  type TrackedOperation,
  type TenantScope,
  type WriteReplay,
} from '../core/index.js';
import { apiErrorText } from '../core/kit/index.js';
import type { Message } from '../render/message.js';
import {
  doneOutcome,
  failedOutcome,
  finalMessage,
  progressMessage,
  timedOutOutcome,
  type FinalOutcome,
} from './messages.js';

/** Timing of polls and edits, all in milliseconds. */
export interface PollSettings {
  pollMinMs: number;
  pollMaxMs: number;
  timeoutMs: number;
  /** Least time between two progress edits of the same card. */
  editIntervalMs: number;
}

/** What one followed operation needs from its tracker. */
export interface OperationDeps {
  api: HostingApi;
  store: BotStore;
  settings: PollSettings;
  now: () => number;
  /** Runs `task` after `ms` on an unref'd timer the tracker can cancel. */
  schedule(ms: number, task: () => void): void;
  stopped(): boolean;
  warn(message: string, detail: Record<string, unknown>): void;
  /** Keeps the end of an operation the store refused to record, to replay once it is back. */
  replay?: WriteReplay;
  tenant(): string | undefined;
  runAs: TenantScope['run'];
}

/** The replay key of an operation's end (adoption skips an operation whose end waits there). */
export const operationEndKey = (id: string): string => `operation-end:${id}`;

/** Persisted progress of an operation (TrackedOperation.data). */
export interface OperationData {
  lastStatus?: string | null;
  card?: Message;
}

const FAILURE_STATUS = /error|fail/i;
const BACKOFF = 1.5;

function describe(error: unknown, locale: Locale): string {
  const text = isApiError(error) ? apiErrorText(error, locale) : t(locale, 'track.unexpectedError');
  return text.replace(/\.$/, '');
}

/** Starts polling `op`; resolves the returned promise with the outcome once it is final. */
/** Whether an instance's public IP is the one an 'instance-ip' operation waits for. */
function holdsExpectedIp(
  spec: FollowSpec,
  publicIp: { ip_id?: unknown; ip_address?: unknown } | null | undefined,
): boolean {
  if (spec.kind !== 'instance-ip' || !publicIp) return false;
  if (spec.ipId && String(publicIp.ip_id ?? '').toLowerCase() === spec.ipId.toLowerCase()) return true;
  return Boolean(spec.ipAddress) && String(publicIp.ip_address ?? '') === spec.ipAddress;
}

export function runOperation(
  op: TrackedOperation,
  responder: Responder,
  deps: OperationDeps,
  options: { firstDelayMs: number; card?: Message },
): Promise<FinalOutcome | null> {
  const { spec } = op;
  const locale = op.locale ?? DEFAULT_LOCALE;
  const data = (op.data ?? {}) as OperationData;
  const card = options.card ?? data.card;
  let lastStatus: string | null = data.lastStatus ?? null;
  let hasExpectedIp = false;
  let lastEditAt = deps.now();
  let editedStatus: string | null = lastStatus;
  let delay = deps.settings.pollMinMs;
  const deadline = op.startedAt + deps.settings.timeoutMs;

  return new Promise((resolve) => {
    const finish = async (outcome: FinalOutcome): Promise<void> => {
      await deps.store.operations.delete(op.id).catch((error: unknown) => {
        deps.warn('tracker: forget failed', { err: error });
        // Settled once: the record goes when the store is back, never followed (and settled) again.
        const tenant = deps.tenant();
        deps.replay?.keep(operationEndKey(op.id), () =>
          deps.runAs(tenant, () => deps.store.operations.delete(op.id)),
        );
      });
      await responder
        .update(op.ref, finalMessage(outcome, card, spec.whenDone))
        .catch((error: unknown) => deps.warn('tracker: final edit failed', { err: error, op: op.id }));
      resolve(outcome);
    };

    const progress = async (now: number): Promise<void> => {
      const changed = lastStatus !== editedStatus;
      const gap = now - lastEditAt;
      if (!(
        gap >= deps.settings.editIntervalMs ||
        (changed && gap >= Math.min(1000, deps.settings.editIntervalMs))
      ))
        return;
      lastEditAt = now;
      editedStatus = lastStatus;
      await responder
        .update(op.ref, progressMessage(spec, now - op.startedAt, lastStatus, card, locale))
        .catch((error: unknown) => deps.warn('tracker: progress edit failed', { err: error, op: op.id }));
    };

    const tick = async (): Promise<void> => {
      if (deps.stopped()) return resolve(null);
      let gone = false;
      let failure: unknown = null;
      const before = lastStatus;
      try {
        const detail = await deps.api.instances.detail(spec.instanceUuid);
        lastStatus = typeof detail.status === 'string' && detail.status !== '' ? detail.status : lastStatus;
        hasExpectedIp = holdsExpectedIp(spec, detail.public_ip);
      } catch (error) {
        if (isApiError(error) && error.code === 'NOT_FOUND') gone = true;
        else failure = error;
      }
      if (deps.stopped()) return resolve(null);
      const now = deps.now();
      const elapsed = now - op.startedAt;
      const outcome = decide(gone, failure === null);
      if (gone && spec.kind === 'instance-gone') {
        // Completion and lookups must stop offering an instance that no longer exists.
        await deps.store.hostnames
          .forget(spec.instanceUuid)
          .catch((error: unknown) => deps.warn('tracker: forget hostname failed', { err: error }));
      }
      if (outcome) return finish(outcome(elapsed));
      if (now >= deadline)
        return finish(
          timedOutOutcome(
            spec,
            elapsed,
            lastStatus,
            failure === null ? null : describe(failure, locale),
            locale,
          ),
        );
      if (lastStatus !== before) {
        const next: OperationData = { ...data, lastStatus };
        await deps.store.operations.put(op.id, { ...op, data: { ...next } }).catch(() => undefined);
      }
      await progress(now);
      if (deps.stopped()) return resolve(null);
      const wait = Math.max(0, Math.min(delay, deadline - deps.now()));
      delay = Math.min(deps.settings.pollMaxMs, delay * BACKOFF);
      deps.schedule(wait, run);
    };

    const decide = (gone: boolean, readOk: boolean): ((elapsed: number) => FinalOutcome) | null => {
      if (gone) {
        if (spec.kind === 'instance-gone') return (elapsed) => doneOutcome(spec, elapsed, null, locale);
        const why = { gone: true, lastStatus } as const;
        return (elapsed) => failedOutcome(spec, elapsed, why, locale);
      }
      if (readOk && spec.kind === 'instance-ip' && hasExpectedIp) {
        return (elapsed) => doneOutcome(spec, elapsed, lastStatus, locale);
      }
      if (!readOk || lastStatus === null) return null;
      const status = lastStatus;
      const wanted = (spec.doneStatuses ?? []).map((s) => s.toLowerCase());
      if (spec.kind === 'instance-status' && wanted.includes(status.toLowerCase())) {
        return (elapsed) => doneOutcome(spec, elapsed, status, locale);
      }
      if (FAILURE_STATUS.test(status))
        return (elapsed) => failedOutcome(spec, elapsed, { gone: false, status }, locale);
      return null;
    };

    const run = (): void => {
      tick().catch((error: unknown) => {
        deps.warn('tracker: poll crashed', { err: error, op: op.id });
        resolve(null);
      });
    };
    deps.schedule(options.firstDelayMs, run);
  });
}
