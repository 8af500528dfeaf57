// What is on a person's plate: others' two-person requests they may approve, their own waiting
// requests — on their platform, in their tenant, not expired or answered.
import { describe, expect, it } from 'vitest';
import { plateOf } from '../../../../src/core/plate/plate.js';
import type { Runtime } from '../../../../src/core/context.js';
import type { Actor } from '../../../../src/core/ports.js';
import type { PendingConfirmation } from '../../../../src/core/store.js';

const NOW = Date.parse('2026-11-28T08:00:00Z');
const admin: Actor = { platform: 'slack', userId: 'UADMIN', displayName: 'alice' };
const oscar: Actor = { platform: 'slack', userId: 'UOSCAR', displayName: 'oscar' };

function pending(token: string, fields: Partial<PendingConfirmation> = {}): PendingConfirmation {
  return {
    token,
    command: 'instance stop',
    args: {},
    auditArgs: {},
    requester: oscar,
    platform: 'slack',
    channelId: 'C1',
    invocationId: `i-${token}`,
    createdAt: NOW - 1000,
    expiresAt: NOW + 60_000,
    targets: ['web-1'],
    twoPerson: true,
    status: 'pending',
    tenant: 'slack:T1',
    ...fields,
  };
}

function runtime(records: PendingConfirmation[], tenant: string | undefined, admins: string[]): Runtime {
  return {
    now: () => new Date(NOW),
    tenants: { current: () => tenant },
    policy: { canApprove: (a: Actor) => admins.includes(a.userId) },
    store: {
      pending: {
        due: async (at: number, limit: number, keep: (p: PendingConfirmation) => boolean) =>
          records.filter((p) => p.expiresAt <= at && keep(p)).slice(0, limit),
      },
    },
  } as unknown as Runtime;
}

const RECORDS = [
  pending('mine-to-approve'),
  pending('other-tenant', { tenant: 'slack:T2' }),
  pending('expired', { expiresAt: NOW - 1 }),
  pending('answered', { status: 'used' }),
  pending('discord', { platform: 'discord', requester: { ...oscar, platform: 'discord' } }),
  pending('one-person', { twoPerson: false }),
  pending('admins-own', { requester: admin }),
];

describe('plateOf', () => {
  it('gives an admin the others’ two-person requests of their tenant and platform, and their own as previews', async () => {
    const plate = await plateOf(runtime(RECORDS, 'slack:T1', ['UADMIN']), admin, [], 'en');
    expect(plate.approvals.map((r) => r.token)).toEqual(['mine-to-approve']);
    expect(plate.previews.map((r) => r.token)).toEqual(['admins-own']);
    expect(plate.approvals[0]).toMatchObject({
      channelId: 'C1',
      requester: { userId: 'UOSCAR' },
      typed: false,
    });
  });

  it('gives someone who may not approve no approvals, only their own requests', async () => {
    const plate = await plateOf(runtime(RECORDS, 'slack:T1', ['UADMIN']), oscar, [], 'en');
    expect(plate.approvals).toEqual([]);
    expect(plate.previews.map((r) => r.token)).toEqual(['mine-to-approve', 'one-person']);
  });

  it('shows the other tenant only its own requests', async () => {
    const plate = await plateOf(runtime(RECORDS, 'slack:T2', ['UADMIN']), admin, [], 'en');
    expect(plate.approvals.map((r) => r.token)).toEqual(['other-tenant']);
    expect(plate.previews).toEqual([]);
  });
});
