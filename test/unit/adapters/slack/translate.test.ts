// Slack payloads become neutral Invocations and ActionEvents keyed by the Slack user id.
import { describe, expect, it } from 'vitest';
import {
  actionEventFromClick,
  actionEventFromModal,
  invocationFromCommand,
} from '../../../../adapters/slack/translate.js';

describe('Slack translation', () => {
  it('turns a slash command into a text invocation identified by the user id', () => {
    const invocation = invocationFromCommand({
      text: 'instance stop web-1',
      user_id: 'U1',
      user_name: 'alice',
      channel_id: 'C1',
    });
    expect(invocation).toMatchObject({
      platform: 'slack',
      actor: { platform: 'slack', userId: 'U1', displayName: 'alice' },
      channelId: 'C1',
      input: { kind: 'text', text: 'instance stop web-1' },
    });
    expect(invocation.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('falls back to the user id when Slack gives no user name', () => {
    expect(invocationFromCommand({ text: '', user_id: 'U1', channel_id: 'C1' }).actor.displayName).toBe('U1');
  });

  it('takes the channel of a click from the container when the payload has no channel', () => {
    const event = actionEventFromClick(
      { user: { id: 'U2', username: 'bob' }, container: { channel_id: 'C9' } },
      'cancel',
      'tok',
    );
    expect(event).toMatchObject({
      action: 'cancel',
      token: 'tok',
      channelId: 'C9',
      actor: { userId: 'U2', displayName: 'bob' },
    });
  });

  it('names the channel message a click came from, but not an ephemeral one', () => {
    const container = { type: 'message', channel_id: 'C9', message_ts: '1700000001.000100' };
    const onCard = actionEventFromClick({ user: { id: 'U2' }, container }, 'confirm', 'tok');
    expect(onCard.clicked).toEqual({
      platform: 'slack',
      channelId: 'C9',
      id: '1700000001.000100',
      extra: { mode: 'message' },
    });
    const privately = actionEventFromClick(
      { user: { id: 'U2' }, container: { ...container, is_ephemeral: true } },
      'confirm',
      'tok',
    );
    expect(privately.clicked).toBeUndefined();
  });

  it('turns a modal submission into a confirm carrying the typed text', () => {
    const event = actionEventFromModal({ user: { id: 'U3' } }, { token: 't', channelId: 'C3' }, 'web-2');
    expect(event).toMatchObject({
      action: 'confirm',
      token: 't',
      channelId: 'C3',
      input: 'web-2',
      actor: { userId: 'U3' },
    });
  });
});
