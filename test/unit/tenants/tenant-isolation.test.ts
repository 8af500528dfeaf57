// OAuth mode through the runner: a confirmation card asked in one workspace can be neither
// confirmed nor cancelled from another (a clear refusal, nothing runs, the card stays pending for
// its own workspace); single-tenant mode is unchanged.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { renderText } from '../../../src/render/text.js';
import { runInTenant } from '../../../src/adapter-kit/tenant-context.js';
import { tenantScope } from '../../../src/tenants/scope.js';
import { actors, makeBot, POLICY, WEB1 } from '../../support/core-fakes.js';

const scope = tenantScope(async (id) => ({ id }));
const inTenant = <T>(id: string, work: () => Promise<T>): Promise<T> => runInTenant({ id }, work);

describe('tenant isolation in the runner', () => {
  it('refuses a click whose token belongs to another workspace, and nothing changes', async () => {
    const { run, act, fake, bot } = await makeBot({ policy: POLICY, tenants: scope });
    try {
      const { token } = await inTenant('slack:TA', () => run('instance stop prod-web'));
      expect(token).toBeDefined();
      const foreign = await inTenant('slack:TB', () => act(token!, actors.alice, 'confirm'));
      expect(renderText(foreign.reply!)).toContain(
        'This button belongs to another workspace — nothing was done.',
      );
      expect(renderText(foreign.reply!)).not.toContain('stop');
      const cancel = await inTenant('slack:TB', () => act(token!, actors.alice, 'cancel'));
      expect(renderText(cancel.reply!)).toContain('another workspace');
      expect(fake.count('instance.stop')).toBe(0);
      expect(fake.instances.get(WEB1)?.status).toBe('Running');
      // Still pending for its own workspace.
      await inTenant('slack:TA', () => act(token!, actors.alice, 'confirm'));
      expect(fake.count('instance.stop')).toBe(1);
    } finally {
      await bot.close();
    }
  });

  it('shows another workspace neither the approval gate’s go-ahead nor the typed dialog of a card', async () => {
    const { run, bot } = await makeBot({ policy: POLICY, tenants: scope });
    try {
      const { token } = await inTenant('slack:TA', () => run('instance delete prod-web'));
      expect(await inTenant('slack:TA', () => bot.dispatcher.typedDialog(token!))).not.toBeNull();
      expect(await inTenant('slack:TB', () => bot.dispatcher.typedDialog(token!))).toBeNull();
      const event = {
        id: 'gate-1',
        platform: 'slack' as const,
        actor: actors.alice,
        channelId: 'C1',
        token: token!,
        action: 'confirm' as const,
      };
      expect(await inTenant('slack:TA', () => bot.lookups.gate!.refusal(event))).toBeNull();
      const refusal = await inTenant('slack:TB', () => bot.lookups.gate!.refusal(event));
      expect(renderText(refusal!)).toContain('This button belongs to another workspace');
    } finally {
      await bot.close();
    }
  });

  it('answers a clicked token in Indonesian too', async () => {
    const { run, act, bot } = await makeBot({ policy: POLICY, tenants: scope });
    try {
      const { token } = await inTenant('slack:TA', () => run('instance stop prod-web'));
      const foreign = await inTenant('slack:TB', () =>
        act(token!, actors.alice, 'confirm', undefined, undefined, { locale: 'id' }),
      );
      expect(renderText(foreign.reply!)).toContain('Tombol ini milik workspace lain');
    } finally {
      await bot.close();
    }
  });

  it('keeps each workspace’s channel bindings and learned names to itself', async () => {
    const { run, bot } = await makeBot({ policy: POLICY, tenants: scope });
    try {
      await inTenant('slack:TA', () => bot.store.bindings.put('slack:C1', { uuid: WEB1, label: 'web-1' }));
      expect(await inTenant('slack:TA', () => bot.store.bindings.get('slack:C1'))).toEqual(
        expect.objectContaining({ uuid: WEB1 }),
      );
      expect(await inTenant('slack:TB', () => bot.store.bindings.get('slack:C1'))).toBeNull();
      await inTenant('slack:TA', () => bot.store.hostnames.remember(WEB1, 'web-1'));
      expect(await inTenant('slack:TA', () => bot.store.hostnames.uuidsOf('web-1'))).toEqual([WEB1]);
      expect(await inTenant('slack:TB', () => bot.store.hostnames.uuidsOf('web-1'))).toEqual([]);
      expect(await inTenant('slack:TB', () => bot.store.hostnames.search('web', 10))).toEqual([]);
      expect(await inTenant('slack:TB', () => bot.store.hostnames.hostnameOf(WEB1))).toBeNull();
      // Tenant B's commands see no audit record of A's.
      await inTenant('slack:TA', () => run('instance show prod-web'));
      const seenByB = await inTenant('slack:TB', () => bot.audit.recentAcrossChannels(50));
      const seenByA = await inTenant('slack:TA', () => bot.audit.recentAcrossChannels(50));
      expect(seenByB).toEqual([]);
      expect(seenByA.length).toBeGreaterThan(0);
      expect(seenByA.every((record) => record.tenant === 'slack:TA')).toBe(true);
    } finally {
      await bot.close();
    }
  });

  it('counts commands per tenant under a short hash, never the workspace id', async () => {
    const counted: string[] = [];
    const metrics = {
      commandDone() {},
      confirmation() {},
      tenantCommand: (tenant: string, result: string) => void counted.push(`${tenant}/${result}`),
    };
    // As src/app/tenancy.ts builds it: the label keyed by a secret derived from the master key.
    const labelled = tenantScope(async (id) => ({ id }), randomBytes(32));
    const { run, bot } = await makeBot({ policy: POLICY, tenants: labelled, metrics });
    try {
      await inTenant('slack:TA', () => run('instance show prod-web'));
      await inTenant('slack:TB', () => run('instance show prod-web'));
      expect(counted).toHaveLength(2);
      expect(counted[0]).toMatch(/^[0-9a-f]{12}\/done$/);
      expect(counted[0]).not.toBe(counted[1]);
      expect(counted.join()).not.toContain('TA');
    } finally {
      await bot.close();
    }
  });

  it('leaves single-tenant mode as it was: no tenant on records, any click of the bot’s cards answered', async () => {
    const { run, act, fake, bot } = await makeBot({ policy: POLICY });
    try {
      const { token } = await run('instance stop prod-web');
      expect((await bot.store.pending.get(token!))?.tenant).toBeUndefined();
      await act(token!, actors.alice, 'confirm');
      expect(fake.count('instance.stop')).toBe(1);
    } finally {
      await bot.close();
    }
  });
});
