// A tenant's due confirmations are picked among its own before the limit: another tenant's many
// (expiring sooner, so listed first) never crowd them out of a tenant-scoped `due` (review 1.8).
import { describe, expect, it } from 'vitest';
import type { PendingConfirmation } from '../../../src/core/kit/index.js';
import { createMemoryStore } from '../../../src/store/memory/table-store.js';
import { tenantScope } from '../../../src/tenants/scope.js';
import { tenantScopedStore } from '../../../src/tenants/tenant-store.js';

const requester = { platform: 'slack' as const, userId: 'U1', displayName: 'oscar' };
const pending = (token: string, expiresAt: number): PendingConfirmation => ({
  token,
  command: 'instance stop',
  args: {},
  auditArgs: {},
  requester,
  platform: 'slack',
  channelId: 'C1',
  invocationId: token,
  createdAt: 0,
  expiresAt,
  targets: ['web-1'],
  twoPerson: false,
  status: 'pending',
});

describe('a tenant-scoped due()', () => {
  it('returns this tenant’s confirmations however many of another tenant’s come first', async () => {
    const scope = tenantScope(async (id) => ({ id }));
    const store = tenantScopedStore(createMemoryStore(), scope);
    await scope.run('slack:TA', async () => {
      for (let i = 0; i < 5; i += 1) await store.pending.put(pending(`a${i}`, 1_000 + i));
    });
    await scope.run('slack:TB', () => store.pending.put(pending('b0', 9_000)));

    const seenByB = await scope.run('slack:TB', () => store.pending.due(10_000, 3));
    expect(seenByB.map((p) => p.token)).toEqual(['b0']);
    const seenByA = await scope.run('slack:TA', () => store.pending.due(10_000, 3));
    expect(seenByA.map((p) => p.token)).toEqual(['a0', 'a1', 'a2']);
  });
});
