// The typed command's own steps of the pipeline: authorise (rate limit → parse → policy → instance
// refs → defer, everything that could make the answer a private refusal) and run (the handler, its
// answer kept for the reply). dispatch.ts strings them together with confirm, reply and close.
import type { Message, Visibility } from '../../render/message.js';
import { type OpenRecord } from '../audit/audit-record.js';
import { redactArgs } from '../audit/audit.js';
import { isPrivateReply } from '../replies/reply-privacy.js';
import type { CommandDefinition } from '../command.js';
import type { ResolvedInstance } from '../ports.js';
import { toRunResult, withOutcome } from '../replies/outcomes.js';
import { parseInput, type Parsed } from '../parse/parse.js';
import type { Invocation } from '../ports.js';
import { resolveInstanceArgs } from '../instances/resolve-instance.js';
import { instanceMatcher } from '../instances/instance-names.js';
import { channelKey, createContext, type Runtime } from '../context.js';
import { beforeAnyChange, StoreUnavailableError } from '../store-errors.js';
import { bestEffort, storeReport } from '../store-best-effort.js';
import type { ApiResponse } from './command-results.js';
import { authorised } from './authorise.js';
import { PASS, refuse, type StepResult } from './pipeline.js';
import { type Decision } from './preview.js';
import { localeFrom } from '../../i18n/locale.js';
import { rateLimitRefusal } from './rate-limit.js';
import type { ScheduleRequest } from '../store.js';
import { isUserError } from '../errors.js';
import { unwrapSchedule } from '../schedule/unwrap.js';
import { keepTypedSchedule } from '../schedule/keep-schedule.js';

/** The audit arguments of a scheduled command name its time (ISO 8601, UTC). */
function scheduledArgs(args: Record<string, unknown>, schedule?: ScheduleRequest): Record<string, unknown> {
  return schedule ? { ...args, scheduledFor: new Date(schedule.runAt).toISOString() } : args;
}

/** The channel binding when the store could not say in time. */
const UNREADABLE = 'unreadable' as const;

/** Visibility of a successful reply: ephemeral commands stay private (unless shared with --public). */
function replyVisibility(def: CommandDefinition, message: Message, values: Record<string, unknown>) {
  return isPrivateReply(def, values) ? 'ephemeral' : (message.visibility ?? 'channel');
}

/** What the steps learn along the way and need; `decision` is the answer once they pass. */
export interface DispatchState {
  /** Reply visibility for failures (private until the command is known and allowed). */
  visibility: Visibility;
  defer: (visibility: Visibility) => Promise<void>;
  /** The parsed command, once the authorise step passed. */
  parsed?: Parsed;
  /** The command's risk once parsed (only reads give up waiting on a slow API). */
  risk?: CommandDefinition['risk'];
  /** While a preview reads live state (nothing is sent that changes anything). */
  previewing?: boolean;
  /** Resolved argument values, once known (to forget an instance the API says is gone). */
  values?: Record<string, unknown>;
  /** The command, once parsed (its hint says what to check when an outcome is unknown). */
  def?: CommandDefinition;
  decision?: Decision;
  /** `schedule in|at`: the parsed command is to run at this time (its Confirm, if any, stores it). */
  schedule?: ScheduleRequest;
}

/** Parse → policy → instance refs → defer: everything that could make the answer a private refusal. */
export async function authoriseTyped(
  rt: Runtime,
  inv: Invocation,
  audit: OpenRecord,
  state: DispatchState,
): Promise<StepResult> {
  const { record } = audit;
  // Lookups that only help parsing and labels must not hold up an answer while the store is out.
  const report = storeReport(rt.logger);
  // The console is one operator's own terminal: nothing shared to protect, so it is not counted.
  if (rt.config.rateLimits && inv.platform !== 'console') {
    const subject = { actor: inv.actor, tenant: rt.tenants?.current() };
    const at = rt.now().getTime();
    const limited = await rateLimitRefusal(
      rt.store.ephemeral,
      rt.config.rateLimits,
      subject,
      at,
      localeFrom(inv.locale),
      report,
    );
    if (limited) return refuse(limited);
  }
  const bindingKey = channelKey(inv.platform, inv.channelId);
  // Two independent store reads, side by side: the deferral waits for the slower, not their sum.
  const [binding, looksLikeInstance] = await Promise.all([
    bestEffort<ResolvedInstance | null | typeof UNREADABLE>(
      'channel binding',
      () => rt.store.bindings.get(bindingKey),
      UNREADABLE,
      report,
    ),
    bestEffort(
      'instance names',
      () => instanceMatcher(inv.input, rt),
      () => false,
      report,
    ),
  ]);
  const hints = { locale: localeFrom(inv.locale), hasBinding: binding !== null, looksLikeInstance };
  const parsed = parseInput(inv.input, rt.registry, hints);
  if (!parsed.ok) {
    if (parsed.path) record.command = parsed.path;
    return refuse(parsed.error);
  }
  if (parsed.parsed.def.schedules) {
    // `schedule in|at`: from here on, the command to schedule is authorised and previewed as if typed now.
    record.command = parsed.parsed.path;
    const inner = await beforeAnyChange(() => unwrapSchedule(rt, inv.actor, parsed.parsed, hints));
    if (isUserError(inner)) return refuse(inner);
    parsed.parsed = inner.parsed;
    state.schedule = inner.request;
  }
  const { def, path, args } = parsed.parsed;
  record.command = path;
  state.risk = def.risk;
  record.args = redactArgs(def, args.values);
  const auth = authorised(rt, inv.actor, { path, risk: def.risk }, inv.channelId, localeFrom(inv.locale));
  if (!auth.ok) return auth;
  if (binding === UNREADABLE && args.omittedInstances.length > 0)
    throw new StoreUnavailableError('the channel’s bound instance could not be read', false);
  const known = binding === UNREADABLE ? null : binding;
  const values = await beforeAnyChange(() =>
    resolveInstanceArgs(def, args.values, args.omittedInstances, known, rt, localeFrom(inv.locale)),
  );
  record.args = scheduledArgs(redactArgs(def, values), state.schedule);
  state.values = values;
  state.def = def;
  state.parsed = parsed.parsed;
  record.decision = 'allowed';
  state.visibility = isPrivateReply(def, values) ? 'ephemeral' : 'channel';
  // Acknowledge now, before the hosting API is asked anything.
  await state.defer(state.visibility);
  return PASS;
}

/** Runs the handler and keeps its answer for the reply. */
export async function runTyped(
  rt: Runtime,
  inv: Invocation,
  audit: OpenRecord,
  state: DispatchState,
): Promise<StepResult> {
  const { record } = audit;
  const { def, path } = state.parsed!;
  const values = state.values!;
  if (state.schedule) {
    const message = await keepTypedSchedule(rt, inv, path, values, record, state.schedule);
    state.decision = { message, visibility: 'channel' };
    return PASS;
  }
  const responses: ApiResponse[] = [];
  const hear = rt.onResult ? (response: ApiResponse) => void responses.push(response) : undefined;
  const ctx = createContext(rt, inv.actor, inv.channelId, inv.id, localeFrom(inv.locale), hear);
  const result = toRunResult(await def.run(ctx, values));
  record.result = 'ok';
  rt.onResult?.({ auditId: inv.id, command: path, risk: def.risk, args: record.args, responses });
  if (result.auditSummary) record.summary = result.auditSummary;
  state.decision = {
    message: withOutcome(result.message, result.message.outcome ?? 'ok'),
    visibility: replyVisibility(def, result.message, values),
  };
  return PASS;
}
