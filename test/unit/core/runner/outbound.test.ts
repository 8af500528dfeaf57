import { describe, expect, it } from 'vitest';
import type { Message } from '../../../../src/render/message.js';
import type { ChannelPoster, MessageRef, Responder } from '../../../../src/core/ports.js';
import { createOutbound, SIMULATOR_MARKER, simulatorMarker } from '../../../../src/core/runner/outbound.js';

const REF: MessageRef = { platform: 'slack', channelId: 'C1', id: '1' };

describe('outbound path: simulator marker', () => {
  it('marks every reply, edit and notice once, whatever the message', async () => {
    const seen: Message[] = [];
    const inner: Responder = {
      reply: async (message) => (seen.push(message), REF),
      update: async (_ref, message) => void seen.push(message),
      announce: async (message) => void seen.push(message),
    };
    const responder = createOutbound({ simulated: true }).responder(inner);
    const card: Message = {
      title: 'Stop web-1?',
      blocks: [{ type: 'text', text: 'x' }],
      summary: 'Stop web-1?',
    };
    await responder.reply(card);
    const first = seen[0];
    if (!first) throw new Error('no reply seen');
    // An edit of a card that is already marked must not gain a second marker.
    await responder.update(REF, first);
    await responder.announce?.({ blocks: [] });
    for (const message of seen) {
      expect(message.blocks.filter((b) => b.type === 'context' && b.text === SIMULATOR_MARKER)).toHaveLength(
        1,
      );
    }
    expect(seen[0]?.summary).toBe('[simulator] Stop web-1?');
    expect(card.blocks).toHaveLength(1);
  });

  it('keeps the responder whole: defer survives redaction and marking', async () => {
    const calls: string[] = [];
    const inner: Responder = {
      defer: async (visibility) => void calls.push(`defer ${visibility}`),
      reply: async (message) => (calls.push(JSON.stringify(message)), REF),
      update: async () => undefined,
    };
    const outbound = createOutbound({
      simulated: true,
      redact: (text) => text.replaceAll('s3cret', '[redacted]'),
    });
    const responder = outbound.responder(inner);
    await responder.defer?.('channel');
    await responder.reply({ blocks: [{ type: 'text', text: 'key s3cret' }] });
    expect(calls[0]).toBe('defer channel');
    expect(calls[1]).toContain('[redacted]');
    expect(calls[1]).not.toContain('s3cret');
    expect(calls[1]).toContain(SIMULATOR_MARKER);
  });

  it('says it in the deployment language (VPSOPS_LOCALE), once however often a card is edited', () => {
    const outbound = createOutbound({ simulated: true, locale: 'id' });
    const once = outbound.message({ blocks: [{ type: 'text', text: 'x' }] });
    const twice = outbound.message(once);
    const markers = twice.blocks.filter((b) => b.type === 'context' && b.text === simulatorMarker('id'));
    expect(markers).toHaveLength(1);
    expect(simulatorMarker('id')).toContain('server karangan');
    expect(JSON.stringify(twice)).not.toContain(SIMULATOR_MARKER);
  });
});

describe('outbound path: the one outgoing wrapper serves alerts too (issue 39)', () => {
  it('transforms every post, edit, thread reply and direct message of a poster, and keeps its other members', async () => {
    const seen: Message[] = [];
    const inner: ChannelPoster = {
      platform: 'slack',
      post: async (_channel, message) => (seen.push(message), REF),
      update: async (_ref, message) => void seen.push(message),
      reply: async (_ref, message) => (seen.push(message), REF),
      tellPrivately: async (_user, message) => void seen.push(message),
      failureReason: () => 'channel_not_found',
    };
    const poster = createOutbound({ simulated: true }).poster(inner);
    await poster.post('C1', { blocks: [] });
    await poster.update(REF, { blocks: [] });
    await poster.reply?.(REF, { blocks: [] });
    await poster.tellPrivately?.('U1', { blocks: [] });
    expect(seen).toHaveLength(4);
    for (const message of seen)
      expect(message.blocks.filter((b) => b.type === 'context' && b.text === SIMULATOR_MARKER)).toHaveLength(1);
    expect(poster.platform).toBe('slack');
    expect(poster.failureReason?.(new Error('x'))).toBe('channel_not_found');
    expect(poster.checkChannel).toBeUndefined();
  });
});
