// The input both platforms' message actions run (Slack's shortcuts, Discord's message commands):
// the message's text as a typed option of `instance find` or `note`, cut to what the argument takes
// on a character boundary, so a long message is still shown or noted rather than refused.
import { describe, expect, it } from 'vitest';
import { messageActionInput } from '../../../src/adapter-kit/message-actions.js';

describe('message actions', () => {
  it('"Show server" runs instance find with the text, and with nothing when the message has no text', () => {
    expect(messageActionInput('showServer', { text: 'web-1 --force', author: 'U1' })).toEqual({
      kind: 'options',
      path: ['instance', 'find'],
      options: { text: 'web-1 --force' },
    });
    expect(messageActionInput('showServer', { text: '  \n' })).toEqual({
      kind: 'options',
      path: ['instance', 'find'],
      options: {},
    });
  });

  it('"Add to timeline" runs note with the text and the author', () => {
    expect(messageActionInput('addToTimeline', { text: '<!channel> done', author: '1234' })).toEqual({
      kind: 'options',
      path: ['note'],
      options: { text: '<!channel> done', author: '1234' },
    });
  });

  it('cuts a long message to what the command takes, never inside a character', () => {
    const long = `${'a'.repeat(3_999)}👍${'b'.repeat(5_000)}`;
    const note = messageActionInput('addToTimeline', { text: long });
    expect(note.kind === 'options' && note.options['text']).toBe('a'.repeat(3_999));
    const find = messageActionInput('showServer', { text: 'x'.repeat(9_000) });
    expect(find.kind === 'options' && String(find.options['text']).length).toBe(8_000);
  });
});
