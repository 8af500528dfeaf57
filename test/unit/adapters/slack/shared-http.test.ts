// The Slack adapter on the serve HTTP server: in HTTP mode Bolt's listener is mounted at
// /slack/events (the adapter listens on nothing itself and reports the server's port); in Socket
// Mode nothing is mounted. Stopping the adapter takes its route off the server.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSlackAdapter } from '../../../../adapters/slack/index.js';
import { createMemoryEphemeralState } from '../../../../src/adapter-kit/memory-ephemeral-state.js';
import type { Dispatcher, Invocation } from '../../../../src/core/ports.js';
import { createBotMetrics } from '../../../../src/observability/metrics.js';
import { createServeHttpServer, type ServeHttpServer } from '../../../../src/serve/http-server.js';
import { FakeSlack } from '../../../support/fake-slack.js';
import { attachSocketMode } from '../../../support/fake-slack-socket.js';
import { postSigned, slashCommandForm } from '../../../support/fake-slack-requests.js';
import { waitFor } from '../../../support/wait-for.js';

const SECRET = 'shared-server-secret';
const invocations: Invocation[] = [];
const dispatcher: Dispatcher = {
  async dispatch(invocation, responder) {
    invocations.push(invocation);
    await responder.defer?.('channel');
    await responder.reply({ title: 'pong', blocks: [{ type: 'text', text: 'on the shared server' }] });
  },
  act: async () => undefined,
  typedDialog: async () => null,
  commands: () => [],
};

let slack: FakeSlack;
let server: ServeHttpServer;
let base: string;

beforeEach(async () => {
  invocations.length = 0;
  slack = await new FakeSlack().start();
  server = createServeHttpServer({
    port: 0,
    host: '127.0.0.1',
    ready: async () => ({ ready: true }),
    metrics: createBotMetrics({ commands: [] }),
  });
  base = `http://127.0.0.1:${await server.listen()}`;
});

afterEach(async () => {
  await server.close();
  await slack.close();
});

const slash = (text: string) =>
  postSigned(
    `${base}/slack/events`,
    slashCommandForm({ text, userId: 'U0ALICE', channelId: 'C0OPS', responseUrl: slack.newResponseUrl() }),
    { secret: SECRET },
  );

describe('Slack on the shared serve server', () => {
  it('answers signed requests at /slack/events on the server’s port, and unmounts on stop', async () => {
    const adapter = createSlackAdapter({
      botToken: slack.botToken,
      signingSecret: SECRET,
      apiUrl: slack.apiUrl,
      http: server,
    });
    await adapter.start(dispatcher);
    try {
      expect(adapter.port).toBe(server.port);
      // Unauthenticated GETs are not Bolt's business: 405 naming POST, no error.
      const get = await fetch(`${base}/slack/events`);
      expect([get.status, get.headers.get('allow')]).toEqual([405, 'POST']);
      expect((await slash('status')).status).toBe(200);
      await waitFor(() => invocations.length === 1, 'the dispatch', 5_000);
      expect(invocations[0]).toMatchObject({ input: { kind: 'text', text: 'status' } });
      const forged = await postSigned(
        `${base}/slack/events`,
        slashCommandForm({
          text: 'status',
          userId: 'U0',
          channelId: 'C0',
          responseUrl: slack.newResponseUrl(),
        }),
        { secret: 'not-the-secret' },
      );
      expect(forged.status).toBe(401);
    } finally {
      await adapter.stop();
    }
    expect((await slash('status')).status).toBe(404);
    expect(invocations).toHaveLength(1);
  });

  it('mounts nothing in Socket Mode; the server still answers /healthz', async () => {
    const socket = attachSocketMode(slack, 'xapp-test-token');
    const adapter = createSlackAdapter({
      botToken: slack.botToken,
      signingSecret: SECRET,
      appToken: 'xapp-test-token',
      apiUrl: slack.apiUrl,
      http: server,
    });
    try {
      await adapter.start(dispatcher);
      await socket.connected;
      expect((await slash('status')).status).toBe(404);
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
    } finally {
      await adapter.stop();
      await socket.close();
    }
  });

  it('runs a signed request delivered twice, to either replica, once; the copy is acked', async () => {
    // A second replica on its own server; both share the short-lived state, as with Redis.
    const state = createMemoryEphemeralState();
    const second = createServeHttpServer({
      port: 0,
      host: '127.0.0.1',
      ready: async () => ({ ready: true }),
      metrics: createBotMetrics({ commands: [] }),
    });
    const secondBase = `http://127.0.0.1:${await second.listen()}`;
    const options = { botToken: slack.botToken, signingSecret: SECRET, apiUrl: slack.apiUrl, port: 1, state };
    const adapters = [
      createSlackAdapter({ ...options, http: server }),
      createSlackAdapter({ ...options, http: second }),
    ];
    try {
      for (const adapter of adapters) await adapter.start(dispatcher);
      const form = slashCommandForm({
        text: 'firewall ipset-create web-1 office',
        userId: 'U0ALICE',
        channelId: 'C0OPS',
        responseUrl: slack.newResponseUrl(),
      });
      const timestamp = Math.floor(Date.now() / 1000);
      expect((await postSigned(`${base}/slack/events`, form, { secret: SECRET, timestamp })).status).toBe(
        200,
      );
      await waitFor(() => invocations.length === 1, 'the first delivery', 5_000);
      const copies = [
        await postSigned(`${base}/slack/events`, form, { secret: SECRET, timestamp }),
        await postSigned(`${secondBase}/slack/events`, form, {
          secret: SECRET,
          timestamp,
          headers: { 'x-slack-retry-num': '1', 'x-slack-retry-reason': 'http_timeout' },
        }),
      ];
      expect(copies.map((copy) => copy.status)).toEqual([200, 200]);
      // The same text sent anew (its own timestamp) is a new request and runs.
      const again = await postSigned(`${secondBase}/slack/events`, form, {
        secret: SECRET,
        timestamp: timestamp + 1,
      });
      expect(again.status).toBe(200);
      await waitFor(() => invocations.length >= 2, 'the new request', 5_000);
      expect(invocations).toHaveLength(2);
    } finally {
      for (const adapter of adapters) await adapter.stop();
      await second.close();
    }
  });
});
