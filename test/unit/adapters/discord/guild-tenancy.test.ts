// Multi-guild mode's forgetting of guilds: GUILD_DELETE on the gateway (not an outage), and the
// webhook events endpoint (signed like interactions; APPLICATION_AUTHORIZED records who installed
// the app in a guild, APPLICATION_DEAUTHORIZED forgets that user's guilds).
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../../src/api/index.js';
import { openTenancy, type Tenancy } from '../../../../src/app/tenancy.js';
import { loadConfig } from '../../../../src/app/config/load.js';
import { createMemoryStore } from '../../../../src/store/memory/table-store.js';
import { createSignatureCheck } from '../../../../adapters/discord/signature.js';
import { createWebhookEventsEndpoint } from '../../../../adapters/discord/webhook-events.js';
import type { GuildTenancy } from '../../../../adapters/discord/index.js';
import { stopAll } from '../../../support/cleanup.js';
import { fakeHostingApi } from '../../../support/fake-api.js';
import { createInteractionSigner, postSigned } from '../../../support/fake-discord-http.js';
import { DISCORD_USERS, startDiscordWorld, type DiscordWorld } from '../../../support/fake-discord-world.js';
import { waitFor } from '../../../support/wait-for.js';

const config = loadConfig({
  DISCORD_TOKEN: 'fake-discord-bot-token-0123',
  DISCORD_APPLICATION_ID: '900000000000000001',
  DISCORD_MULTI_GUILD: '1',
  VPSOPS_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
});
const KEY = 'hk-some-guild-key-0123';

/** The tenancy on a memory store; every key is accepted. */
function tenancyOnMemory(): { tenancy: Tenancy; guilds: GuildTenancy } {
  const accepting = fakeHostingApi({ systems: { list: async () => [] } });
  const tenancy = openTenancy(config, createMemoryStore(), (key) =>
    key
      ? accepting
      : fakeHostingApi({
          systems: {
            list: async () => {
              throw new ApiError('UNAUTHORIZED', 'systems.list', { status: 401 });
            },
          },
        }),
  );
  return { tenancy, guilds: { keys: tenancy.keys, installations: tenancy.directory } };
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  await stopAll(...cleanups.splice(0));
});

describe('GUILD_DELETE in gateway mode', () => {
  it('forgets a guild the bot was removed from, not one that is only unavailable', async () => {
    const { tenancy, guilds } = tenancyOnMemory();
    const world: DiscordWorld = await startDiscordWorld({ tenancy: guilds });
    cleanups.push(() => world.close());
    const tenantId = `discord:${world.discord.world.guildId}`;
    await tenancy.keys.link(tenantId, KEY, 'discord:1');
    expect(await tenancy.keys.linkedKeyHint(tenantId)).toBe('…0123');

    // An outage: the guild stays. The help command sent after it is answered only once it was handled.
    world.discord.dispatchEvent('GUILD_DELETE', { id: world.discord.world.guildId, unavailable: true });
    const help = world.discord.slash(DISCORD_USERS.viewer, ['help']);
    await waitFor(() => {
      const reply = help.originalId ? world.discord.store.messages.get(help.originalId) : undefined;
      return reply && reply.edits > 0 ? reply : undefined;
    }, 'the help reply');
    expect(await tenancy.keys.linkedKeyHint(tenantId)).toBe('…0123');

    // Then removed (kicked while it was unavailable): forgotten.
    world.discord.dispatchEvent('GUILD_DELETE', { id: world.discord.world.guildId });
    await waitFor(async () => (await tenancy.directory.summary(tenantId)) === null, 'the guild forgotten');
    expect(await tenancy.directory.apiKey(tenantId)).toBeNull();
  });
});

describe('the webhook events endpoint', () => {
  async function endpoint(guilds: GuildTenancy) {
    const signer = createInteractionSigner();
    const listener = createWebhookEventsEndpoint({
      check: createSignatureCheck(signer.publicKeyHex),
      tenancy: guilds,
      logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
    });
    const server: Server = createServer(listener);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/discord/webhook-events`;
    return {
      post: (body: unknown, signature?: 'none' | 'forged') =>
        postSigned(url, signer, body, signature ? { signature } : {}),
    };
  }
  const event = (type: string, data: unknown) => ({
    version: 1,
    application_id: '900000000000000001',
    type: 1,
    event: { type, timestamp: new Date().toISOString(), data },
  });
  const user = (id: string) => ({ id, username: `u${id}`, discriminator: '0' });

  it('answers PING 204 and refuses unsigned or forged requests without reading them', async () => {
    const { guilds } = tenancyOnMemory();
    const { post } = await endpoint(guilds);
    const ping = { version: 1, application_id: '900000000000000001', type: 0 };
    expect((await post(ping)).status).toBe(204);
    expect((await post(ping, 'none')).status).toBe(401);
    const forged = event('APPLICATION_DEAUTHORIZED', { user: user('7'), guild: { id: '8' } });
    expect((await post(forged, 'forged')).status).toBe(401);
    expect((await post('not an event')).status).toBe(400);
  });

  it('records guild installs; a user who deauthorizes loses only their installer mark; a named guild is forgotten', async () => {
    const { tenancy, guilds } = tenancyOnMemory();
    const { post } = await endpoint(guilds);
    const install = (guildId: string, userId: string, integrationType = 0) =>
      post(
        event('APPLICATION_AUTHORIZED', {
          integration_type: integrationType,
          user: user(userId),
          scopes: ['applications.commands', 'bot'],
          guild: { id: guildId, name: 'g' },
        }),
      );
    expect((await install('101', '7')).status).toBe(204);
    expect((await install('102', '9')).status).toBe(204);
    // A user install (integration type 1) names no guild of ours: nothing recorded.
    expect((await install('103', '7', 1)).status).toBe(204);
    expect(await tenancy.keys.installer('discord:101')).toBe('7');
    expect(await tenancy.directory.summary('discord:103')).toBeNull();
    for (const guild of ['101', '102']) await tenancy.keys.link(`discord:${guild}`, KEY, 'discord:7');

    // Someone who installed nothing: nothing forgotten.
    expect((await post(event('APPLICATION_DEAUTHORIZED', { user: user('5') }))).status).toBe(204);
    expect(await tenancy.directory.apiKey('discord:101')).toBe(KEY);

    // The installer of 101 deauthorizes the app for themselves: the bot is still in 101, which keeps
    // its key; only their installer mark goes. 102 (installed by 9) is untouched.
    expect((await post(event('APPLICATION_DEAUTHORIZED', { user: user('7') }))).status).toBe(204);
    expect(await tenancy.directory.apiKey('discord:101')).toBe(KEY);
    expect(await tenancy.keys.installer('discord:101')).toBeNull();
    expect(await tenancy.keys.installer('discord:102')).toBe('9');
    expect(await tenancy.directory.apiKey('discord:102')).toBe(KEY);

    // An event naming a guild forgets that guild.
    const named = event('APPLICATION_DEAUTHORIZED', { user: user('5'), guild: { id: '102' } });
    expect((await post(named)).status).toBe(204);
    expect(await tenancy.directory.summary('discord:102')).toBeNull();
  });
});
