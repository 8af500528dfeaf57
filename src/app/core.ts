// Composition of the core: loads the policy, takes the store and audit log it is given (the
// composition root picks embedded or Redis), and returns the Dispatcher adapters talk to, with the
// core's background duties (core-duties.ts). One path for every command on every platform.
import {
  type ResultListener,
  createApiCallRecorder,
  type ApiCallRecorder,
  type AuditLog,
  type BotServices,
  type CommandDefinition,
  actOnConfirmation,
  dispatchInvocation,
  ackVisibility,
  expirePending,
  learnInstances,
  readPolicyFile,
  createPolicy,
  reloadingPolicy,
  type Policy,
  NO_METRICS,
  type CoreMetrics,
  type AdapterLookups,
  type Dispatcher,
  type Responder,
  createOutbound,
  type Outbound,
  createRegistry,
  completeValues,
  confirmRefusal,
  type Runtime,
  type BotStore,
  createExpiryTimer,
  keepCards,
  type AfterReply,
  type ExpiryTimer,
  NO_TRACKER,
  type OperationTracker,
  type WatchService,
  type TenantScope,
  type DirectMessage,
  typedDialog,
  pendingTargetOf,
  createWriteReplay,
  type WriteReplay,
} from '../core/index.js';
import type { HostingApi } from '../api/index.js';
import { randomUUID } from 'node:crypto';
import { createRedactor } from '../api/redact.js';
import type { CoreSettings } from '../core/index.js';
import { secretsOf, type AppConfig } from '../app-config.js';
import { createLogger, type Logger } from '../logger.js';
import { memberSyntaxOf, tenantPlaceOf } from './adapters.js';
import { startCoreDuties, type CoreDuties } from './core-duties.js';

/** What createCore needs besides the config. */
export interface CoreDeps {
  api: HostingApi;
  commands: CommandDefinition[];
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
  /** Defaults to a stderr logger at config.logLevel. */
  logger?: Logger;
  /** Hears each command's structured result (exec --json). */
  onResult?: ResultListener;
  /** Every outgoing message's transforms; default: the config's secrets redacted, no simulator marker. */
  outbound?: Outbound;
  /** Sends approvers direct messages (`approvals: {notify: dm}`), through the adapters' posters. */
  directMessage?: DirectMessage;
  /** Learn the policy aliases' hostnames at start-up (default true; tests of a fresh bot turn it off). */
  learnAliases?: boolean;
  /** Writes the store refused, replayed once it is back; shared with the tracker (default: the core's own). */
  replay?: WriteReplay;
}

/** The running core (its background duties: core-duties.ts). */
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

/** Builds the core; a bad policy file throws ConfigError naming the file, line and problem. */
export async function createCore(config: AppConfig, deps: CoreDeps): Promise<Core> {
  const registry = createRegistry(deps.commands);
  const policyFile = readPolicyFile(config.policyPath, config.policyExplicit, registry.paths());
  const now = deps.now ?? (() => new Date());
  const logger = deps.logger ?? createLogger({ level: config.logLevel });
  const loaded = createPolicy(policyFile, policyFile ? config.policyPath : null);
  // A policy file in use follows its edits (a bad edit is logged and the old policy stays).
  const policy = policyFile
    ? reloadingPolicy(loaded, {
        path: config.policyPath,
        commandPaths: registry.paths(),
        logger,
        now: () => now().getTime(),
      })
    : loaded;
  const { store, audit } = deps;
  // Config secrets in any encoding never reach replies (the audit log redacts its own records).
  const outbound = deps.outbound ?? createOutbound({ redact: createRedactor(secretsOf(config)) });
  // The prompt expiry of a card, in the process that posted it; the sweeper covers every other case.
  const expiry =
    deps.expiry ?? createExpiryTimer(now, (token, responder) => expireIfPending(rt, token, responder));
  const rt: Runtime = {
    config: coreSettings(config),
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
    memberSyntax: memberSyntaxOf,
    tenantPlace: tenantPlaceOf,
  };
  if (deps.onResult) rt.onResult = deps.onResult;
  if (deps.charts) rt.charts = deps.charts;
  if (deps.watches) rt.watches = deps.watches;
  if (deps.tenants) rt.tenants = deps.tenants;
  if (deps.directMessage) rt.directMessage = deps.directMessage;

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
  });
  const duties = await startCoreDuties(rt, config, outbound, deps.tenants);
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

/** The core's few settings, picked out of the process config. */
export function coreSettings(config: AppConfig): CoreSettings {
  return {
    currency: config.currency,
    confirmTtlMs: config.confirmTtlMs,
    ...(config.approvalTtlMs !== undefined ? { approvalTtlMs: config.approvalTtlMs } : {}),
    ...(config.unknownHoldMs !== undefined ? { unknownHoldMs: config.unknownHoldMs } : {}),
    ...(config.schedules ? { schedules: { ...config.schedules } } : {}),
    replies: { ...config.replies },
    ...(config.locale !== undefined ? { locale: config.locale } : {}),
    ...(config.instanceListTtlMs !== undefined ? { instanceListTtlMs: config.instanceListTtlMs } : {}),
    ...(config.rateLimits ? { rateLimits: { ...config.rateLimits } } : {}),
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
