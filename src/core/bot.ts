// Composition of the core: loads the policy, opens the store and audit log under the data dir,
// and returns the Dispatcher adapters talk to. One path for every command on every platform.
import type { HostingApi } from '../api/index.js';
import { createRedactor } from '../api/redact.js';
import { secretsOf, type AppConfig } from '../config.js';
import { createLogger, type Logger } from '../logger.js';
import { createApiCallRecorder, type ApiCallRecorder } from './api-calls.js';
import { openAuditLog, REPLICA_ID } from './audit.js';
import type { BotServices, CommandDefinition } from './command.js';
import { expiredCard } from './confirm-card.js';
import { actOnConfirmation } from './confirm.js';
import { dispatchInvocation } from './dispatch.js';
import { openFileStore } from './file-store.js';
import { closeInterrupted } from './interrupted.js';
import { learnInstances } from './learn-instances.js';
import { readPolicyFile } from './policy-file.js';
import { createPolicy, type Policy } from './policy.js';
import type { Dispatcher, Invocation, MessageRef, Responder } from './ports.js';
import { redactingResponder } from './redacting-responder.js';
import { createRegistry } from './registry.js';
import { completeInstances } from './resolve-instance.js';
import type { Runtime } from './runtime.js';
import type { BotStore } from './store.js';
import type { OperationTracker } from './tracking-port.js';
import { visibilityFor } from './visibility.js';

/** What createBot needs besides the config. */
export interface BotDeps {
  api: HostingApi;
  commands: CommandDefinition[];
  /** Pass the same recorder's onCall to createHostingApi so audit records get API status. */
  apiCalls?: ApiCallRecorder;
  charts?: BotServices['renderChart'];
  tracker?: OperationTracker;
  now?: () => Date;
  /** Defaults to a stderr logger at config.logLevel. */
  logger?: Logger;
  /** Defaults to the file-backed store under config.dataDir. */
  store?: BotStore;
  /** Learn the policy aliases' hostnames at start-up (default true; tests of a fresh bot turn it off). */
  learnAliases?: boolean;
}

/** The running core. */
export interface Bot {
  dispatcher: Dispatcher;
  store: BotStore;
  policy: Policy;
  /**
   * Fetches instance.detail for these uuids (≤ 4 at once, errors ignored, ≤ ~5 s in total) and
   * remembers their hostnames, so hostnames work before anyone ran `instance show`; resolves with
   * how many were learned.
   */
  learnInstances(uuids: string[]): Promise<number>;
  /**
   * Closes confirmed calls a dead process left at `calling` (older than config.audit.interruptedAfterMs)
   * as unknown (interrupted) and edits their cards through `responderFor`; resolves with how many.
   */
  closeInterrupted(responderFor: (ref: MessageRef) => Responder | null): Promise<number>;
  close(): Promise<void>;
}

/** Builds the core; a bad policy file throws ConfigError naming the file, line and problem. */
export async function createBot(config: AppConfig, deps: BotDeps): Promise<Bot> {
  const registry = createRegistry(deps.commands);
  const policyFile = readPolicyFile(config.policyPath, config.policyExplicit, registry.paths());
  const policy = createPolicy(policyFile, policyFile ? config.policyPath : null);
  const now = deps.now ?? (() => new Date());
  const store = deps.store ?? (await openFileStore(config.dataDir, () => now().getTime()));
  // Config secrets in any encoding never reach replies or audit records.
  const redact = createRedactor(secretsOf(config));
  const audit = await openAuditLog(config.dataDir, { redact });
  const logger = deps.logger ?? createLogger({ level: config.logLevel });
  const timers = new Set<NodeJS.Timeout>();
  const rt: Runtime = {
    config,
    api: deps.api,
    registry,
    policy,
    store,
    audit,
    apiCalls: deps.apiCalls ?? createApiCallRecorder(),
    now,
    logger,
  };
  if (deps.tracker) rt.tracker = deps.tracker;
  if (deps.charts) rt.charts = deps.charts;
  rt.scheduleExpiry = (token, expiresAt, responder) => {
    const timer = setTimeout(
      () => {
        timers.delete(timer);
        void expireIfPending(rt, token, responder);
      },
      Math.max(0, expiresAt - now().getTime()) + 250,
    );
    timer.unref();
    timers.add(timer);
  };

  const dispatcher: Dispatcher = {
    dispatch: (invocation, responder) =>
      dispatchInvocation(rt, invocation, redactingResponder(responder, redact)),
    act: (event, responder) => actOnConfirmation(rt, event, redactingResponder(responder, redact)),
    commands: () => registry.info(),
    visibilityFor: (invocation: Invocation) => visibilityFor(registry, policy, invocation),
    completeInstance: (prefix) => completeInstances(prefix, rt),
  };
  const learn = (uuids: string[]) => learnInstances(deps.api, store, uuids);
  // Aliases are known uuids: learning their hostnames up front is bounded by learnInstances' timeout.
  if (deps.learnAliases !== false) await learn(policy.aliases().map((a) => a.uuid));
  return {
    dispatcher,
    store,
    policy,
    learnInstances: learn,
    closeInterrupted: (responderFor) =>
      closeInterrupted(
        { audit, logger, now, olderThanMs: config.audit.interruptedAfterMs, replica: REPLICA_ID },
        (ref) => {
          const responder = responderFor(ref);
          return responder ? redactingResponder(responder, redact) : null;
        },
      ),
    async close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await audit.close();
      await store.close();
    },
  };
}

/** Proactive expiry: edits an unanswered card to "Expired — nothing was done" and audits it. */
async function expireIfPending(rt: Runtime, token: string, responder: Responder): Promise<void> {
  try {
    const pending = await rt.store.getPending(token);
    const at = rt.now().getTime();
    if (!pending || pending.status !== 'pending' || at < pending.expiresAt) return;
    if (!(await rt.store.takePending(token, 'expiry', at, 'expired'))) return;
    if (pending.cardRef) await responder.update(pending.cardRef, expiredCard(pending.card ?? { blocks: [] }));
    await rt.audit.write({
      time: new Date(at).toISOString(),
      invocationId: pending.invocationId,
      platform: pending.platform,
      userId: pending.requester.userId,
      displayName: pending.requester.displayName,
      channelId: pending.channelId,
      command: pending.command,
      args: pending.auditArgs,
      decision: 'allowed',
      confirmation: 'expired',
      result: 'cancelled',
      durationMs: 0,
    });
  } catch (error) {
    rt.logger.warn({ err: error }, 'expiring a confirmation failed');
  }
}
