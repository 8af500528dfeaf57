// Slack OAuth mode end to end: real Bolt and the real core on Redis, a fake Slack implementing
// oauth.v2.access / auth.test / views.open / users.info, and the hosting-API simulator behind a
// recording proxy that accepts two tenants' keys. Two workspaces install through /slack/install →
// /slack/oauth_redirect, link their keys through the connect dialog, and each reaches the API with
// its own key and Slack with its own bot token; a key pasted in the channel never reaches the API;
// nothing secret is in Redis in clear; app_uninstalled stops every use of that workspace's key.
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOW_TO_CONNECT, PASTED_KEY_TEXT } from '../../adapters/slack/connect.js';
import { createChatAdapters } from '../../src/app/adapters.js';
import { startAdapter } from '../../src/app/lifecycle.js';
import { createApp, type App } from '../../src/app/create-app.js';
import { loadConfig } from '../../src/app/config/load.js';
import { silentLogger } from '../../src/logger.js';
import { createBotMetrics } from '../../src/observability/metrics.js';
import { createServeHttpServer, type ServeHttpServer } from '../../src/serve/http-server.js';
import { startSimulator, type SimulatorHandle } from '../../src/simulator/index.js';
import type { ChatAdapter } from '../../src/core/index.js';
import { stopAll } from '../support/cleanup.js';
import { FakeSlack, type FakeWorkspace } from '../support/fake-slack.js';
import { SEED_IDS } from '../../src/simulator/index.js';
import {
  buttonClickPayload,
  interactionForm,
  postSigned,
  slashCommandForm,
  viewSubmissionPayload,
} from '../support/fake-slack-requests.js';
import { startRedisServer, type TestRedisServer } from '../support/redis-server.js';
import { dumpRedis, keyProxy } from '../support/tenant-keys-e2e.js';
import { waitFor } from '../support/wait-for.js';

const SIGNING = 'oauth-e2e-signing-secret';
const KEY_A = 'hk-tenant-a-0123456789-AAAA';
const KEY_B = 'hk-tenant-b-0123456789-BBBB';
const PASTED = 'hk-pasted-in-channel-9876';
const A: FakeWorkspace = {
  teamId: 'T0A',
  teamName: 'Alpha',
  code: 'code-a',
  botToken: 'fake-alpha-bot-token-1111',
  installer: 'U0A1',
};
const B: FakeWorkspace = {
  teamId: 'T0B',
  teamName: 'Beta',
  code: 'code-b',
  botToken: 'fake-beta-bot-token-2222',
  installer: 'U0B1',
};

const ORG: FakeWorkspace = {
  teamId: 'T0ORG',
  teamName: 'Org',
  code: 'code-org',
  botToken: 'fake-org-wide-token-3333',
  installer: 'U0O1',
  enterprise: true,
};

/** The value of the button `actionId` anywhere in a message's blocks. */
function buttonValue(blocks: unknown, actionId: string): string | undefined {
  if (Array.isArray(blocks)) {
    for (const item of blocks) {
      const found = buttonValue(item, actionId);
      if (found) return found;
    }
    return undefined;
  }
  if (typeof blocks !== 'object' || blocks === null) return undefined;
  const record = blocks as Record<string, unknown>;
  if (record['action_id'] === actionId && typeof record['value'] === 'string') return record['value'];
  return buttonValue(Object.values(record), actionId);
}

/** A GET on the bot's server, with the cookie header given. */
function get(url: string, cookie?: string): Promise<{ status: number; body: string; cookie?: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: cookie ? { cookie } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const set = res.headers['set-cookie']?.[0]?.split(';')[0];
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks).toString('utf8'),
          ...(set ? { cookie: set } : {}),
        });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

describe('Slack OAuth mode: two workspaces, each with its own key and token', () => {
  let redis: TestRedisServer;
  let sim: SimulatorHandle;
  let proxy: Awaited<ReturnType<typeof keyProxy>>;
  let slack: FakeSlack;
  let app: App;
  let http: ServeHttpServer;
  let adapters: ChatAdapter[] = [];
  let dir: string;
  let base: string;

  beforeAll(async () => {
    redis = await startRedisServer();
    sim = await startSimulator({ port: 0 });
    proxy = await keyProxy(sim, [KEY_A, KEY_B]);
    slack = await new FakeSlack().start();
    slack.oauthClient = { clientId: '1111.2222', clientSecret: 'oauth-e2e-client-secret' };
    slack.addWorkspace(A);
    slack.addWorkspace(B);
    slack.addWorkspace(ORG);
    dir = await mkdtemp(join(tmpdir(), 'vpsops-oauth-'));
    const config = loadConfig({
      HOSTING_API_URL: proxy.url,
      HOSTING_API_TIMEOUT_MS: '2000',
      VPSOPS_DATA_DIR: join(dir, 'data'),
      VPSOPS_POLICY: join(dir, 'absent-policy.yaml'),
      SLACK_SIGNING_SECRET: SIGNING,
      SLACK_CLIENT_ID: '1111.2222',
      SLACK_CLIENT_SECRET: 'oauth-e2e-client-secret',
      SLACK_STATE_SECRET: 'oauth-e2e-state-secret',
      SLACK_API_URL: slack.apiUrl,
      VPSOPS_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      REDIS_URL: redis.url,
      VPSOPS_REDIS_PREFIX: 'oauth:',
    });
    // No policy file: everyone is a viewer, so the read commands below are allowed.
    app = await createApp(
      { ...config, policyExplicit: false },
      { logger: silentLogger(), tracker: null, charts: null },
    );
    http = createServeHttpServer({
      port: 0,
      host: '127.0.0.1',
      ready: async () => ({ ready: true }),
      metrics: createBotMetrics({ commands: [] }),
    });
    await http.listen();
    adapters = await createChatAdapters(config, {
      logger: silentLogger(),
      http,
      state: app.store.ephemeral,
      sharedStore: true,
      ...(app.tenancy ? { tenancy: app.tenancy } : {}),
    });
    // The one start (src/app/lifecycle.ts): tenant roles applied from the adapter's facts.
    for (const adapter of adapters) await startAdapter(app, adapter);
    base = `http://127.0.0.1:${http.port}`;
  }, 60_000);

  afterAll(async () => {
    await stopAll(
      ...adapters.map((adapter) => () => adapter.stop()),
      () => http?.close(),
      () => app?.close(),
      () => new Promise<void>((resolve) => (proxy?.server ? proxy.server.close(() => resolve()) : resolve())),
      () => sim?.close(),
      () => slack?.close(),
      () => redis?.stop(),
      () => (dir ? rm(dir, { recursive: true, force: true }) : undefined),
    );
  });

  const events = () => `${base}/slack/events`;
  async function slash(team: FakeWorkspace, text: string, userId = team.installer) {
    const responseUrl = slack.newResponseUrl();
    const form = slashCommandForm({ text, userId, channelId: 'C0OPS', responseUrl, teamId: team.teamId });
    const result = await postSigned(events(), form, { secret: SIGNING });
    return { ...result, responseUrl };
  }
  const repliesTo = (url: string) =>
    slack
      .responsesTo(url)
      .map((r) => JSON.stringify(r.body))
      .join('\n');
  const submitKey = (team: FakeWorkspace, typed: string, userId = team.installer) =>
    postSigned(
      events(),
      interactionForm(
        viewSubmissionPayload({
          userId,
          callbackId: 'vpsops_connect',
          privateMetadata: JSON.stringify({ channelId: 'C0OPS' }),
          blockId: 'api_key',
          actionId: 'value',
          typed,
          teamId: team.teamId,
        }),
      ),
      { secret: SIGNING },
    );
  async function install(team: FakeWorkspace) {
    const page = await get(`${base}/slack/install`);
    expect(page.status).toBe(200);
    expect(page.cookie).toBeDefined();
    const state = decodeURIComponent(/[?&]state=([^"&]+)/.exec(page.body)?.[1] ?? '');
    expect(page.body).toContain('scope=commands%2Cchat%3Awrite');
    const redirect = `${base}/slack/oauth_redirect?code=${team.code}&state=${encodeURIComponent(state)}`;
    const answer = await get(redirect, page.cookie);
    // The same redirect again, state and cookie included (a replay).
    return { ...answer, replay: () => get(redirect, page.cookie) };
  }

  it('installs two workspaces, links each key through the dialog, and keeps them apart', async () => {
    // A forged state (no cookie from the install page) installs nothing.
    const forged = await get(`${base}/slack/oauth_redirect?code=${A.code}&state=forged`);
    expect(forged.status).toBe(400);
    expect(forged.body).toContain('Nothing was installed');
    expect(await app.tenancy?.directory.installation('slack:T0A')).toBeNull();

    // An org-wide install is refused with its own page, and stored nowhere.
    const org = await install(ORG);
    expect(org.status).toBe(400);
    expect(org.body).toContain('Org-wide install not supported');
    expect(await dumpRedis(redis.url)).not.toContain(ORG.botToken);

    expect((await install(A)).body).toContain('vpsops is installed');
    const installedB = await install(B);
    expect(installedB.body).toContain('vpsops is installed');
    // A used state, with its cookie, installs nothing again: states are single use.
    const exchanges = slack.callsTo('oauth.v2.access').length;
    const replayed = await installedB.replay();
    expect(replayed.status).toBe(400);
    expect(replayed.body).toContain('Nothing was installed');
    expect(slack.callsTo('oauth.v2.access')).toHaveLength(exchanges);

    // A member (no admin) runs "Add to Slack" again in A: the installer stays A's first installer.
    const again: FakeWorkspace = { ...A, code: 'code-a-again', installer: 'U0A9' };
    slack.addWorkspace(again);
    expect((await install(again)).body).toContain('vpsops is installed');
    expect(await app.tenancy?.keys.installer('slack:T0A')).toBe(A.installer);
    expect(await app.tenancy?.keys.installer('slack:T0B')).toBe(B.installer);

    // No key yet: every command says how to connect, and nothing reaches the API.
    const before = await slash(A, 'os list');
    await waitFor(() => repliesTo(before.responseUrl).includes('/vps connect'));
    expect(repliesTo(before.responseUrl)).toContain(HOW_TO_CONNECT.slice(0, 40));
    expect(proxy.seen).toEqual([]);

    // A key typed in the command text: refused, never used, never echoed.
    const pasted = await slash(B, `connect ${PASTED}`);
    await waitFor(() => repliesTo(pasted.responseUrl).includes('Never paste keys'));
    expect(repliesTo(pasted.responseUrl)).toContain(PASTED_KEY_TEXT.slice(0, 40));
    expect(repliesTo(pasted.responseUrl)).not.toContain(PASTED);

    // Someone who is neither admin nor installer may not open the dialog.
    const outsider = await slash(A, 'connect', 'U0A9');
    await waitFor(() => repliesTo(outsider.responseUrl).includes('Only a workspace admin'));

    // The installers open the dialog (with their own workspace's bot token) and submit.
    await slash(A, 'connect');
    await slash(B, 'connect');
    await waitFor(() => slack.callsTo('views.open').length === 2, 'two dialogs', 20_000);
    expect(
      slack
        .callsTo('views.open')
        .map((call) => call.token)
        .sort(),
    ).toEqual([A.botToken, B.botToken].sort());

    // Someone whose Slack speaks Indonesian gets the dialog and the refusals in Indonesian.
    slack.admins.add('U0B2');
    slack.userLocales.set('U0B2', 'id-ID');
    slack.userLocales.set('U0B9', 'id-ID');
    await slash(B, 'connect', 'U0B2');
    await waitFor(() => slack.callsTo('views.open').length === 3, 'the Indonesian dialog', 20_000);
    const dialog = JSON.stringify(slack.callsTo('views.open')[2]?.args['view']);
    for (const text of ['Tautkan kunci API', 'Kunci API hosting', 'Batal']) expect(dialog).toContain(text);
    const outsiderId = await slash(B, 'connect', 'U0B9');
    await waitFor(() => repliesTo(outsiderId.responseUrl).includes('Hanya admin workspace'), 'refusal in id');
    const pastedId = await slash(B, `connect ${PASTED}`, 'U0B9');
    await waitFor(
      () => repliesTo(pastedId.responseUrl).includes('Jangan pernah menempelkan kunci'),
      'warning in id',
    );
    expect(repliesTo(pastedId.responseUrl)).not.toContain(PASTED);

    // A key the API refuses keeps the dialog open with the error; nothing is stored.
    const refused = await submitKey(A, 'hk-wrong-key-000000');
    expect(refused.status).toBe(200);
    expect(refused.body).toContain('refused this key');
    expect(await app.tenancy?.keys.linkedKeyHint('slack:T0A')).toBeNull();

    expect((await submitKey(A, KEY_A)).body).toBe('');
    expect((await submitKey(B, KEY_B)).body).toBe('');
    expect(await app.tenancy?.keys.linkedKeyHint('slack:T0A')).toBe('…AAAA');

    // Each workspace's command reaches the API with its key and is answered with its bot token.
    proxy.seen.length = 0;
    const posted = slack.callsTo('chat.postMessage').length;
    await slash(A, 'os list');
    await waitFor(() => slack.callsTo('chat.postMessage').length > posted, "A's answer", 20_000);
    expect(new Set(proxy.seen)).toEqual(new Set([KEY_A]));
    proxy.seen.length = 0;
    await slash(B, 'os list');
    await waitFor(() => slack.callsTo('chat.postMessage').length > posted + 1, "B's answer", 20_000);
    expect(new Set(proxy.seen)).toEqual(new Set([KEY_B]));
    expect(
      slack
        .callsTo('chat.postMessage')
        .slice(posted)
        .map((call) => call.token),
    ).toEqual([A.botToken, B.botToken]);
    expect(proxy.seen).not.toContain(PASTED);

    // Per-tenant policy (no policy file): roles kept per workspace, edited by its admins.
    slack.admins.add('U0A7');
    slack.userGroups.set('S0AOPS', ['U0A8']);
    const answer = async (team: FakeWorkspace, text: string, userId: string, expected: string) => {
      const sent = await slash(team, text, userId);
      await waitFor(() => repliesTo(sent.responseUrl).includes(expected), `"${text}" → ${expected}`, 20_000);
      return repliesTo(sent.responseUrl);
    };
    // A viewer may read the roles, not change them; bad input is refused; nothing changes.
    expect(await answer(A, 'policy show', 'U0A9', 'operator: nobody named')).toContain(
      'whoever installed the app',
    );
    await answer(A, 'policy set operator <@U0A9|nia>', 'U0A9', 'You may not run `policy set`');
    await answer(A, 'policy set boss <@U0A9|nia>', A.installer, 'choose one of viewer, operator, admin');
    await answer(A, 'policy set operator hello', A.installer, '`hello` is not a member');
    await answer(A, 'policy set operator', A.installer, 'Missing');
    await answer(A, 'whoami', 'U0A9', 'viewer');
    // The installer names a person and a user group; a workspace admin is an admin without being named.
    const set = await answer(
      A,
      'policy set operator <@U0A9|nia> <!subteam^S0AOPS|@ops>',
      A.installer,
      'Role changed',
    );
    expect(set).toContain('<@U0A9>');
    expect(set).toContain('<!subteam^S0AOPS>');
    await answer(A, 'whoami', 'U0A9', 'operator');
    await answer(A, 'whoami', 'U0A8', 'tenant policy: group:S0AOPS');
    expect(slack.callsTo('usergroups.users.list').map((call) => call.token)).toEqual([A.botToken]);
    await answer(A, 'whoami', 'U0A7', 'tenant: workspace admin');
    await answer(A, 'policy set admin <@U0A9|nia>', 'U0A7', 'Role changed');
    // B's roles are B's own: the same user id there is another person, a viewer.
    await answer(B, 'whoami', 'U0A9', 'viewer');
    await answer(B, 'policy show', B.installer, 'admin: nobody named');

    // A's confirmation card, clicked from workspace B (even by A's own installer id): refused, nothing stopped.
    const cards = slack.callsTo('chat.postMessage').length;
    await slash(A, `instance stop ${SEED_IDS.instances.web1}`);
    await waitFor(() => slack.callsTo('chat.postMessage').length > cards, "A's stop preview", 20_000);
    const card = slack.callsTo('chat.postMessage')[cards];
    const token = buttonValue(card?.args['blocks'], 'vps_confirm');
    expect(token).toBeDefined();
    proxy.seen.length = 0;
    proxy.requests.length = 0;
    const clickUrl = slack.newResponseUrl();
    const click = buttonClickPayload({
      actionId: 'vps_confirm',
      value: token ?? '',
      userId: A.installer,
      channelId: 'C0OPS',
      messageTs: '1700000000.000100',
      responseUrl: clickUrl,
      teamId: B.teamId,
    });
    expect((await postSigned(events(), interactionForm(click), { secret: SIGNING })).status).toBe(200);
    await waitFor(() => repliesTo(clickUrl).includes('belongs to another workspace'), 'the refusal');
    expect(proxy.requests.filter((r) => r.endsWith('/stop'))).toEqual([]);
    expect(proxy.seen).not.toContain(KEY_A);

    // Redis holds no key or token in clear.
    const dump = await dumpRedis(redis.url);
    expect(dump).toContain('oauth:');
    for (const secret of [KEY_A, KEY_B, A.botToken, B.botToken, PASTED]) expect(dump).not.toContain(secret);

    // Workspace A uninstalls: its installation and key are gone, and its commands reach nothing.
    const uninstall = {
      token: 'legacy',
      team_id: A.teamId,
      api_app_id: 'A0VPSOPS',
      type: 'event_callback',
      event_id: 'Ev1',
      event_time: Math.floor(Date.now() / 1000),
      event: { type: 'app_uninstalled', event_ts: String(Date.now() / 1000) },
    };
    const body = JSON.stringify(uninstall);
    const acked = await postSigned(events(), body, {
      secret: SIGNING,
      headers: { 'content-type': 'application/json' },
    });
    expect(acked.status).toBe(200);
    await waitFor(async () => (await app.tenancy?.directory.installation('slack:T0A')) === null);
    expect(await app.tenancy?.directory.apiKey('slack:T0A')).toBeNull();
    proxy.seen.length = 0;
    const answered = slack.callsTo('chat.postMessage').length;
    const refusedA = await slash(A, 'os list');
    expect(refusedA.status).toBe(401);
    await slash(B, 'os list');
    await waitFor(() => slack.callsTo('chat.postMessage').length > answered, "B's answer", 20_000);
    expect(
      slack
        .callsTo('chat.postMessage')
        .slice(answered)
        .map((call) => call.token),
    ).toEqual([B.botToken]);
    expect(proxy.seen).not.toContain(KEY_A);

    // B disconnects: its commands answer how to connect again, and its key is no longer sent.
    const disconnected = await slash(B, 'disconnect');
    await waitFor(() => repliesTo(disconnected.responseUrl).includes('unlinked'), 'the unlink answer');
    proxy.seen.length = 0;
    const after = await slash(B, 'os list');
    await waitFor(() => repliesTo(after.responseUrl).includes('/vps connect'), 'how to connect');
    expect(proxy.seen).toEqual([]);

    // B revokes the bot token: B is forgotten too.
    const revoked = JSON.stringify({
      ...uninstall,
      team_id: B.teamId,
      event_id: 'Ev2',
      event: {
        type: 'tokens_revoked',
        tokens: { bot: [`U${B.teamId}BOT`] },
        event_ts: String(Date.now() / 1000),
      },
    });
    const revokeAck = await postSigned(events(), revoked, {
      secret: SIGNING,
      headers: { 'content-type': 'application/json' },
    });
    expect(revokeAck.status).toBe(200);
    await waitFor(
      async () => (await app.tenancy?.directory.installation('slack:T0B')) === null,
      'B forgotten',
    );
  }, 120_000);
});
