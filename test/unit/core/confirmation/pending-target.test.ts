// Dispatcher.pendingTarget: what answering a pending token by name needs (console `approve`, exec
// --confirm), told by the core so no adapter reads the store; another tenant's card names nothing.
import { describe, expect, it } from 'vitest';
import { runInTenant } from '../../../../src/adapter-kit/tenant-context.js';
import { tenantScope } from '../../../../src/tenants/scope.js';
import { makeBot, POLICY } from '../../../support/core-fakes.js';

const inTenant = <T>(id: string, work: () => Promise<T>): Promise<T> => runInTenant({ id }, work);

describe('Dispatcher.pendingTarget', () => {
  it('names a pending card’s target, and nothing for an unknown or answered token', async () => {
    const { run, act, bot } = await makeBot({ policy: POLICY });
    try {
      const { token } = await run('instance stop prod-web');
      expect(await bot.dispatcher.pendingTarget?.(token!)).toEqual(
        expect.objectContaining({ expected: 'web-1', twoPerson: false, platform: 'slack', channelId: 'C1' }),
      );
      expect(await bot.dispatcher.pendingTarget?.('no-such-token')).toBeNull();
      await act(token!, undefined, 'cancel');
      expect(await bot.dispatcher.pendingTarget?.(token!)).toBeNull();
    } finally {
      await bot.close();
    }
  });

  it('tells another tenant nothing of a card', async () => {
    const { run, bot } = await makeBot({ policy: POLICY, tenants: tenantScope(async (id) => ({ id })) });
    try {
      const { token } = await inTenant('slack:TA', () => run('instance stop prod-web'));
      expect(await inTenant('slack:TA', () => bot.dispatcher.pendingTarget!(token!))).not.toBeNull();
      expect(await inTenant('slack:TB', () => bot.dispatcher.pendingTarget!(token!))).toBeNull();
    } finally {
      await bot.close();
    }
  });
});
