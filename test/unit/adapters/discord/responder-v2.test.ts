// The responder of a V2-laid-out interaction ("Show server"): the private deferral carries no V2
// flag, the edit that follows carries it (and neither content nor embeds); a message V2 cannot
// carry (over 4,000 characters) is edited in as embeds instead, without the flag.
import { describe, expect, it } from 'vitest';
import { MessageFlags, type MessageContextMenuCommandInteraction, type REST } from 'discord.js';
import { interactionResponder } from '../../../../adapters/discord/responder.js';
import { DiscordInteractionState } from '../../../../adapters/discord/interaction-state.js';
import type { EphemeralState } from '../../../../src/core/index.js';
import type { Message } from '../../../../src/render/message.js';

function rig() {
  const calls: { kind: string; options: Record<string, unknown> }[] = [];
  const interaction = {
    token: 'itok',
    channelId: '900000000000000003',
    locale: 'en-US',
    deferReply: (options: Record<string, unknown>) => (
      calls.push({ kind: 'defer', options }),
      Promise.resolve()
    ),
    editReply: (options: Record<string, unknown>) => (
      calls.push({ kind: 'edit', options }),
      Promise.resolve({ id: '1' })
    ),
    followUp: (options: Record<string, unknown>) => (
      calls.push({ kind: 'followUp', options }),
      Promise.resolve({ id: '2' })
    ),
    deleteReply: () => Promise.resolve(),
  } as unknown as MessageContextMenuCommandInteraction;
  const memory = new Map<string, string>();
  const state = {
    get: (key: string) => Promise.resolve(memory.get(key) ?? null),
    set: (key: string, value: string) => Promise.resolve(void memory.set(key, value)),
    delete: (key: string) => Promise.resolve(void memory.delete(key)),
  } as unknown as EphemeralState;
  const deps = {
    rest: {} as REST,
    applicationId: '900000000000000001',
    state: new DiscordInteractionState(state),
    logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
    now: () => 0,
  };
  return { calls, responder: interactionResponder(interaction, { kind: 'command' }, deps) };
}

const card: Message = { title: 'web-1', tone: 'success', blocks: [{ type: 'text', text: 'Running' }] };

describe('Discord responder, V2 layout', () => {
  it('defers without the flag and sets it on the edit that follows', async () => {
    const { calls, responder } = rig();
    await responder.defer?.('ephemeral');
    await responder.reply(card, { visibility: 'ephemeral' });
    expect(calls.map((c) => c.kind)).toEqual(['defer', 'edit']);
    expect(calls[0]?.options).toEqual({ flags: MessageFlags.Ephemeral });
    expect(calls[1]?.options).toMatchObject({ flags: MessageFlags.IsComponentsV2 });
    expect(calls[1]?.options).not.toHaveProperty('embeds');
    expect(calls[1]?.options).not.toHaveProperty('content');
  });

  it('edits in embeds, without the flag, what V2 cannot carry', async () => {
    const { calls, responder } = rig();
    await responder.defer?.('ephemeral');
    await responder.reply({ ...card, blocks: [{ type: 'code', text: 'x'.repeat(4_100) }] });
    const edit = calls.find((c) => c.kind === 'edit')?.options;
    expect(edit).not.toHaveProperty('flags');
    expect(edit?.['embeds']).toHaveLength(1);
  });
});
