// Gateway mode across replicas: each shard's session is held by exactly one process under the
// store lease `shard:<id>`, renewed while the session runs. Replicas without a shard poll the free
// ones and take one over once its holder stops renewing (dead, or cut off from the store), within
// TTL + poll interval. Each held shard is a discord.js Client started with its own `shards` /
// `shardCount` options, so the gateway protocol stays discord.js's.
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { Client, Events, GatewayIntentBits, REST, Routes, type RESTOptions } from 'discord.js';
import { lease, type Lease, type LeaseStore } from '../../src/core/index.js';
import type { HandlerContext } from './context.js';
import { forgetOnGuildDelete } from './guild-tenancy.js';
import { handleInteraction } from './interactions.js';
import { describeError } from './errors.js';

/** How long a shard lease lasts without renewal unless told (VPSOPS_LEASE_TTL_SECONDS); a dead holder's shard is free after this. */
export const SHARD_LEASE_TTL_MS = 15_000;

/** What the sharded gateway needs. */
export interface ShardedGatewayOptions {
  token: string;
  /** REST options of each shard's client (base URL, the adapter's undici Agent). */
  restOptions: Partial<RESTOptions>;
  /** Total shards; unset → what Discord's /gateway/bot recommends. */
  shardCount?: number;
  leases: LeaseStore;
  rest: REST;
  ctx: HandlerContext;
  ttlMs?: number;
  /** How often free (or lapsed) shards are looked for; default a third of the TTL (held ones are renewed as often). */
  pollMs?: number;
}

/** The running lease loop. */
export interface ShardedGateway {
  readonly owner: string;
  readonly shardCount: number;
  /** Shard ids whose session this process holds now. */
  held(): number[];
  stop(): Promise<void>;
}

/** The lease name of one shard. */
export const shardLease = (id: number): string => `shard:${id}`;

/** What Discord recommends for this bot (GET /gateway/bot). */
export async function recommendedShards(rest: REST): Promise<number> {
  const body = (await rest.get(Routes.gatewayBot())) as { shards?: unknown };
  return typeof body.shards === 'number' && body.shards >= 1 ? body.shards : 1;
}

async function openShard(o: ShardedGatewayOptions, id: number, count: number): Promise<Client> {
  const client = new Client({
    intents: [GatewayIntentBits.Guilds],
    rest: o.restOptions,
    shards: [id],
    shardCount: count,
  });
  client.on(Events.InteractionCreate, (interaction) => void handleInteraction(interaction, o.ctx));
  forgetOnGuildDelete(client, o.ctx.tenancy, o.ctx.logger);
  client.on(Events.Error, (error) =>
    o.ctx.logger.error({ error: describeError(error), shard: id }, 'discord: client error'),
  );
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  try {
    await client.login(o.token);
    await ready;
    return client;
  } catch (error) {
    await client.destroy();
    throw error;
  }
}

/** One shard this process holds the lease of, from acquisition on (its session may still be logging in). */
interface HeldShard {
  lease: Lease;
  client?: Client;
}

/** Starts the lease loop; resolves after the first round (this replica may hold no shard yet). */
export async function startShardedGateway(o: ShardedGatewayOptions): Promise<ShardedGateway> {
  const owner = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const ttl = o.ttlMs ?? SHARD_LEASE_TTL_MS;
  const poll = o.pollMs ?? Math.round(ttl / 3);
  const count = o.shardCount ?? (await recommendedShards(o.rest));
  const sessions = new Map<number, HeldShard>();
  const log = o.ctx.logger;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const drop = async (id: number, held: Lease, why: string) => {
    const session = sessions.get(id);
    if (session?.lease !== held) return;
    sessions.delete(id);
    held.abandon();
    log.warn({ shard: id, why }, 'discord: shard session given up');
    await session.client?.destroy();
  };

  // The lease helper renews every third of the TTL on its own timer, so a slow login never lets a
  // held lease lapse; when renewals keep failing the session is given up before the lease can lapse.
  const shardLeaseFor = (id: number): Lease => {
    const held: Lease = lease(o.leases, shardLease(id), owner, ttl, {
      onLost: () => void drop(id, held, 'lease lost'),
      onError: (error) =>
        log.warn({ shard: id, error: describeError(error) }, 'discord: shard lease renewal failed'),
      onAtRisk: () => void drop(id, held, 'lease cannot be renewed'),
    });
    return held;
  };

  // At most one new shard per round, so replicas starting together share the shards out.
  const takeOne = async () => {
    for (let id = 0; id < count; id += 1) {
      if (sessions.has(id)) continue;
      const held = shardLeaseFor(id);
      if (!(await held.take())) continue;
      const session: HeldShard = { lease: held };
      sessions.set(id, session);
      held.keep();
      try {
        const client = await openShard(o, id, count);
        if (stopped || sessions.get(id) !== session) {
          await client.destroy();
          return;
        }
        session.client = client;
        log.info({ shard: id, shardCount: count }, 'discord: holding shard');
      } catch (error) {
        log.error({ shard: id, error: describeError(error) }, 'discord: shard login failed');
        if (sessions.get(id) === session) sessions.delete(id);
        await held.release().catch(() => undefined);
      }
      return;
    }
  };

  const round = async () => {
    try {
      await takeOne();
    } catch (error) {
      log.warn({ error: describeError(error) }, 'discord: shard lease round failed');
    }
    if (!stopped) timer = setTimeout(() => void round(), poll);
  };
  await round();

  return {
    owner,
    shardCount: count,
    held: () =>
      [...sessions.entries()]
        .filter(([, session]) => session.client)
        .map(([id]) => id)
        .sort((a, b) => a - b),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      for (const session of sessions.values()) {
        await session.client?.destroy();
        await session.lease.release().catch(() => undefined);
      }
      sessions.clear();
    },
  };
}
