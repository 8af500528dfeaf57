// The Completer behind autocomplete and tab completion: instances (aliases, known hostnames) and
// the snapshot, backup, network and IP ids the bot has seen in API results. Chat autocomplete is
// rate limited like commands, on its own counters (typing sends several requests per command).
import type { Actor, Completion, CompletionKind } from '../ports.js';
import { completeInstances } from './instance-names.js';
import type { Runtime } from '../context.js';
import { completeSeenIds } from './seen-ids.js';
import { rateLimitRefusal } from '../runner/rate-limit.js';
import { storeReport } from '../store-best-effort.js';

/** Autocomplete requests allowed per minute: this many times the command limits. */
export const COMPLETION_RATE_FACTOR = 3;

/** Whether this autocomplete request is over its person's or tenant's limit (the console is not counted). */
async function overLimit(rt: Runtime, actor: Actor): Promise<boolean> {
  const limits = rt.config.rateLimits;
  if (!limits || actor.platform === 'console') return false;
  const scaled = {
    userPerMinute: limits.userPerMinute * COMPLETION_RATE_FACTOR,
    tenantPerMinute: limits.tenantPerMinute * COMPLETION_RATE_FACTOR,
  };
  const subject = { actor, tenant: rt.tenants?.current() };
  const at = rt.now().getTime();
  const refusal = await rateLimitRefusal(
    rt.store.ephemeral,
    scaled,
    subject,
    at,
    'en',
    storeReport(rt.logger),
    'completion',
  );
  return refusal !== null;
}

/** Up to 25 completions of `prefix` for an option of this kind; none once `actor` is over the limit. */
export async function completeValues(
  rt: Runtime,
  kind: CompletionKind,
  prefix: string,
  actor?: Actor,
): Promise<Completion[]> {
  if (actor && (await overLimit(rt, actor))) return [];
  if (kind === 'instance') return completeInstances(prefix, rt);
  return completeSeenIds(rt.store, kind, prefix);
}
