// The core builds itself: from its settings and the ports it is handed (the policy the composition
// root read first, the store and audit log it picked — embedded or Redis), it returns the Dispatcher
// adapters talk to, with the core's background duties (runner/duties.ts). One path for every command
// on every platform.
import { randomUUID } from 'node:crypto';
import type { HostingApi } from '../api/index.js';
import type { Logger } from '../logger.js';
import { createApiCallRecorder, type ApiCallRecorder } from './audit/api-calls.js';
import type { AuditLog } from './audit/audit.js';
import type { BotServices, CommandDefinition } from './command.js';
import { typedDialog } from './confirmation/confirm-card.js';
import { pendingTargetOf } from './confirmation/pending-target.js';
import { confirmRefusal } from './confirmation/confirm-gate.js';
import { expirePending } from './confirmation/expiry.js';
import type { Runtime } from './context.js';
import { completeValues } from './instances/complete.js';
import { learnInstances } from './instances/learn-instances.js';
import { NO_METRICS, type CoreMetrics } from './metrics-port.js';
import { createRegistry } from './parse/registry.js';
import type { Policy } from './policy/policy.js';
import type { MemberSyntax } from './policy/tenant-roles.js';
import type { AdapterLookups, Dispatcher, Platform, Responder } from './ports.js';
import { ackVisibility } from './runner/ack-visibility.js';
import type { DirectMessage } from './runner/approvers.js';
import type { ResultListener } from './runner/command-results.js';
import { actOnConfirmation } from './runner/confirm.js';
import { dispatchInvocation } from './runner/dispatch.js';
import { startCoreDuties, type CoreDuties } from './runner/duties.js';
import { createOutbound, type Outbound } from './runner/outbound.js';
import { createExpiryTimer, keepCards, type AfterReply, type ExpiryTimer } from './runner/runner-ports.js';
import type { CoreSetup } from './settings.js';
import { plateOf } from './plate/plate.js';
import type { BotStore } from './store.js';
import type { TenantPlace, TenantScope } from './tenant-port.js';
import { NO_TRACKER, type OperationTracker } from './tracking-port.js';
import type { WatchService } from './watch-port.js';
import { createWriteReplay, type WriteReplay } from './write-replay.js';

/** What createCore needs besides its settings. */
export interface CoreDeps {
  api: HostingApi;
  commands: CommandDefinition[];
  /** The policy in force (loadPolicy), read before anything that asks it. */
  policy: Policy;
  /** Each platform's mention syntax and what it calls a tenant (the adapter catalogue's). */
  memberSyntax: (platform: Platform) => MemberSyntax | undefined;
  tenantPlace: (platform: Platform) => TenantPlace | undefined;
  /** The shared state (embedded, Redis or memory). */
  store: BotStore;
  /** The audit trail. */
  audit: AuditLog;
  /** Pass the same recorder's onCall to createHostingApi so audit records get API status. */
  apiCalls?: ApiCallRecorder;
  charts?: BotServices['renderChart'];
  /** Follows confirmed long operations to their end; default: nothing follows them. */
  tracker?: OperationTracker;
  /** Per-card expiry timers; default: unref'd timeouts in this process, cleared by close(). */
  expiry?: ExpiryTimer;
  /** What happens once a confirmation card is posted; default: store its ref and arm its expiry. */
  afterReply?: AfterReply;
  /** Watches and their alerts (src/watch); absent: no watch commands' state, alert actions unknown. */
  watches?: WatchService;
  /** OAuth mode: the tenant of each request (and of each record background work resumes). */
  tenants?: TenantScope;
  metrics?: CoreMetrics;
  /** Lease owner id of this process (default random). */
  owner?: string;
  now?: () => Date;
  /** The app's one logger (the policy's reloads are logged by whoever loaded it). */
  logger: Logger;
  /** Hears each command's structured result (exec --json). */
  onResult?: ResultListener;
  /** Every outgoing message's transforms (the composition root's, redacting its secrets); default: none. */
  outbound?: Outbound;
  /** Sends approvers direct messages (`approvals: {notify: dm}`), through the adapters' posters. */
  directMessage?: DirectMessage;
  /** Learn the policy aliases' hostnames at start-up (default true; tests of a fresh bot turn it off). */
  learnAliases?: boolean;
  /** Writes the store refused, replayed once it is back; shared with the tracker (default: the core's own). */
  replay?: WriteReplay;
}

/** The running core (its background duties: runner/duties.ts). */
export interface Core extends CoreDuties {
  dispatcher: Dispatcher;
  /** Completion and the confirm gate, for adapters (read-only). */
  lookups: AdapterLookups;
  store: BotStore;
  audit: AuditLog;
  policy: Policy;
  /**
   * Fetches instance.detail for these uuids (≤ 4 at once, errors ignored, ≤ ~5 s in total) and
   * remembers their hostnames, so hostnames work before anyone ran `instance show`; resolves with
   * how many were learned.
   */
  learnInstances(uuids: string[]): Promise<number>;
  close(): Promise<void>;
}

/** Builds the core from its settings and ports. */
export async function createCore(settings: CoreSetup, deps: CoreDeps): Promise<Core> {
  const registry = createRegistry(deps.commands);
  const now = deps.now ?? (() => new Date());
  const { logger, policy } = deps;
  const { store, audit } = deps;
  const outbound = deps.outbound ?? createOutbound({});
  // The prompt expiry of a card, in the process that posted it; the sweeper covers every other case.
  const expiry =
    deps.expiry ?? createExpiryTimer(now, (token, responder) => expireIfPending(rt, token, responder));
  const rt: Runtime = {
    config: settings,
    api: deps.api,
    registry,
    policy,
    store,
    audit,
    apiCalls: deps.apiCalls ?? createApiCallRecorder(),
    tracker: deps.tracker ?? NO_TRACKER,
    afterReply: deps.afterReply ?? keepCards(store, expiry),
    now,
    logger,
    metrics: deps.metrics ?? NO_METRICS,
    owner: deps.owner ?? randomUUID(),
    replay: deps.replay ?? createWriteReplay({ logger }),
    // Each platform's mention syntax comes from its catalogue entry: the core names none.
    memberSyntax: deps.memberSyntax,
    tenantPlace: deps.tenantPlace,
  };
  if (deps.onResult) rt.onResult = deps.onResult;
  if (deps.charts) rt.charts = deps.charts;
  if (deps.watches) rt.watches = deps.watches;
  if (deps.tenants) rt.tenants = deps.tenants;
  if (deps.directMessage) rt.directMessage = deps.directMessage;
  rt.plate = { of: (actor, channelIds, locale) => plateOf(rt, actor, channelIds, locale) };

  const dispatcher: Dispatcher = {
    dispatch: (invocation, responder) => dispatchInvocation(rt, invocation, outbound.responder(responder)),
    act: (event, responder) => actOnConfirmation(rt, event, outbound.responder(responder)),
    commands: () => registry.info(),
    ackVisibility: (invocation) => ackVisibility(rt, invocation),
    async typedDialog(token) {
      const pending = await store.pending.get(token);
      // Another tenant's card shows nothing of itself (the click is then refused by the runner).
      const ours = pending && pending.tenant === rt.tenants?.current() ? pending : null;
      const dialog = ours?.status === 'pending' ? typedDialog(ours) : null;
      return dialog ? outbound.dialog(dialog) : null;
    },
    // Like the dialog, another tenant's card names nothing of itself.
    pendingTarget: (token) => pendingTargetOf(store.pending, token, rt.tenants?.current()),
  };
  const lookups: AdapterLookups = outbound.lookups({
    completer: { complete: (kind, prefix, actor) => completeValues(rt, kind, prefix, actor) },
    gate: { refusal: (event) => confirmRefusal(rt, event) },
    roles: { isAdmin: (actor) => policy.roleOf(actor).role === 'admin' },
    plate: rt.plate,
  });
  const duties = await startCoreDuties(rt, settings, outbound, deps.tenants);
  const learn = (uuids: string[]) => learnInstances(deps.api, store, uuids);
  // Aliases are known uuids: learning their hostnames up front is bounded by learnInstances' timeout.
  if (deps.learnAliases !== false) await learn(policy.aliases().map((a) => a.uuid));
  return {
    dispatcher,
    lookups,
    store,
    audit,
    policy,
    learnInstances: learn,
    startExpirySweeper: duties.startExpirySweeper,
    closeInterrupted: duties.closeInterrupted,
    startClosingInterrupted: duties.startClosingInterrupted,
    startSchedules: duties.startSchedules,
    async close() {
      expiry.clear();
      duties.stop();
      rt.replay.stop();
    },
  };
}

async function expireIfPending(rt: Runtime, token: string, responder: Responder): Promise<void> {
  try {
    const pending = await rt.store.pending.get(token);
    if (pending) await expirePending(rt, pending, responder);
  } catch (error) {
    rt.logger.warn({ err: error }, 'expiring a confirmation failed');
  }
}
