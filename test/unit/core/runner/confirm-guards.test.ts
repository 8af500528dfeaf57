import { describe, expect, it } from 'vitest';
import { createCoreWithState as createBot } from '../../../support/core-with-state.js';
import { arg, defineCommand } from '../../../../src/core/define-command.js';
import type { ActionEvent, Actor, Responder } from '../../../../src/core/ports.js';
import { fields, message } from '../../../../src/render/builders.js';
import { renderText } from '../../../../src/render/text.js';
import {
  actors,
  fakeApi,
  fakeCommands,
  makeBot,
  POLICY,
  recordingResponder,
  tempConfig,
} from '../../../support/core-fakes.js';

function event(token: string, actor: Actor, channelId = 'C1'): ActionEvent {
  return { id: 'a1', platform: actor.platform, actor, channelId, token, action: 'confirm' };
}

describe('confirmation guards', () => {
  it('refuses a confirm sent from another channel and leaves the server untouched', async () => {
    const { bot, run, act, fake } = await makeBot({ policy: POLICY });
    const { token } = await run('instance stop prod-web');
    const elsewhere = recordingResponder('C2');
    await bot.dispatcher.act(event(token!, actors.alice, 'C2'), elsewhere);
    expect(elsewhere.replies[0]?.message.title).toBe('Not in this channel');
    expect(elsewhere.replies[0]?.visibility).toBe('ephemeral');
    expect(elsewhere.updates).toHaveLength(0);
    expect(fake.count('instance.stop')).toBe(0);
    await act(token!);
    expect(fake.count('instance.stop')).toBe(1);
  });

  it('refuses a confirm sent from another platform, even by an admin on a two-person action', async () => {
    const policy = `${POLICY.replace('admin: [slack:U012ADMIN]', 'admin: [slack:U012ADMIN, discord:777]')}approvals:\n  two_person: ["instance delete"]\n`;
    const { bot, run, fake } = await makeBot({ policy });
    const { token } = await run('instance delete prod-web');
    const responder = recordingResponder();
    const discordAdmin: Actor = { platform: 'discord', userId: '777', displayName: 'dan' };
    await bot.dispatcher.act({ ...event(token!, discordAdmin), input: 'web-1' }, responder);
    expect(responder.replies[0]?.message.title).toBe('Not in this channel');
    expect(fake.count('instance.delete')).toBe(0);
  });

  it('re-checks the requester’s roles at the click: a removed Discord role stops the action', async () => {
    const { bot, run, fake } = await makeBot({ policy: POLICY });
    const { token, reply } = await run('instance stop prod-web', actors.discordOps);
    expect(reply?.outcome).toBe('needs-confirmation');
    const responder = recordingResponder();
    await bot.dispatcher.act(event(token!, { ...actors.discordOps, roles: [] }), responder);
    expect(responder.replies[0]?.message.title).toBe('Not allowed');
    expect(fake.count('instance.stop')).toBe(0);
    const again = recordingResponder();
    await bot.dispatcher.act(event(token!, actors.discordOps), again);
    expect(fake.count('instance.stop')).toBe(1);
  });

  it('still lets a requester who lost their role cancel their own request', async () => {
    const { bot, run, fake } = await makeBot({ policy: POLICY });
    const { token } = await run('instance stop prod-web', actors.discordOps);
    const responder = recordingResponder();
    await bot.dispatcher.act(
      { ...event(token!, { ...actors.discordOps, roles: [] }), action: 'cancel' },
      responder,
    );
    expect(renderText(responder.updates[0]!.message)).toContain('Cancelled by @dora');
    expect(fake.count('instance.stop')).toBe(0);
  });

  it('keeps a confirmed ephemeral result private when the card cannot be edited', async () => {
    const { config } = tempConfig(POLICY);
    const fake = fakeApi();
    const secretish = defineCommand({
      group: 'vault',
      name: 'open',
      summary: 'Private result behind a confirmation',
      risk: 'change',
      visibility: 'ephemeral',
      args: { instance: arg.instance() },
      preview: async (_ctx, args) => ({
        message: message(`Open for ${args.instance.label}?`),
        targets: [args.instance.label],
      }),
      run: async () => message('Opened', [fields({ Password: 'pw-never-public' })]),
    });
    const bot = await createBot(config, {
      api: fake.api,
      commands: [...fakeCommands(), secretish],
    });
    const failing: Responder = {
      ...recordingResponder(),
      reply: async () => {
        throw new Error('platform refused the post');
      },
    };
    await bot.dispatcher.dispatch(
      {
        id: 'i1',
        platform: 'slack',
        actor: actors.alice,
        channelId: 'C1',
        input: { kind: 'text', text: 'vault open prod-web' },
      },
      failing,
    );
    const [pending] = await bot.store.pending.due(Number.MAX_SAFE_INTEGER, 1000);
    expect(pending?.cardRef).toBeUndefined();
    const responder = recordingResponder();
    await bot.dispatcher.act(event(pending!.token, actors.alice), responder);
    expect(renderText(responder.replies[0]!.message)).toContain('pw-never-public');
    expect(responder.replies[0]?.visibility).toBe('ephemeral');
    await bot.close();
  });
});
