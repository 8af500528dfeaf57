// With an app token the adapter speaks Socket Mode instead of HTTP: it connects through
// apps.connections.open, acks slash-command envelopes and still answers GET /healthz.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createSlackAdapter, type SlackAdapter } from '../../../../adapters/slack/index.js';
import type { Dispatcher, Invocation } from '../../../../src/core/ports.js';
import { FakeSlack } from '../../../support/fake-slack.js';
import { attachSocketMode, type FakeSocketMode } from '../../../support/fake-slack-socket.js';
import { onTestServer } from '../../../support/test-http.js';
import { waitFor } from '../../../support/wait-for.js';

let slack: FakeSlack;
let socket: FakeSocketMode;
let adapter: SlackAdapter;
const invocations: Invocation[] = [];

const dispatcher: Dispatcher = {
  async dispatch(invocation, responder) {
    invocations.push(invocation);
    await responder.defer?.('channel');
    await responder.reply({ title: 'pong', blocks: [{ type: 'text', text: 'over Socket Mode' }] });
  },
  act: async () => undefined,
  typedDialog: async () => null,
  commands: () => [],
};

beforeEach(async () => {
  slack = await new FakeSlack().start();
  socket = attachSocketMode(slack, 'xapp-test-token');
  adapter = onTestServer((http) =>
    createSlackAdapter({
      botToken: slack.botToken,
      signingSecret: 'unused-in-socket-mode',
      appToken: 'xapp-test-token',
      apiUrl: slack.apiUrl,
      http,
    }),
  );
  await adapter.start(dispatcher);
  await socket.connected;
});

afterEach(async () => {
  await adapter.stop();
  await socket.close();
  await slack.close();
});

it('acks a slash command envelope over Socket Mode and replies through the Web API', async () => {
  const ack = await socket.push('slash_commands', {
    command: '/vps',
    text: 'status',
    user_id: 'U0ALICE',
    user_name: 'alice',
    channel_id: 'C0OPS',
    response_url: slack.newResponseUrl(),
    trigger_id: 't',
    team_id: 'T0001',
    api_app_id: 'A0001',
  });
  expect(ack).toEqual({});
  const [message] = await waitFor(
    () => slack.channelMessages('C0OPS').length > 0 && slack.channelMessages('C0OPS'),
  );
  expect(message?.text).toContain('pong');
  expect(invocations[0]).toMatchObject({
    actor: { userId: 'U0ALICE' },
    input: { kind: 'text', text: 'status' },
  });
});

// The adapter serves nothing itself: /healthz is the serve server's, whose port it reports.
it('serves GET /healthz on its HTTP port in Socket Mode', async () => {
  const response = await fetch(`http://127.0.0.1:${adapter.port}/healthz`);
  expect(await response.text()).toBe('ok\n');
});
