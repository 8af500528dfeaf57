// OAuth mode's background work runs outside any request: each record is worked on as its own
// tenant (its bot token, its state), and an uninstall drops that tenant's pending cards and
// watches while its audit records stay.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AppConfig } from '../../../src/app/config/app-config.js';
import { openTenancy } from '../../../src/app/tenancy.js';
import type { AuditLog, AuditRecord, MessageRef, Responder } from '../../../src/core/index.js';
import { createExpirySweep } from '../../../src/core/confirmation/expiry.js';
import { closeInterrupted, knownOutcome } from '../../../src/core/audit/interrupted.js';
import { NO_METRICS } from '../../../src/core/metrics-port.js';
import { createMemoryStore } from '../../../src/store/memory/table-store.js';
import { currentTenant, runInTenant } from '../../../src/adapter-kit/tenant-context.js';
import { createOperationTracker } from '../../../src/tracking/index.js';
import { fakeHostingApi } from '../../support/fake-api.js';
import { pendingFor } from '../../contract/store-contract.js';
import { recordingResponder } from '../../support/core-fakes.js';
import { createLogger } from '../../../src/logger.js';
import { createWatchPoller } from '../../../src/watch/index.js';
import { postLog } from '../../support/recording-poster.js';
import { waitFor } from '../../support/wait-for.js';

/** An audit trail in memory, newest first. */
function memoryAudit(): AuditLog & { records: AuditRecord[] } {
  const records: AuditRecord[] = [];
  return {
    records,
    write: async (record) => void records.unshift(record),
    recent: async (channelId, limit) => records.filter((r) => r.channelId === channelId).slice(0, limit),
    recentAcrossChannels: async (limit) => records.slice(0, limit),
    unfinished: async (before) =>
      records.filter(
        (r) =>
          r.result === 'calling' &&
          Date.parse(r.time) < before &&
          !records.some((later) => later !== r && later.callId === r.callId),
      ),
    answered: async () => undefined,
    close: async () => undefined,
  };
}

const config = { encryptionKey: randomBytes(32).toString('base64') } as AppConfig;
const logger = createLogger({ level: 'silent' });

async function installed() {
  const base = createMemoryStore();
  const tenancy = openTenancy(config, base, () => fakeHostingApi({}));
  await tenancy.directory.saveInstallation('slack:TA', { bot: { token: 'fake-bot-token-team-a' } }, 'UA', 1);
  await tenancy.directory.saveInstallation('slack:TB', { bot: { token: 'fake-bot-token-team-b' } }, 'UB', 1);
  return { base, tenancy, store: tenancy.store };
}

/** A responder that notes which tenant (and bot token) each card edit was made as. */
function notingResponder(seen: string[]): (ref: MessageRef) => Responder {
  return (ref) => {
    const responder = recordingResponder(ref.channelId);
    const update = responder.update.bind(responder);
    responder.update = async (target, message) => {
      seen.push(`${currentTenant()?.id}/${currentTenant()?.botToken}`);
      return update(target, message);
    };
    return responder;
  };
}

describe('background work in OAuth mode', () => {
  it('expires each tenant’s card as that tenant, with its own bot token', async () => {
    const { store, tenancy } = await installed();
    const at = Date.now();
    const ref = (channelId: string): MessageRef => ({ platform: 'slack', channelId, id: '1.1' });
    await runInTenant({ id: 'slack:TA' }, () =>
      store.pending.put(pendingFor('tokenAAAAAAAAAAAAAA', at - 120_000, { cardRef: ref('CA') })),
    );
    await runInTenant({ id: 'slack:TB' }, () =>
      store.pending.put(pendingFor('tokenBBBBBBBBBBBBBB', at - 120_000, { cardRef: ref('CB') })),
    );
    const seen: string[] = [];
    const audit = tenancy.scopedAudit(memoryAudit());
    const rt = { store, audit, now: () => new Date(at), logger, metrics: NO_METRICS, tenants: tenancy.scope };
    await createExpirySweep(rt, { owner: 'me', responderFor: notingResponder(seen) })();
    expect(seen.sort()).toEqual(['slack:TA/fake-bot-token-team-a', 'slack:TB/fake-bot-token-team-b']);
    // Each expiry record is its own tenant's.
    const seenByA = await runInTenant({ id: 'slack:TA' }, () => audit.recentAcrossChannels(10));
    expect(seenByA.map((r) => r.invocationId)).toEqual(['inv-tokenAAAAAAAAAAAAAA']);
  });

  it('resumes a followed operation as its tenant', async () => {
    const { store, tenancy } = await installed();
    await runInTenant({ id: 'slack:TB' }, () =>
      store.operations.put('op-1', {
        id: 'op-1',
        spec: {
          kind: 'instance-status',
          instanceUuid: 'u-1',
          label: 'web-1',
          verb: 'stopping',
          doneStatuses: ['Stopped'],
        },
        ref: { platform: 'slack', channelId: 'CB', id: '1.1' },
        actor: { platform: 'slack', userId: 'UB', displayName: 'b', roles: [] },
        channelId: 'CB',
        startedAt: Date.now(),
      }),
    );
    const tenants: (string | undefined)[] = [];
    const tracker = createOperationTracker({ api: fakeHostingApi({}), store, tenants: tenancy.scope });
    try {
      await tracker.resume((op) => {
        tenants.push(currentTenant()?.botToken);
        return recordingResponder(op.channelId);
      });
      expect(tenants).toEqual(['fake-bot-token-team-b']);
    } finally {
      tracker.stop();
    }
  });

  it('on uninstall drops the tenant’s pending cards and watches, keeps the other tenant’s and the audit', async () => {
    const { store, tenancy, base } = await installed();
    const at = Date.now();
    const audit = tenancy.scopedAudit(memoryAudit());
    for (const [tenant, token] of [
      ['slack:TA', 'tokenAAAAAAAAAAAAAA'],
      ['slack:TB', 'tokenBBBBBBBBBBBBBB'],
    ] as const)
      await runInTenant({ id: tenant }, async () => {
        await store.pending.put(pendingFor(token, at));
        await store.collection('watches').put(`w-${tenant}`, { id: `w-${tenant}` });
        await audit.write({ invocationId: `i-${tenant}` } as AuditRecord);
      });
    await tenancy.uninstall('slack:TA');
    expect(await base.pending.get('tokenAAAAAAAAAAAAAA')).toBeNull();
    expect(await base.pending.get('tokenBBBBBBBBBBBBBB')).not.toBeNull();
    expect((await base.collection<{ id: string }>('watches').list()).map((w) => w.id)).toEqual([
      'w-slack:TB',
    ]);
    expect(await tenancy.directory.installation('slack:TA')).toBeNull();
    expect(await runInTenant({ id: 'slack:TA' }, () => audit.recentAcrossChannels(10))).toHaveLength(1);
  });
});

describe('closing interrupted calls in OAuth mode', () => {
  it('finds the outcome its tenant kept, and edits the card as that tenant', async () => {
    const { store, tenancy } = await installed();
    const audit = tenancy.scopedAudit(memoryAudit());
    const ref: MessageRef = { platform: 'slack', channelId: 'CA', id: '1.1' };
    await runInTenant({ id: 'slack:TA' }, async () => {
      await audit.write({
        time: new Date(Date.now() - 600_000).toISOString(),
        invocationId: 'inv-a',
        platform: 'slack',
        userId: 'UA',
        displayName: 'a',
        channelId: 'CA',
        command: 'instance stop',
        args: {},
        decision: 'allowed',
        result: 'calling',
        callId: 'call-a',
        replica: 'dead-replica',
        cardRef: ref,
        durationMs: 0,
      });
      await store.collection('call-outcomes').put('call-a', { callId: 'call-a', result: 'ok' });
    });
    const closed = await closeInterrupted(
      {
        audit,
        logger,
        now: () => new Date(),
        olderThanMs: 60_000,
        replica: 'me',
        known: knownOutcome(store),
        tenants: tenancy.scope,
      },
      () => null,
    );
    expect(closed).toBe(1);
    const trail = await runInTenant({ id: 'slack:TA' }, () => audit.recentAcrossChannels(10));
    expect(trail[0]).toMatchObject({ callId: 'call-a', result: 'ok', tenant: 'slack:TA' });
  });
});

describe('the watch poller in OAuth mode', () => {
  it('polls each watch as its own tenant', async () => {
    const { store, tenancy } = await installed();
    const polledAs: (string | undefined)[] = [];
    const api = fakeHostingApi({
      instances: {
        detail: async () => {
          polledAs.push(currentTenant()?.botToken);
          throw new Error('not needed: the tenant is what this test looks at');
        },
      },
    });
    const watch = (id: string, channelId: string) => ({
      id,
      platform: 'slack' as const,
      channelId,
      instance: { uuid: '7995e990-c3bf-4e27-8ce2-89fd5783f9ea', label: 'web-1' },
      setBy: { platform: 'slack' as const, userId: 'U1', displayName: 'u' },
      setAt: 1,
    });
    await runInTenant({ id: 'slack:TA' }, () => store.collection('watches').put('wa', watch('wa', 'CA')));
    await runInTenant({ id: 'slack:TB' }, () => store.collection('watches').put('wb', watch('wb', 'CB')));
    const poller = createWatchPoller({
      api,
      store,
      posters: [postLog('slack').poster('r1')],
      intervalMs: 20,
      tenants: tenancy.scope,
      retryDelaysMs: [],
    });
    try {
      await poller.start();
      await waitFor(
        () => polledAs.includes('fake-bot-token-team-a') && polledAs.includes('fake-bot-token-team-b'),
      );
      expect(polledAs.every((token) => token !== undefined)).toBe(true);
    } finally {
      await poller.stop();
    }
  });
});
