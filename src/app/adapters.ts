// The chat-platform catalogue: per platform, which environment variables hold its secrets (so they
// are redacted everywhere), whether the config turns it on, and a lazy factory that imports the
// adapter only then — console and exec never load discord.js or Bolt. A new platform is one entry
// here plus its adapters/<platform>/ folder.
import type { RequestListener } from 'node:http';
import type { EphemeralState, LeaseStore, Platform } from '../core/index.js';
import { discordEnabled, slackEnabled } from '../config.js';
import type { AppConfig } from '../app-config.js';
import type { Logger } from '../logger.js';
import type { HttpMount } from '../serve/http-server.js';
import type { ResumableAdapter } from './create-app.js';
import type { Tenancy } from './tenancy.js';

/** What every adapter factory may be given by `serve`. */
export interface AdapterDeps {
  logger: Logger;
  /** serve's HTTP server, for platforms that receive requests (Slack events, Discord interactions). */
  http: HttpMount;
  /** Short-lived adapter state (response_url handles, interaction tokens); shared between replicas. */
  state?: EphemeralState;
  /** The store's leases (Discord's sharded gateway holds one per shard). */
  leases?: LeaseStore;
  /** OAuth mode: installations and linked keys per tenant. */
  tenancy?: Tenancy;
}

/** One chat platform in the catalogue. */
export interface AdapterEntry {
  platform: Platform;
  /** The environment variables holding this platform's secrets. */
  secretEnv: readonly string[];
  /** Whether the config has what this platform needs to run. */
  enabled(config: AppConfig): boolean;
  /** Imports and builds the adapter (called only when enabled). */
  create(config: AppConfig, deps: AdapterDeps): Promise<ResumableAdapter>;
}

const slack: AdapterEntry = {
  platform: 'slack',
  // OAuth mode's secrets (client, state, encryption key) are redacted by secretsOf (config-oauth test).
  secretEnv: ['SLACK_BOT_TOKEN', 'SLACK_SIGNING_SECRET', 'SLACK_APP_TOKEN'],
  enabled: slackEnabled,
  async create(config, { logger, http, state, tenancy }) {
    const { createSlackAdapter } = await import('../../adapters/slack/index.js');
    const { slack } = config;
    return createSlackAdapter({
      botToken: slack.botToken ?? '',
      signingSecret: slack.signingSecret ?? '',
      appToken: slack.appToken,
      apiUrl: slack.apiUrl,
      http,
      logger,
      ...(state ? { state } : {}),
      ...(slack.oauth && tenancy
        ? { oauth: { ...slack.oauth, installations: tenancy.directory, keys: tenancy.keys } }
        : {}),
    });
  },
};

const discord: AdapterEntry = {
  platform: 'discord',
  secretEnv: ['DISCORD_TOKEN'],
  enabled: discordEnabled,
  async create(config, { logger, http, state, leases }) {
    const { createDiscordAdapter } = await import('../../adapters/discord/index.js');
    const { discord } = config;
    return createDiscordAdapter({
      token: discord.token ?? '',
      applicationId: discord.applicationId ?? '',
      apiUrl: discord.apiUrl,
      logger,
      ...(state ? { state } : {}),
      publicKey: discord.publicKey,
      mount: (path: string, listener: RequestListener) => http.mount(path, listener),
      shardCount: discord.shardCount,
      // Several replicas (shared store) or an explicit shard count: one session per shard, under leases.
      ...((config.redis.url || discord.shardCount) && leases ? { leases } : {}),
    });
  },
};

/** Every chat platform `serve` can run. */
export const ADAPTERS: readonly AdapterEntry[] = [slack, discord];

/** Whether any chat platform is configured (serve has something to run). */
export function anyAdapterEnabled(config: AppConfig): boolean {
  return ADAPTERS.some((entry) => entry.enabled(config));
}

/** The configured platforms' adapters, each module imported only now. */
export async function createChatAdapters(config: AppConfig, deps: AdapterDeps): Promise<ResumableAdapter[]> {
  const adapters: ResumableAdapter[] = [];
  for (const entry of ADAPTERS) if (entry.enabled(config)) adapters.push(await entry.create(config, deps));
  return adapters;
}
