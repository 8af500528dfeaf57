// Gateway mode across replicas: each shard's session is held by exactly one process under the
// store lease `shard:<id>`, renewed while the session runs. Replicas without a shard poll the free
// ones and take one over once its holder stops renewing (dead, or cut off from the store), within
// TTL + poll interval. Each held shard is a discord.js Client started with its own `shards` /
// `shardCount` options, so the gateway protocol stays discord.js's.
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { Client, Events, GatewayIntentBits, REST, Routes, type RESTOptions } from 'discord.js';
import type { LeaseStore } from '../../src/core/index.js';
import type { HandlerContext } from './interactions.js';
import { handleInteraction } from './interactions.js';
import { describeError } from './errors.js';

/** How long a shard lease lasts without renewal; a dead holder's shard is free after this. */
export const SHARD_LEASE_TTL_MS = 15_000;
/** How often held leases are renewed and free shards looked for. */
export const SHARD_POLL_MS = 5_000;

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

/** Starts the lease loop; resolves after the first round (this replica may hold no shard yet). */
export async function startShardedGateway(o: ShardedGatewayOptions): Promise<ShardedGateway> {
  const owner = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const ttl = o.ttlMs ?? SHARD_LEASE_TTL_MS;
  const poll = o.pollMs ?? SHARD_POLL_MS;
  const count = o.shardCount ?? (await recommendedShards(o.rest));
  // Leases this process holds, from acquisition on (a session may still be logging in).
  const sessions = new Map<number, { client?: Client; renewedAt: number }>();
  const log = o.ctx.logger;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let renewing = false;

  const drop = async (id: number, why: string) => {
    const session = sessions.get(id);
    sessions.delete(id);
    log.warn({ shard: id, why }, 'discord: shard session given up');
    await session?.client?.destroy();
  };

  // Renewals run on their own timer, so a slow login never lets a held lease lapse.
  const renewHeld = async () => {
    if (renewing) return;
    renewing = true;
    try {
      for (const [id, session] of sessions) {
        try {
          if (await o.leases.renew(shardLease(id), owner, ttl)) session.renewedAt = Date.now();
          else await drop(id, 'lease lost');
        } catch (error) {
          log.warn({ shard: id, error: describeError(error) }, 'discord: shard lease renewal failed');
          // Give the session up before the lease can lapse, so no two replicas hold one shard.
          if (Date.now() - session.renewedAt + poll >= ttl) await drop(id, 'lease cannot be renewed');
        }
      }
    } finally {
      renewing = false;
    }
  };
  const renewals = setInterval(() => void renewHeld(), poll);

  // At most one new shard per round, so replicas starting together share the shards out.
  const takeOne = async () => {
    for (let id = 0; id < count; id += 1) {
      if (sessions.has(id)) continue;
      if (!(await o.leases.acquire(shardLease(id), owner, ttl))) continue;
      const session: { client?: Client; renewedAt: number } = { renewedAt: Date.now() };
      sessions.set(id, session);
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
        await o.leases.release(shardLease(id), owner).catch(() => undefined);
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
      clearInterval(renewals);
      for (const [id, session] of sessions) {
        await session.client?.destroy();
        await o.leases.release(shardLease(id), owner).catch(() => undefined);
      }
      sessions.clear();
    },
  };
}
