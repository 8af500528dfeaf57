// The Slack adapter's transport behaviour with the real Bolt against the fake Slack, driven by
// a scripted dispatcher (the real core is wired in test/e2e/slack.test.ts). Clicks, modals and
// stored cards are in slack-adapter-interactions.test.ts.
import { describe, expect, it } from 'vitest';
import type { SlackAdapter } from '../../../../adapters/slack/index.js';
import { type FakeSlack } from '../../../support/fake-slack.js';
import { postSigned, slashCommandForm } from '../../../support/fake-slack-requests.js';
import {
  CHANNEL,
  SECRET,
  slackAdapterEachTest,
  text,
  type ScriptedDispatcher,
  type SlackAdapterRig,
} from '../../../support/slack-adapter-rig.js';
import { waitFor } from '../../../support/wait-for.js';

let slack: FakeSlack;
let adapter: SlackAdapter;
let dispatcher: ScriptedDispatcher;
let events: string;
let slash: SlackAdapterRig['slash'];
slackAdapterEachTest((rig) => ({ slack, adapter, dispatcher, events, slash } = rig));

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
    const [message] = await waitFor(
      () => slack.channelMessages(CHANNEL).length > 0 && slack.channelMessages(CHANNEL),
    );
    expect(message?.blocks).toContainEqual({
      type: 'header',
      text: { type: 'plain_text', text: 'web-1', emoji: true },
    });
    expect(dispatcher.invocations[0]).toMatchObject({
      platform: 'slack',
      actor: { platform: 'slack', userId: 'U0ALICE', displayName: 'u0alice' },
      channelId: CHANNEL,
      input: { kind: 'text', text: 'instance show web-1' },
    });
  });

  it('hands the dispatcher a responder marked acknowledged (serve then admits all of its work)', async () => {
    let acknowledged: boolean | undefined;
    let dispatched = false;
    dispatcher.onDispatch = async (_inv, responder) => {
      acknowledged = responder.acknowledged;
      dispatched = true;
      await responder.reply(text('ok'));
    };
    expect((await slash('whoami')).status).toBe(200);
    await waitFor(() => dispatched);
    expect(acknowledged).toBe(true);
  });

  it('rejects a request with a bad signature with 401 and dispatches nothing', async () => {
    const form = slashCommandForm({
      text: 'instance list',
      userId: 'U1',
      channelId: CHANNEL,
      responseUrl: slack.newResponseUrl(),
    });
    const answer = await postSigned(events, form, { secret: 'wrong-secret' });
    expect(answer.status).toBe(401);
    expect(dispatcher.invocations).toHaveLength(0);
  });

  it('rejects a correctly signed request whose timestamp is older than five minutes', async () => {
    const form = slashCommandForm({
      text: 'instance list',
      userId: 'U1',
      channelId: CHANNEL,
      responseUrl: slack.newResponseUrl(),
    });
    const answer = await postSigned(events, form, {
      secret: SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 6 * 60,
    });
    expect(answer.status).toBe(401);
    expect(dispatcher.invocations).toHaveLength(0);
  });

  it('sends private replies through the response_url as ephemeral', async () => {
    dispatcher.onDispatch = async (_inv, responder) =>
      void (await responder.reply(text('password: hunter2')));
    const url = slack.newResponseUrl();
    await slash('console web-1', 'U0ALICE', url);
    const [post] = await waitFor(() => slack.responsesTo(url).length > 0 && slack.responsesTo(url));
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
    const updated = await waitFor(() => slack.callsTo('chat.update')[0]);
    const [message] = slack.channelMessages(CHANNEL);
    expect(updated.args).toMatchObject({ channel: CHANNEL, ts: message?.ts });
    expect(message?.edits).toBe(1);
    expect(JSON.stringify(message?.blocks)).toContain('Stopped');
  });

  it('retries chat.postMessage after a 429 with Retry-After and the message still arrives', async () => {
    slack.failNext('chat.postMessage', { kind: 'rate-limited', retryAfterSeconds: 1 });
    dispatcher.onDispatch = async (_inv, responder) =>
      void (await responder.reply(text('after the rate limit')));
    await slash('instance list');
    const [message] = await waitFor(
      () => slack.channelMessages(CHANNEL).length > 0 && slack.channelMessages(CHANNEL),
    );
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
    const [message] = await waitFor(
      () => slack.channelMessages(CHANNEL).length > 0 && slack.channelMessages(CHANNEL),
    );
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
          attachments: [
            {
              filename: 'cpu.png',
              contentType: 'image/png',
              data: new Uint8Array([137, 80, 78, 71]),
              alt: 'CPU',
            },
          ],
        }),
      ));
    await slash('instance metrics web-1');
    const upload = await waitFor(() => [...slack.uploads.values()].find((u) => u.completed));
    expect(upload).toMatchObject({ filename: 'cpu.png', channel: CHANNEL });
    expect(upload.bytes).toBeGreaterThan(0);
  });

  it('falls back to an in_channel response_url post when the bot is not in the channel', async () => {
    slack.failNext('chat.postMessage', { kind: 'error', error: 'not_in_channel' });
    dispatcher.onDispatch = async (_inv, responder) => void (await responder.reply(text('visible to all')));
    const url = slack.newResponseUrl();
    await slash('instance list', 'U0ALICE', url);
    const [post] = await waitFor(() => slack.responsesTo(url).length > 0 && slack.responsesTo(url));
    expect(post?.body).toMatchObject({ response_type: 'in_channel' });
  });

  it('tells the user privately when answering in Slack fails', async () => {
    slack.failNext('chat.postMessage', { kind: 'error', error: 'invalid_blocks' });
    dispatcher.onDispatch = async (_inv, responder) => void (await responder.reply(text('will fail')));
    const url = slack.newResponseUrl();
    await slash('instance list', 'U0ALICE', url);
    const [post] = await waitFor(() => slack.responsesTo(url).length > 0 && slack.responsesTo(url));
    expect(post?.body).toMatchObject({ response_type: 'ephemeral' });
    expect(JSON.stringify(post?.body)).toContain('it is not known whether the command ran');
  });

  // Answered by the serve server the adapter is mounted on (the adapter serves nothing itself).
  it('answers GET /healthz with ok', async () => {
    const response = await fetch(`http://127.0.0.1:${adapter.port}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('ok\n');
  });
});
