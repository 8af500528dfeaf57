// createCore with the state a real process would open for this config (embedded store and audit
// log under its data dir), or a given store; closing the bot closes that state too.
import { createRedactor } from '../../src/api/redact.js';
import { memberSyntaxOf, POLICY_PLATFORMS, tenantPlaceOf } from '../../src/app/adapters.js';
import { coreSetupOf, secretsOf, type AppConfig } from '../../src/app/config/app-config.js';
import { createLogger } from '../../src/logger.js';
import { openAuditLog } from '../../src/store/embedded/file-audit-log.js';
import { createCore, createOutbound, loadPolicy, type Core } from '../../src/core/index.js';
import type { CoreDeps } from '../../src/core/create-core.js';
import type { BotStore } from '../../src/core/store.js';
import { openBotState } from '../../src/store/open.js';
import { tenantScopedAudit, tenantScopedStore } from '../../src/tenants/tenant-store.js';

/** What the process would hand createCore for this config unless given: policy, logger, outbound, catalogue. */
type GivenDeps = Omit<CoreDeps, 'store' | 'audit' | 'policy' | 'logger' | 'memberSyntax' | 'tenantPlace'> &
  Partial<Pick<CoreDeps, 'policy' | 'logger'>> & { store?: BotStore };

/** Builds a bot over the data dir's state (or `deps.store` with the data dir's audit log). */
export async function createCoreWithState(config: AppConfig, deps: GivenDeps): Promise<Core> {
  const state = deps.store
    ? {
        store: deps.store,
        audit: await openAuditLog(config.dataDir, { redact: createRedactor(secretsOf(config)) }),
        close: async () => undefined,
      }
    : await openBotState(config, {
        secrets: secretsOf(config),
        ...(deps.now ? { now: () => deps.now!().getTime() } : {}),
      });
  // OAuth mode's view of the state when the bot is given a tenant scope (as src/app/tenancy.ts does).
  const { tenants } = deps;
  const store = tenants ? tenantScopedStore(state.store, tenants) : state.store;
  const audit = tenants ? tenantScopedAudit(state.audit, tenants) : state.audit;
  const logger = deps.logger ?? createLogger({ level: config.logLevel });
  const now = deps.now;
  const bot = await createCore(coreSetupOf(config), {
    policy: loadPolicy(config, deps.commands, {
      logger,
      platforms: POLICY_PLATFORMS,
      ...(now ? { now: () => now().getTime() } : {}),
    }),
    memberSyntax: memberSyntaxOf,
    tenantPlace: tenantPlaceOf,
    // The config's secrets in any encoding never reach replies, as in the process.
    outbound: createOutbound({ redact: createRedactor(secretsOf(config)) }),
    ...deps,
    logger,
    store,
    audit,
  });
  return {
    ...bot,
    async close() {
      await bot.close();
      await state.audit.close();
      await state.close();
    },
  };
}
