// The fake Discord gateway over `ws` (JSON encoding, no compression — what discord.js uses when
// zlib-sync is absent): HELLO, IDENTIFY → READY + GUILD_CREATE, heartbeat ACKs, RESUME, and
// dispatch of arbitrary events (INTERACTION_CREATE). IDENTIFY may carry `shard: [id, count]`: the
// IDENTIFYs are counted per shard, and guild events go only to the session of the guild's shard
// ((guild_id >> 22) % count), as Discord routes them.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { FakeWorld } from './fake-discord-payloads.js';

/** Who the bot is and which guild it sees. */
export interface GatewayWorld extends FakeWorld {
  botUser: { id: string; username: string };
  roles: { id: string; name: string }[];
}

/** A running fake gateway attached to the fake REST server's HTTP upgrade. */
export interface FakeGateway {
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Resolves once a client has identified (READY sent). */
  identified(): Promise<void>;
  dispatch(event: string, data: unknown): void;
  /** IDENTIFYs received per shard id (0 for unsharded sessions). */
  identifies: Map<number, number>;
  close(): void;
}

function role(id: string, name: string, position: number) {
  return {
    id,
    name,
    permissions: '0',
    position,
    color: 0,
    hoist: false,
    managed: false,
    mentionable: false,
    flags: 0,
  };
}

/** Creates the gateway; `url` is its own ws:// address, used as resume_gateway_url. */
export function createFakeGateway(world: GatewayWorld, url: () => string): FakeGateway {
  const wss = new WebSocketServer({ noServer: true });
  const sockets = new Set<WebSocket>();
  const shardOf = new Map<WebSocket, [number, number]>();
  const identifies = new Map<number, number>();
  const guildShard = (count: number) => Number((BigInt(world.guildId) >> 22n) % BigInt(count));
  let seq = 0;
  let onIdentified: (() => void) | null = null;
  let wasIdentified = false;
  const send = (ws: WebSocket, payload: unknown) => ws.send(JSON.stringify(payload));
  const dispatchTo = (ws: WebSocket, t: string, d: unknown) => send(ws, { op: 0, t, s: ++seq, d });

  const ready = (ws: WebSocket, shard: [number, number]) => {
    dispatchTo(ws, 'READY', {
      v: 10,
      user: { ...world.botUser, discriminator: '0000', bot: true, avatar: null, global_name: null, flags: 0 },
      guilds: guildShard(shard[1]) === shard[0] ? [{ id: world.guildId, unavailable: true }] : [],
      session_id: 'fake-session',
      resume_gateway_url: url(),
      application: { id: world.applicationId, flags: 0 },
      shard,
      private_channels: [],
      relationships: [],
      user_settings: {},
      presences: [],
      guild_join_requests: [],
      geo_ordered_rtc_regions: [],
    });
    if (guildShard(shard[1]) === shard[0])
      dispatchTo(ws, 'GUILD_CREATE', {
        id: world.guildId,
        name: 'Ops',
        icon: null,
        owner_id: world.botUser.id,
        unavailable: false,
        large: false,
        member_count: 3,
        features: [],
        emojis: [],
        stickers: [],
        roles: [role(world.guildId, '@everyone', 0), ...world.roles.map((r, i) => role(r.id, r.name, i + 1))],
        channels: [
          { id: world.channelId, type: 0, name: 'ops', position: 0, permission_overwrites: [], flags: 0 },
        ],
        threads: [],
        members: [],
        voice_states: [],
        presences: [],
        stage_instances: [],
        guild_scheduled_events: [],
        premium_tier: 0,
        preferred_locale: 'en-US',
        joined_at: '2024-01-01T00:00:00.000Z',
      });
    wasIdentified = true;
    onIdentified?.();
  };

  wss.on('connection', (ws) => {
    sockets.add(ws);
    ws.on('close', () => {
      sockets.delete(ws);
      shardOf.delete(ws);
    });
    ws.on('message', (raw: Buffer) => {
      const packet = JSON.parse(raw.toString()) as { op: number; d?: { shard?: [number, number] } };
      if (packet.op === 1) send(ws, { op: 11, d: null });
      else if (packet.op === 2) {
        const shard = packet.d?.shard ?? [0, 1];
        shardOf.set(ws, shard);
        identifies.set(shard[0], (identifies.get(shard[0]) ?? 0) + 1);
        ready(ws, shard);
      } else if (packet.op === 6) dispatchTo(ws, 'RESUMED', null);
    });
    send(ws, { op: 10, d: { heartbeat_interval: 41_250 }, s: null, t: null });
  });

  return {
    handleUpgrade(request, socket, head) {
      wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request));
    },
    identified() {
      if (wasIdentified) return Promise.resolve();
      return new Promise((resolve) => (onIdentified = resolve));
    },
    dispatch(event, data) {
      for (const ws of sockets) {
        const [id, count] = shardOf.get(ws) ?? [0, 1];
        if (guildShard(count) === id) dispatchTo(ws, event, data);
      }
    },
    identifies,
    close() {
      for (const ws of sockets) ws.terminate();
      wss.close();
    },
  };
}
