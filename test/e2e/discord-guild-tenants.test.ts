// Discord multi-guild mode end to end: real discord.js in HTTP interactions mode and the real core
// on Redis, the fake Discord POSTing signed interactions and webhook events, and the hosting API
// (`vpsops simulator` in its own process) behind a recording proxy that accepts two guilds' keys. Each guild links its key
// through the connect modal and reaches the API with it only; a key typed after `connect` never
// reaches the API; a guild's confirmation cannot be clicked from another guild; nothing secret is in
// Redis in clear; a user's APPLICATION_DEAUTHORIZED clears only their installer mark, and the
// guild's removal stops every use of its key.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatAdapters } from '../../src/app/adapters.js';
import { startAdapter } from '../../src/app/lifecycle.js';
import { createApp, type App } from '../../src/app/create-app.js';
import type { ChatAdapter } from '../../src/core/index.js';
import { loadConfig } from '../../src/app/config/load.js';
import { silentLogger } from '../../src/logger.js';
import { createBotMetrics } from '../../src/observability/metrics.js';
import { createServeHttpServer, type ServeHttpServer } from '../../src/serve/http-server.js';
import { SEED_IDS } from '../../src/simulator/seed-ids.js';
import { childReaper, stopAll } from '../support/cleanup.js';
import { startSimulatorProcess } from '../support/simulator-process.js';
import { startFakeDiscord, type FakeDiscord } from '../support/fake-discord.js';
import { slashPayload, type FakeUser } from '../support/fake-discord-payloads.js';
import { customIds, type StoredInteraction } from '../support/fake-discord-store.js';
import { policyYaml } from '../support/policy.js';
import { startRedisServer, type TestRedisServer } from '../support/redis-server.js';
import { dumpRedis, keyProxy } from '../support/tenant-keys-e2e.js';
import { waitFor } from '../support/wait-for.js';
import { discordView } from '../support/discord-view.js';

const KEY_A = 'hk-guild-a-0123456789-AAAA';
const KEY_B = 'hk-guild-b-0123456789-BBBB';
const PASTED = 'hk-pasted-in-discord-9876';
const GUILD_A = { guildId: '910000000000000001', channelId: '910000000000000011' };
const GUILD_B = { guildId: '920000000000000001', channelId: '920000000000000011' };
/** Guild A's admin: Manage Server (0x20). */
const ADMIN_A: FakeUser = { id: '120000000000000001', username: 'ada', permissions: '32' };
/** Installed the app in guild B; no admin permission there. */
const INSTALLER_B: FakeUser = { id: '120000000000000002', username: 'ben', permissions: '0' };
const MEMBER: FakeUser = { id: '120000000000000003', username: 'mel', permissions: '0' };
/** An admin by the policy file only: no Discord permission, did not install the app. */
const POLICY_ADMIN: FakeUser = { id: '120000000000000004', username: 'pia', permissions: '0' };
const WEB1 = SEED_IDS.instances.web1;

describe('Discord multi-guild mode: two guilds, each with its own key', () => {
  let redis: TestRedisServer;
  const children = childReaper();
  let proxy: Awaited<ReturnType<typeof keyProxy>>;
  let discord: FakeDiscord;
  let app: App;
  let http: ServeHttpServer;
  let adapters: ChatAdapter[] = [];
  let dir: string;
  let base: string;

  beforeAll(async () => {
    redis = await startRedisServer();
    const simulatorKey = 'fake-simulator-key-0123456789';
    const simulatorUrl = await startSimulatorProcess(children, simulatorKey, []);
    proxy = await keyProxy({ url: simulatorUrl, apiKey: simulatorKey }, [KEY_A, KEY_B]);
    discord = await startFakeDiscord();
    dir = await mkdtemp(join(tmpdir(), 'vpsops-guilds-'));
    const policy = join(dir, 'policy.yaml');
    await writeFile(policy, policyYaml({ admin: [`discord:${POLICY_ADMIN.id}`], operator: ['*'] }));
    const config = loadConfig({
      HOSTING_API_URL: proxy.url,
      HOSTING_API_TIMEOUT_MS: '2000',
      VPSOPS_DATA_DIR: join(dir, 'data'),
      VPSOPS_POLICY: policy,
      DISCORD_TOKEN: discord.botToken,
      DISCORD_APPLICATION_ID: discord.world.applicationId,
      DISCORD_API_URL: discord.apiUrl,
      DISCORD_PUBLIC_KEY: discord.publicKeyHex,
      DISCORD_MULTI_GUILD: '1',
      VPSOPS_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      REDIS_URL: redis.url,
      VPSOPS_REDIS_PREFIX: 'guilds:',
    });
    app = await createApp(config, { logger: silentLogger(), tracker: null, charts: null });
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
      () => children.reap(),
      () => discord?.close(),
      () => redis?.stop(),
      () => (dir ? rm(dir, { recursive: true, force: true }) : undefined),
    );
  });

  const interactions = () => `${base}/discord/interactions`;
  const webhookEvents = () => `${base}/discord/webhook-events`;
  /** Interactions from now on come from `guild` (its id and its channel). */
  function inGuild(guild: { guildId: string; channelId: string }) {
    discord.world.guildId = guild.guildId;
    discord.world.channelId = guild.channelId;
  }
  const slash = (user: FakeUser, path: string[], options: Record<string, string> = {}) =>
    discord.http.slash(interactions(), user, path, options);
  /** The text of an immediate private reply (type 4). */
  const immediateText = (body: unknown) =>
    JSON.stringify((body as { data?: { content?: unknown } }).data?.content ?? null);
  /** The interaction's reply once edited (deferred replies), as text. */
  async function editedText(i: StoredInteraction, what: string): Promise<string> {
    const message = await waitFor(() => {
      const m = i.originalId ? discord.store.messages.get(i.originalId) : undefined;
      return m && m.edits > 0 ? m : undefined;
    }, what);
    return discordView(message).text;
  }
  const event = (type: string, data: unknown) => ({
    version: 1,
    application_id: discord.world.applicationId,
    type: 1,
    event: { type, timestamp: new Date().toISOString(), data },
  });
  const userObject = (user: FakeUser) => ({ id: user.id, username: user.username, discriminator: '0' });

  it('keeps two guilds apart from connect to deauthorization', async () => {
    // The webhook events endpoint: PING answered, unsigned refused; both installs recorded.
    const ping = { version: 1, application_id: discord.world.applicationId, type: 0 };
    expect((await discord.http.raw(webhookEvents(), ping, {})).status).toBe(204);
    expect((await discord.http.raw(webhookEvents(), ping, { signature: 'none' })).status).toBe(401);
    for (const [guild, user] of [
      [GUILD_A, ADMIN_A],
      [GUILD_B, INSTALLER_B],
    ] as const) {
      const authorized = event('APPLICATION_AUTHORIZED', {
        integration_type: 0,
        user: userObject(user),
        scopes: ['applications.commands', 'bot'],
        guild: { id: guild.guildId, name: 'a guild' },
      });
      expect((await discord.http.raw(webhookEvents(), authorized, {})).status).toBe(204);
    }
    expect(await app.tenancy?.keys.installer(`discord:${GUILD_B.guildId}`)).toBe(INSTALLER_B.id);

    // No key yet: every command says how to connect, and nothing reaches the API.
    inGuild(GUILD_A);
    const before = await slash(MEMBER, ['os', 'list']);
    expect(immediateText(before.body)).toContain('/vps connect');
    expect(proxy.seen).toEqual([]);

    // A DM has no guild: refused, nothing run.
    const dm = slashPayload(discord.world, MEMBER, ['os', 'list'], {});
    const { guild_id: _guild, member, ...rest } = dm;
    const fromDm = await discord.http.raw(
      interactions(),
      { ...rest, user: member.user, channel: { id: '930000000000000001', type: 1 }, context: 1 },
      {},
    );
    expect(immediateText(fromDm.body)).toContain('servers only');

    // A key typed after connect: refused unread, never echoed, never sent anywhere.
    const pasted = await slash(ADMIN_A, ['connect'], { key: PASTED });
    expect(immediateText(pasted.body)).toContain('Never paste keys');
    expect(JSON.stringify(pasted.body)).not.toContain(PASTED);

    // Neither admin nor installer: no dialog.
    const outsider = await slash(MEMBER, ['connect']);
    expect(immediateText(outsider.body)).toContain('Only a server admin');

    // A policy admin may open the modal too.
    expect((await slash(POLICY_ADMIN, ['connect'])).body).toMatchObject({ type: 9 });

    // The admin of A (Manage Server) and the installer of B open the modal.
    const dialog = await slash(ADMIN_A, ['connect']);
    expect(dialog.body).toMatchObject({ type: 9, data: { custom_id: 'vps:connect' } });
    expect(JSON.stringify(dialog.body)).not.toContain('"value"');
    inGuild(GUILD_B);
    expect((await slash(INSTALLER_B, ['connect'])).body).toMatchObject({ type: 9 });

    // A key the API refuses: said privately, nothing stored.
    inGuild(GUILD_A);
    const submit = (user: FakeUser, key: string) =>
      discord.http.submitCommandModal(interactions(), user, 'vps:connect', { api_key: key });
    const refused = await submit(ADMIN_A, 'hk-wrong-key-000000');
    expect(refused.body).toMatchObject({ type: 5, data: { flags: 64 } });
    const refusal = await editedText(refused.interaction, 'the refusal');
    expect(refusal).toContain('refused this key');
    expect(refusal).toContain('/vps connect');
    expect(refusal).not.toContain('hk-wrong-key');
    expect(await app.tenancy?.keys.linkedKeyHint(`discord:${GUILD_A.guildId}`)).toBeNull();

    const linkedA = await editedText((await submit(ADMIN_A, KEY_A)).interaction, "A's key linked");
    expect(linkedA).toContain('…AAAA');
    expect(linkedA).not.toContain(KEY_A);

    // Autocomplete: A (linked) is offered its servers; B, no key yet, nothing (not A's cached list either).
    const choices = async (user: FakeUser) => {
      const answer = await discord.http.autocomplete(
        interactions(),
        user,
        ['instance', 'show'],
        { instance: 'web' },
        'instance',
      );
      return JSON.stringify((answer.body as { data?: { choices?: unknown } }).data?.choices ?? null);
    };
    expect(await choices(MEMBER)).toContain('web-1');
    inGuild(GUILD_B);
    expect(await choices(MEMBER)).toBe('[]');
    inGuild(GUILD_A);
    inGuild(GUILD_B);
    expect(await editedText((await submit(INSTALLER_B, KEY_B)).interaction, "B's key linked")).toContain(
      '…BBBB',
    );

    // Each guild's commands reach the API with its own key only.
    for (const [guild, key] of [
      [GUILD_A, KEY_A],
      [GUILD_B, KEY_B],
    ] as const) {
      inGuild(guild);
      proxy.seen.length = 0;
      const listed = await slash(MEMBER, ['os', 'list']);
      expect(await editedText(listed.interaction, 'the os list')).toContain('Ubuntu');
      expect(new Set(proxy.seen)).toEqual(new Set([key]));
    }
    expect(proxy.seen).not.toContain(PASTED);

    // A policy file is in force: it wins over a guild's own roles, and `policy set` changes nothing.
    inGuild(GUILD_A);
    const set = await slash(POLICY_ADMIN, ['policy', 'set'], {
      role: 'operator',
      members: `<@${MEMBER.id}>`,
    });
    expect(await editedText(set.interaction, 'the policy set refusal')).toContain('which wins over');

    // A's confirmation card, clicked from guild B (even by its requester): refused, nothing stopped.
    inGuild(GUILD_A);
    const preview = await slash(ADMIN_A, ['instance', 'stop'], { instance: WEB1 });
    await editedText(preview.interaction, 'the stop preview');
    const cardId = preview.interaction.originalId ?? '';
    const confirm = customIds(discord.store.messages.get(cardId)).find((id) => id.startsWith('vps:confirm:'));
    expect(confirm).toBeDefined();
    inGuild(GUILD_B);
    proxy.seen.length = 0;
    await discord.http.click(interactions(), ADMIN_A, cardId, confirm ?? '');
    await waitFor(
      () =>
        [...discord.store.messages.values()].some((m) =>
          discordView(m).text.includes('belongs to another server'),
        ),
      'the refusal of a click from another guild',
    );
    expect(proxy.requests.filter((r) => r.endsWith('/stop'))).toEqual([]);
    expect(proxy.seen).not.toContain(KEY_A);

    // Redis holds no key in clear.
    const dump = await dumpRedis(redis.url);
    expect(dump).toContain('guilds:');
    for (const secret of [KEY_A, KEY_B, PASTED]) expect(dump).not.toContain(secret);

    // A's installer deauthorizes the app for themselves: the bot is still in guild A, so A keeps its
    // key and state; only that user's installer mark goes (they may no longer link A's key as installer).
    const deauthorized = event('APPLICATION_DEAUTHORIZED', { user: userObject(ADMIN_A) });
    expect((await discord.http.raw(webhookEvents(), deauthorized, {})).status).toBe(204);
    expect(await app.tenancy?.directory.summary(`discord:${GUILD_A.guildId}`)).toMatchObject({
      apiKeyHint: '…AAAA',
    });
    expect(await app.tenancy?.keys.installer(`discord:${GUILD_A.guildId}`)).toBeNull();
    expect(await app.tenancy?.keys.installer(`discord:${GUILD_B.guildId}`)).toBe(INSTALLER_B.id);
    inGuild(GUILD_A);
    proxy.seen.length = 0;
    expect(await editedText((await slash(MEMBER, ['os', 'list'])).interaction, "A's list")).toContain(
      'Ubuntu',
    );
    expect(new Set(proxy.seen)).toEqual(new Set([KEY_A]));

    // Guild A removes the app: guild A is forgotten, and its key is used no more.
    const removed = event('APPLICATION_DEAUTHORIZED', {
      user: userObject(ADMIN_A),
      guild: { id: GUILD_A.guildId, name: 'a guild' },
    });
    expect((await discord.http.raw(webhookEvents(), removed, {})).status).toBe(204);
    expect(await app.tenancy?.directory.summary(`discord:${GUILD_A.guildId}`)).toBeNull();
    inGuild(GUILD_A);
    proxy.seen.length = 0;
    expect(immediateText((await slash(MEMBER, ['os', 'list'])).body)).toContain('/vps connect');
    // "Show server" on a message (issue 42) is told the same, and reads nothing with anyone's key.
    const show = await discord.http.messageCommand(interactions(), MEMBER, 'Show server', {
      content: 'web-1',
    });
    expect(immediateText(show.body)).toContain('/vps connect');
    inGuild(GUILD_B);
    expect(await editedText((await slash(MEMBER, ['os', 'list'])).interaction, "B's list")).toContain(
      'Ubuntu',
    );
    expect(new Set(proxy.seen)).toEqual(new Set([KEY_B]));

    // B's installer disconnects: B answers how to connect again.
    expect(immediateText((await slash(INSTALLER_B, ['disconnect'])).body)).toContain('unlinked');
    proxy.seen.length = 0;
    expect(immediateText((await slash(MEMBER, ['os', 'list'])).body)).toContain('/vps connect');
    expect(proxy.seen).toEqual([]);
  }, 120_000);
});
