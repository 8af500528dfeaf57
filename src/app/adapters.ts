// The chat-platform catalogue: per platform, its configuration fragment (its variables and which
// are secrets, so they are redacted everywhere), whether its settings turn it on, and a lazy factory
// that imports the adapter only then — console and exec never load discord.js or Bolt. A new
// platform is one entry here plus its adapters/<platform>/ folder (index.ts, config.ts, …).
import type { RequestListener } from 'node:http';
import type {
  ChatAdapter,
  EphemeralState,
  LeaseStore,
  MemberSyntax,
  loadPolicy,
  Platform,
  TenantPlace,
} from '../core/index.js';
import type { ConfigFragment, SettingsOf } from '../adapter-kit/config-fragment.js';
import type { Logger } from '../logger.js';
import type { HttpMount } from '../serve/http-server.js';
import { discordConfig, discordEnabled, type DiscordSettings } from '../../adapters/discord/config.js';
import { discordMember, discordPolicy } from '../../adapters/discord/members.js';
import { slackConfig, slackEnabled, type SlackSettings } from '../../adapters/slack/config.js';
import { slackMember, slackPolicy } from '../../adapters/slack/members.js';
import { consolePolicy } from '../../adapters/console/members.js';
import type { TenantDirectory } from '../tenants/tenant-directory.js';
import type { TenantEvents, TenantKeys } from '../adapter-kit/tenant-ports.js';

/** What every adapter factory may be given by `serve`. */
export interface AdapterDeps {
  logger: Logger;
  /** serve's HTTP server, for platforms that receive requests (Slack events, Discord interactions). */
  http: HttpMount;
  /** Short-lived adapter state (response_url handles, interaction tokens); shared between replicas. */
  state?: EphemeralState;
  /** The store's leases (Discord's sharded gateway holds one per shard). */
  leases?: LeaseStore;
  /** Several replicas may run on this store (Redis), so shared work goes under leases. */
  sharedStore: boolean;
  /** How long a hold on shared work lasts unless renewed (VPSOPS_LEASE_TTL_SECONDS): a Discord shard's lease. */
  leaseTtlMs?: number;
  /** OAuth mode: installations and linked keys per tenant. */
  tenancy?: {
    directory: TenantDirectory;
    keys: TenantKeys;
    uninstall?: (tenantId: string) => Promise<void>;
    /** The unscoped short-lived state: the adapters' handles are platform ids, found the same inside a tenant or not. */
    sharedState?: EphemeralState;
    /** Installs and uninstalls audited (src/tenants/tenant-events.ts). */
    events?: TenantEvents;
    /** Signs Slack install states. */
    installStateKey: Uint8Array;
  };
}

/** The installations an adapter keeps; forgetting one (uninstall) also drops the tenant's pending cards and watches. */
const uninstalling = (tenancy: NonNullable<AdapterDeps['tenancy']>): TenantDirectory =>
  tenancy.uninstall ? { ...tenancy.directory, forget: tenancy.uninstall } : tenancy.directory;

/** How one platform is written in the policy file (src/core/policy/policy-schema.ts). */
type PolicyPlatform = Parameters<typeof loadPolicy>[2]['platforms'][number];

/** One platform as its entry states it, on its own settings. */
interface PlatformSpec<Key extends string, Settings> {
  platform: Platform;
  /** Its variables and secrets (adapters/<platform>/config.ts). */
  config: ConfigFragment<Key, Settings>;
  enabled(settings: Settings): boolean;
  /** The variables that turn it on, as a refusal names them ("SLACK_BOT_TOKEN and SLACK_SIGNING_SECRET"). */
  enableWith: string;
  /** How a word typed after `policy set <role>` names a member here (adapters/<platform>/members.ts). */
  members: MemberSyntax;
  /** How the policy file writes its members, channels and on-call targets (adapters/<platform>/members.ts). */
  policy: PolicyPlatform;
  /** What the platform calls a tenant, in the bot's texts. */
  tenantPlace: TenantPlace;
  create(settings: Settings, deps: AdapterDeps): Promise<ChatAdapter>;
}

/** One chat platform in the catalogue, reading its settings from the process config by its key. */
export interface AdapterEntry<Key extends string, Settings> extends PlatformSpec<Key, Settings> {
  /** The environment variables holding this platform's secrets. */
  secretEnv: readonly string[];
  /** Whether the config has what this platform needs to run. */
  enabledIn(config: { readonly [K in Key]: Settings }): boolean;
  /** Imports and builds the adapter (called only when enabled). */
  createFrom(config: { readonly [K in Key]: Settings }, deps: AdapterDeps): Promise<ChatAdapter>;
}

function entry<Key extends string, Settings>(spec: PlatformSpec<Key, Settings>): AdapterEntry<Key, Settings> {
  return {
    ...spec,
    secretEnv: spec.config.secretEnv,
    enabledIn: (config) => spec.enabled(config[spec.config.key]),
    createFrom: (config, deps) => spec.create(config[spec.config.key], deps),
  };
}

const slack = entry({
  platform: 'slack',
  config: slackConfig,
  enabled: slackEnabled,
  enableWith: 'SLACK_BOT_TOKEN and SLACK_SIGNING_SECRET',
  members: slackMember,
  policy: slackPolicy,
  tenantPlace: 'workspace',
  async create(settings: SlackSettings, { logger, http, state, tenancy }) {
    const { createSlackAdapter } = await import('../../adapters/slack/index.js');
    return createSlackAdapter({
      botToken: settings.botToken ?? '',
      signingSecret: settings.signingSecret ?? '',
      appToken: settings.appToken,
      apiUrl: settings.apiUrl,
      http,
      logger,
      ...(state ? { state } : {}),
      ...(settings.oauth && tenancy
        ? {
            oauth: {
              ...settings.oauth,
              installations: uninstalling(tenancy),
              keys: tenancy.keys,
              installStateKey: tenancy.installStateKey,
              ...(tenancy.events ? { events: tenancy.events } : {}),
            },
          }
        : {}),
    });
  },
});

const discord = entry({
  platform: 'discord',
  config: discordConfig,
  enabled: discordEnabled,
  enableWith: 'DISCORD_TOKEN and DISCORD_APPLICATION_ID',
  members: discordMember,
  policy: discordPolicy,
  tenantPlace: 'server',
  async create(settings: DiscordSettings, { logger, http, state, leases, sharedStore, leaseTtlMs, tenancy }) {
    const { createDiscordAdapter } = await import('../../adapters/discord/index.js');
    return createDiscordAdapter({
      token: settings.token ?? '',
      applicationId: settings.applicationId ?? '',
      apiUrl: settings.apiUrl,
      logger,
      ...(state ? { state } : {}),
      publicKey: settings.publicKey,
      mount: (path: string, listener: RequestListener) => http.mount(path, listener),
      shardCount: settings.shardCount,
      // Several replicas (shared store) or an explicit shard count: one session per shard, under leases.
      ...((sharedStore || settings.shardCount) && leases ? { leases } : {}),
      ...(leaseTtlMs !== undefined ? { leaseTtlMs } : {}),
      ...(settings.multiGuild && tenancy
        ? {
            tenancy: { keys: tenancy.keys, installations: uninstalling(tenancy) },
          }
        : {}),
    });
  },
});

/** Every chat platform `serve` can run. */
export const ADAPTERS = [slack, discord] as const;

/** Every platform id an invocation may carry: the catalogue's and the console (metric labels). */
export const PLATFORM_IDS: readonly string[] = ['console', ...ADAPTERS.map((adapter) => adapter.platform)];

/** A platform's member syntax for `policy set`; undefined for one outside the catalogue (the console). */
export function memberSyntaxOf(platform: Platform): MemberSyntax | undefined {
  return ADAPTERS.find((adapter) => adapter.platform === platform)?.members;
}

/** How the policy file writes each platform's members, channels and on-call targets: the catalogue's, then the console's. */
export const POLICY_PLATFORMS: readonly PolicyPlatform[] = [...ADAPTERS.map((a) => a.policy), consolePolicy];

/** What a platform calls its tenants; undefined for one outside the catalogue (the console). */
export function tenantPlaceOf(platform: Platform): TenantPlace | undefined {
  return ADAPTERS.find((adapter) => adapter.platform === platform)?.tenantPlace;
}

/** Every platform's configuration fragment, for src/config.ts. */
export const PLATFORM_CONFIGS = ADAPTERS.map((adapter) => adapter.config);

/** What the platforms add to the process config (`config.slack`, `config.discord`). */
export type PlatformSettings = SettingsOf<(typeof ADAPTERS)[number]['config']>;

/** Whether any chat platform is configured (serve has something to run). */
export function anyAdapterEnabled(config: PlatformSettings): boolean {
  return ADAPTERS.some((adapter) => adapter.enabledIn(config));
}

/** The configured platforms' adapters, each module imported only now. */
export async function createChatAdapters(
  config: PlatformSettings,
  deps: AdapterDeps,
): Promise<ChatAdapter[]> {
  const adapters: ChatAdapter[] = [];
  const state = deps.tenancy?.sharedState ?? deps.state;
  const shared = { ...deps, ...(state ? { state } : {}) };
  for (const adapter of ADAPTERS)
    if (adapter.enabledIn(config)) adapters.push(await adapter.createFrom(config, shared));
  return adapters;
}
