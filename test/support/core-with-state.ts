// createCore with the state a real process would open for this config (embedded store and audit
// log under its data dir), or a given store; closing the bot closes that state too.
import { createRedactor } from '../../src/api/redact.js';
import { secretsOf, type AppConfig } from '../../src/app-config.js';
import { openAuditLog } from '../../src/store/embedded/file-audit-log.js';
import { createCore, type Core, type CoreDeps } from '../../src/app/core.js';
import type { BotStore } from '../../src/core/store.js';
import { openBotState } from '../../src/store/open.js';
import { tenantScopedAudit, tenantScopedStore } from '../../src/tenants/tenant-store.js';

/** Builds a bot over the data dir's state (or `deps.store` with the data dir's audit log). */
export async function createCoreWithState(
  config: AppConfig,
  deps: Omit<CoreDeps, 'store' | 'audit'> & { store?: BotStore },
): Promise<Core> {
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
  const bot = await createCore(config, { ...deps, store, audit });
  return {
    ...bot,
    async close() {
      await bot.close();
      await state.audit.close();
      await state.close();
    },
  };
}
