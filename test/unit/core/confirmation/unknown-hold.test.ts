// The hold after an unknown outcome is the tenant's: workspace B's same action on the same uuid is
// not refused because of workspace A's attempt, and A's hold survives B's look at the server.
import { describe, expect, it } from 'vitest';
import { backupRestore } from '../../../../commands/backup.js';
import type { HostingApi } from '../../../../src/api/index.js';
import type { CommandDefinition } from '../../../../src/core/command.js';
import { holdAfterUnknown, unknownHoldRefusal } from '../../../../src/core/confirmation/unknown-hold.js';
import { createLogger } from '../../../../src/logger.js';
import { createMemoryStore } from '../../../../src/store/memory/table-store.js';
import { tenantScope } from '../../../../src/tenants/scope.js';
import { tenantScopedStore } from '../../../../src/tenants/tenant-store.js';

const UUID = '7995e990-c3bf-4e27-8ce2-89fd5783f9ea';
const args = { instance: { uuid: UUID, label: 'web-1' }, backupUuid: 'b-1' };
const by = { platform: 'slack', userId: 'U1', displayName: 'ayu' };

describe('the hold after an unknown outcome', () => {
  it('is kept per tenant: another tenant is not refused, and its look lifts nothing of the first', async () => {
    const scope = tenantScope(async (id) => ({ id }));
    // The server still restores: no outcome is learned from its detail.
    const api = {
      instances: {
        detail: async () => ({ uuid: UUID, hostname: 'web-1', status: 'Restoring', operation_flag: 1 }),
      },
    } as unknown as HostingApi;
    const deps = {
      store: tenantScopedStore(createMemoryStore(), scope),
      api,
      config: { unknownHoldMs: 60_000 },
      now: () => new Date(1_000_000),
      logger: createLogger({ level: 'silent' }),
      tenants: scope,
    };
    const def = backupRestore as CommandDefinition;
    await scope.run('slack:TA', () => holdAfterUnknown(deps, def, 'backup restore', args, by, undefined));

    const inB = await scope.run('slack:TB', () =>
      unknownHoldRefusal(deps, def, 'backup restore', args, 'en'),
    );
    expect(inB).toBeNull();
    const inA = await scope.run('slack:TA', () =>
      unknownHoldRefusal(deps, def, 'backup restore', args, 'en'),
    );
    expect(inA?.id).toBe('outcome-unknown');
    expect(inA?.message).toContain('@ayu');
  });
});
