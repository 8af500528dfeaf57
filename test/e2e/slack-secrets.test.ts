// Secrets over Slack, end to end: console credentials reach only the requester (ephemerally) and
// never a channel message, another Web API call, the audit trail or a log line; the bot token,
// signing secret and hosting API key never reach a log line; a viewer is refused before the API.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { captureLogs, type CapturedLogs } from '../support/chat-world-core.js';
import { eventually, type ApiCall } from '../support/fake-slack.js';
import { SLACK_CHANNEL, SLACK_USERS, startSlackWorld, type SlackWorld } from '../support/fake-slack-world.js';

let world: SlackWorld;
let logs: CapturedLogs;

beforeEach(async () => {
  logs = captureLogs();
  world = await startSlackWorld({ logger: logs.logger });
});

afterEach(async () => {
  await world.close();
});

const json = (value: unknown) => JSON.stringify(value);

/** Whether a Web API call was a chat.postEphemeral to `user` (private to them). */
const isPrivateTo = (call: ApiCall, user: string) =>
  call.method === 'chat.postEphemeral' && call.args['user'] === user;

/** The audit trail as text, once it records the console invocation. */
async function auditText(): Promise<string> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const text = await readFile(join(world.dataDir, 'audit.jsonl'), 'utf8').catch(() => '');
    if (text.includes('console')) return text;
    if (Date.now() > deadline) throw new Error('timed out waiting for the console audit record');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Everything the fake Slack received that a channel member could see, as text. */
function channelVisible(user: string): string {
  const publicCalls = world.slack.calls.filter((c) => !isPrivateTo(c, user));
  const publicResponses = world.slack.responses.filter((r) => r.body['response_type'] !== 'ephemeral');
  return json([
    publicCalls,
    publicResponses,
    [...world.slack.messages.values()],
    [...world.slack.uploads.values()],
  ]);
}

describe('Slack keeps secrets out of channels, audit and logs', () => {
  it('shows console credentials only to the requester, ephemerally, and nowhere else', async () => {
    const { responseUrl } = await world.slash('instance console web-1', SLACK_USERS.operator);
    const reply = await eventually(
      () => {
        const viaUrl = world.slack.responsesTo(responseUrl).find((r) => json(r.body).includes('password'));
        const viaApi = world.slack
          .callsTo('chat.postEphemeral')
          .find((c) => json(c.args).includes('password'));
        return viaUrl
          ? { kind: 'response_url', body: viaUrl.body }
          : viaApi
            ? { kind: 'ephemeral', body: viaApi.args }
            : undefined;
      },
      5_000,
      'the console reply',
    );
    if (reply.kind === 'response_url') expect(reply.body).toMatchObject({ response_type: 'ephemeral' });
    else expect(reply.body).toMatchObject({ channel: SLACK_CHANNEL, user: SLACK_USERS.operator });

    const replyText = json(reply.body);
    const password = /password: ([A-Za-z0-9_-]{8,})/.exec(replyText)?.[1];
    const consoleToken = /token=([0-9a-f]{16,})/.exec(replyText)?.[1];
    expect(password, 'the reply shows the password').toBeDefined();
    expect(consoleToken, 'the reply shows the websocket URL').toBeDefined();
    expect(world.sim.countRequests('instance.console')).toBe(1);

    const secrets = [password ?? '', consoleToken ?? ''];
    const audit = await auditText();
    const visible = channelVisible(SLACK_USERS.operator);
    const logged = logs.lines.join('\n');
    for (const secret of secrets) {
      expect(visible).not.toContain(secret);
      expect(audit).not.toContain(secret);
      expect(logged).not.toContain(secret);
    }
    expect(
      world.slack.callsTo('chat.postMessage').filter((c) => json(c.args).includes('password')),
    ).toHaveLength(0);
    expect(world.slack.channelMessages(SLACK_CHANNEL)).toHaveLength(0);
  });

  it('never logs or audits the bot token, signing secret or hosting API key', async () => {
    const opened = await world.slash('instance console web-1', SLACK_USERS.operator);
    await world.slash('instance show web-1', SLACK_USERS.operator);
    const refused = await world.slash('instance console web-1', SLACK_USERS.viewer);
    await eventually(() => world.slack.channelMessages(SLACK_CHANNEL).length > 0, 5_000, 'the show card');
    await eventually(
      () => world.slack.responsesTo(opened.responseUrl).length > 0,
      5_000,
      'the console reply',
    );
    await eventually(() => world.slack.responsesTo(refused.responseUrl).length > 0, 5_000, 'the refusal');
    const audit = await auditText();
    for (const secret of [world.slack.botToken, world.signingSecret, world.sim.apiKey])
      expect(audit).not.toContain(secret);
    const logged = logs.lines.join('\n');
    expect(logs.lines.length, 'the bot logged through the captured logger').toBeGreaterThan(0);
    expect(logged).not.toContain(world.slack.botToken);
    expect(logged).not.toContain(world.signingSecret);
    expect(logged).not.toContain(world.sim.apiKey);
  });

  it('refuses a viewer privately and never asks the hosting API for a console', async () => {
    const { responseUrl } = await world.slash('instance console web-1', SLACK_USERS.viewer);
    const refusal = await eventually(
      () =>
        world.slack.responsesTo(responseUrl)[0]?.body ??
        world.slack.callsTo('chat.postEphemeral').find((c) => c.args['user'] === SLACK_USERS.viewer)?.args,
      5_000,
      'the refusal',
    );
    if ('response_type' in refusal) expect(refusal).toMatchObject({ response_type: 'ephemeral' });
    else expect(refusal).toMatchObject({ user: SLACK_USERS.viewer });
    expect(json(refusal)).not.toContain('password');
    expect(json(refusal)).toMatch(/not allowed|denied|permission|role|operator/i);
    expect(world.slack.callsTo('chat.postMessage')).toHaveLength(0);
    expect(world.sim.countRequests('instance.console')).toBe(0);
  });
});
