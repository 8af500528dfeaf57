// The Slack adapter's transport behaviour with the real Bolt against the fake Slack, driven by
// a scripted dispatcher (the real core is wired in test/e2e/slack.test.ts).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSlackAdapter, type SlackAdapter } from '../../adapters/slack/index.js';
import type { ActionEvent, Dispatcher, Invocation, Responder } from '../../src/core/ports.js';
import type { Message } from '../../src/render/message.js';
import { FakeSlack, eventually } from '../support/fake-slack.js';
import {
  buttonClickPayload,
  interactionForm,
  postSigned,
  slashCommandForm,
  viewSubmissionPayload,
} from '../support/fake-slack-requests.js';

const SECRET = 'test-signing-secret';
const CHANNEL = 'C0OPS';

type Script = (invocation: Invocation, responder: Responder) => Promise<void>;

/** A dispatcher whose answers are scripted per test; records what it was given. */
class ScriptedDispatcher implements Dispatcher {
  readonly invocations: Invocation[] = [];
  readonly events: ActionEvent[] = [];
  onDispatch: Script = async () => undefined;
  onAct: (event: ActionEvent, responder: Responder) => Promise<void> = async () => undefined;
  async dispatch(invocation: Invocation, responder: Responder): Promise<void> {
    this.invocations.push(invocation);
    await this.onDispatch(invocation, responder);
  }
  async act(event: ActionEvent, responder: Responder): Promise<void> {
    this.events.push(event);
    await this.onAct(event, responder);
  }
  commands() {
    return [];
  }
  visibilityFor(invocation: Invocation) {
    return invocation.input.kind === 'text' && invocation.input.text.startsWith('console') ? 'ephemeral' : 'channel';
  }
  async completeInstance() {
    return [];
  }
}

const text = (t: string, extra: Partial<Message> = {}): Message => ({ blocks: [{ type: 'text', text: t }], ...extra });

let slack: FakeSlack;
let adapter: SlackAdapter;
let dispatcher: ScriptedDispatcher;
let events: string;

beforeEach(async () => {
  slack = await new FakeSlack().start();
  dispatcher = new ScriptedDispatcher();
  adapter = createSlackAdapter({ botToken: slack.botToken, signingSecret: SECRET, apiUrl: slack.apiUrl, port: 0, host: '127.0.0.1' });
  await adapter.start(dispatcher);
  events = `http://127.0.0.1:${adapter.port}/slack/events`;
});

afterEach(async () => {
  await adapter.stop();
  await slack.close();
});

function slash(textValue: string, userId = 'U0ALICE', responseUrl = slack.newResponseUrl()) {
  return postSigned(events, slashCommandForm({ text: textValue, userId, channelId: CHANNEL, responseUrl }), { secret: SECRET });
}

describe('Slack adapter transport', () => {
  it('acks a slash command before the command has answered, then posts Block Kit in the channel', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    dispatcher.onDispatch = async (_inv, responder) => {
      await gate;
      await responder.reply(text('web-1 is Running', { title: 'web-1' }));
    };
    const answer = await slash('instance show web-1');
    expect(answer.status).toBe(200);
    expect(slack.callsTo('chat.postMessage')).toHaveLength(0);
    release();
    const [message] = await eventually(() => slack.channelMessages(CHANNEL).length > 0 && slack.channelMessages(CHANNEL));
    expect(message?.blocks).toContainEqual({ type: 'header', text: { type: 'plain_text', text: 'web-1', emoji: true } });
    expect(dispatcher.invocations[0]).toMatchObject({
      platform: 'slack',
      actor: { platform: 'slack', userId: 'U0ALICE', displayName: 'u0alice' },
      channelId: CHANNEL,
      input: { kind: 'text', text: 'instance show web-1' },
    });
  });

  it('rejects a request with a bad signature with 401 and dispatches nothing', async () => {
    const form = slashCommandForm({ text: 'instance list', userId: 'U1', channelId: CHANNEL, responseUrl: slack.newResponseUrl() });
    const answer = await postSigned(events, form, { secret: 'wrong-secret' });
    expect(answer.status).toBe(401);
    expect(dispatcher.invocations).toHaveLength(0);
  });

  it('rejects a correctly signed request whose timestamp is older than five minutes', async () => {
    const form = slashCommandForm({ text: 'instance list', userId: 'U1', channelId: CHANNEL, responseUrl: slack.newResponseUrl() });
    const answer = await postSigned(events, form, { secret: SECRET, timestamp: Math.floor(Date.now() / 1000) - 6 * 60 });
    expect(answer.status).toBe(401);
    expect(dispatcher.invocations).toHaveLength(0);
  });

  it('sends private replies through the response_url as ephemeral', async () => {
    dispatcher.onDispatch = async (_inv, responder) => void (await responder.reply(text('password: hunter2')));
    const url = slack.newResponseUrl();
    await slash('console web-1', 'U0ALICE', url);
    const [post] = await eventually(() => slack.responsesTo(url).length > 0 && slack.responsesTo(url));
    expect(post?.body).toMatchObject({ response_type: 'ephemeral', replace_original: false });
    expect(slack.callsTo('chat.postMessage')).toHaveLength(0);
  });

  it('edits a channel card in place with chat.update, keeping channel and ts in the ref', async () => {
    dispatcher.onDispatch = async (_inv, responder) => {
      const ref = await responder.reply(text('stopping…'));
      expect(ref).toMatchObject({ platform: 'slack', channelId: CHANNEL, extra: { mode: 'message' } });
      await responder.update(ref, text('Stopped', { tone: 'success' }));
    };
    await slash('instance stop web-1');
    const updated = await eventually(() => slack.callsTo('chat.update')[0]);
    const [message] = slack.channelMessages(CHANNEL);
    expect(updated.args).toMatchObject({ channel: CHANNEL, ts: message?.ts });
    expect(message?.edits).toBe(1);
    expect(JSON.stringify(message?.blocks)).toContain('Stopped');
  });

  it('turns a Confirm click into an ActionEvent that carries only the token', async () => {
    const url = slack.newResponseUrl();
    const click = buttonClickPayload({
      actionId: 'vps_confirm',
      value: 'tok123',
      userId: 'U0BOB',
      channelId: CHANNEL,
      messageTs: '1.1',
      responseUrl: url,
    });
    const answer = await postSigned(events, interactionForm(click), { secret: SECRET });
    expect(answer.status).toBe(200);
    const event = await eventually(() => dispatcher.events[0]);
    expect(event).toMatchObject({ action: 'confirm', token: 'tok123', channelId: CHANNEL, actor: { userId: 'U0BOB' } });
    expect(event.input).toBeUndefined();
  });

  it('opens a modal for a typed confirmation and turns its submission into a confirm with the typed text', async () => {
    dispatcher.onDispatch = async (_inv, responder) =>
      void (await responder.reply({
        title: 'Delete web-1?',
        blocks: [{ type: 'text', text: 'This cannot be undone.' }],
        actions: {
          token: 'tokDEL',
          confirmLabel: 'Delete',
          cancelLabel: 'Keep',
          style: 'danger',
          typed: { title: 'Delete web-1', label: 'Type web-1 to confirm', placeholder: 'web-1' },
          expiresAt: Date.now() + 120_000,
        },
      }));
    await slash('instance delete web-1');
    const [card] = await eventually(() => slack.channelMessages(CHANNEL).length > 0 && slack.channelMessages(CHANNEL));
    expect(JSON.stringify(card?.blocks)).toContain('vps_confirm_typed');

    const click = buttonClickPayload({
      actionId: 'vps_confirm_typed',
      value: 'tokDEL',
      userId: 'U0ALICE',
      channelId: CHANNEL,
      messageTs: card?.ts ?? '',
      responseUrl: slack.newResponseUrl(),
    });
    expect((await postSigned(events, interactionForm(click), { secret: SECRET })).status).toBe(200);
    const open = await eventually(() => slack.callsTo('views.open')[0]);
    const view = open.args['view'] as { callback_id: string; private_metadata: string; title: { text: string } };
    expect(view.title.text).toBe('Delete web-1');
    expect(JSON.parse(view.private_metadata)).toMatchObject({ token: 'tokDEL', channelId: CHANNEL });
    expect(dispatcher.events).toHaveLength(0);

    const submit = viewSubmissionPayload({
      userId: 'U0ALICE',
      callbackId: view.callback_id,
      privateMetadata: view.private_metadata,
      blockId: 'vps_typed',
      actionId: 'value',
      typed: 'web-1',
    });
    expect((await postSigned(events, interactionForm(submit), { secret: SECRET })).status).toBe(200);
    const event = await eventually(() => dispatcher.events[0]);
    expect(event).toMatchObject({ action: 'confirm', token: 'tokDEL', input: 'web-1', channelId: CHANNEL });
  });

  it('retries chat.postMessage after a 429 with Retry-After and the message still arrives', async () => {
    slack.failNext('chat.postMessage', { kind: 'rate-limited', retryAfterSeconds: 1 });
    dispatcher.onDispatch = async (_inv, responder) => void (await responder.reply(text('after the rate limit')));
    await slash('instance list');
    const [message] = await eventually(() => slack.channelMessages(CHANNEL).length > 0 && slack.channelMessages(CHANNEL));
    expect(message?.text).toContain('after the rate limit');
    expect(slack.callsTo('chat.postMessage')).toHaveLength(2);
  });

  it('escapes mention and link injection in every user-provided string', async () => {
    const evil = '<!channel> <@U0ADMIN> <https://evil.example|click> & more';
    dispatcher.onDispatch = async (_inv, responder) =>
      void (await responder.reply({
        title: evil,
        summary: evil,
        blocks: [
          { type: 'text', text: evil },
          { type: 'fields', fields: [{ label: evil, value: evil }] },
          { type: 'code', text: evil },
          { type: 'context', text: evil },
        ],
      }));
    await slash('instance show x');
    const [message] = await eventually(() => slack.channelMessages(CHANNEL).length > 0 && slack.channelMessages(CHANNEL));
    const [header, ...mrkdwnBlocks] = (message?.blocks ?? []) as { type: string; text?: { type: string } }[];
    // Slack never parses plain_text (headers), so only mrkdwn needs escaping.
    expect(header).toMatchObject({ type: 'header', text: { type: 'plain_text' } });
    const sent = JSON.stringify({ text: message?.text, blocks: mrkdwnBlocks });
    expect(sent).not.toMatch(/<!channel>|<@U0ADMIN>|<https:/);
    expect(sent).toContain('&lt;!channel&gt;');
  });

  it('uploads chart attachments into the channel with files upload v2', async () => {
    dispatcher.onDispatch = async (_inv, responder) =>
      void (await responder.reply(
        text('CPU last day', {
          attachments: [{ filename: 'cpu.png', contentType: 'image/png', data: new Uint8Array([137, 80, 78, 71]), alt: 'CPU' }],
        }),
      ));
    await slash('instance metrics web-1');
    const upload = await eventually(() => [...slack.uploads.values()].find((u) => u.completed));
    expect(upload).toMatchObject({ filename: 'cpu.png', channel: CHANNEL });
    expect(upload.bytes).toBeGreaterThan(0);
  });

  it('falls back to an in_channel response_url post when the bot is not in the channel', async () => {
    slack.failNext('chat.postMessage', { kind: 'error', error: 'not_in_channel' });
    dispatcher.onDispatch = async (_inv, responder) => void (await responder.reply(text('visible to all')));
    const url = slack.newResponseUrl();
    await slash('instance list', 'U0ALICE', url);
    const [post] = await eventually(() => slack.responsesTo(url).length > 0 && slack.responsesTo(url));
    expect(post?.body).toMatchObject({ response_type: 'in_channel' });
  });

  it('answers a modal submission privately with chat.postEphemeral when no response_url is left', async () => {
    dispatcher.onAct = async (_event, responder) =>
      void (await responder.reply(text('That does not match.'), { visibility: 'ephemeral' }));
    const submit = viewSubmissionPayload({
      userId: 'U0ALICE',
      callbackId: 'vps_typed_confirm',
      privateMetadata: JSON.stringify({ token: 'tok', channelId: CHANNEL }),
      blockId: 'vps_typed',
      actionId: 'value',
      typed: 'nope',
    });
    await postSigned(events, interactionForm(submit), { secret: SECRET });
    const call = await eventually(() => slack.callsTo('chat.postEphemeral')[0]);
    expect(call.args).toMatchObject({ channel: CHANNEL, user: 'U0ALICE' });
    expect(String(call.args['text'])).toContain('does not match');
  });

  it('tells the user privately when answering in Slack fails', async () => {
    slack.failNext('chat.postMessage', { kind: 'error', error: 'invalid_blocks' });
    dispatcher.onDispatch = async (_inv, responder) => void (await responder.reply(text('will fail')));
    const url = slack.newResponseUrl();
    await slash('instance list', 'U0ALICE', url);
    const [post] = await eventually(() => slack.responsesTo(url).length > 0 && slack.responsesTo(url));
    expect(post?.body).toMatchObject({ response_type: 'ephemeral' });
    expect(JSON.stringify(post?.body)).toContain('Something went wrong');
  });

  it('answers GET /healthz with ok', async () => {
    const response = await fetch(`http://127.0.0.1:${adapter.port}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('ok');
  });

  it('rebuilds a responder for a stored channel card and edits it with the bot token, but not for private refs', async () => {
    const stored = { platform: 'slack' as const, channelId: CHANNEL, id: '1.0001', extra: { mode: 'message' } };
    const responder = adapter.responderFor(stored);
    if (!responder) throw new Error('expected a responder for a channel card');
    const ref = await responder.reply(text('terminating…'));
    await responder.update(ref, text('finished'));
    expect(slack.messages.get(ref.id)).toMatchObject({ channel: CHANNEL, edits: 1, text: 'finished' });
    await expect(responder.reply(text('secret'), { visibility: 'ephemeral' })).rejects.toThrow(/privately/);
    expect(adapter.responderFor({ ...stored, extra: { mode: 'ephemeral', userId: 'U0ALICE' } })).toBeNull();
    expect(adapter.responderFor({ ...stored, extra: { mode: 'response_url' } })).toBeNull();
    expect(adapter.responderFor({ ...stored, platform: 'discord' })).toBeNull();
  });
});
