// A fake Discord on 127.0.0.1:0 for e2e tests and the benchmark: the REST API the adapter uses
// (gateway discovery, commands, interaction callbacks incl. multipart, webhook edits, channel
// message edits with the bot token) recording every call, plus the fake gateway on /gateway.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { checkDiscordCall } from './discord-conformance.js';
import { v2Refusal as v2Problem } from './fake-discord-v2.js';
import { createFakeGateway } from './fake-discord-gateway.js';
import { createHttpSide } from './fake-discord-http.js';
import {
  autocompletePayload,
  buttonPayload,
  selectPayload,
  messageCommandPayload,
  modalPayload,
  slashPayload,
  userMessage,
  type FakeMessageBody,
  type FakeOptionValue,
  type FakeUser,
} from './fake-discord-payloads.js';
import {
  FakeDiscordStore,
  type StoredInteraction,
  type StoredMessage,
  type UploadedFile,
} from './fake-discord-store.js';

/** One REST call as the fake received it (the Authorization value itself is never kept). */
export interface RecordedCall {
  method: string;
  /** Path after /api/v10, e.g. /interactions/1/tok/callback. */
  path: string;
  query: Record<string, string>;
  auth: 'bot' | 'wrong' | 'none';
  body: Record<string, unknown> | unknown[] | null;
  files: UploadedFile[];
  status: number;
  /** performance.now() when the request arrived. */
  at: number;
}

/** A scripted failure for the next matching call(s). */
export interface FailRule {
  method: string;
  path: RegExp;
  status: number;
  body: Record<string, unknown>;
  headers?: Record<string, string>;
  times?: number;
}

type Reply = { status: number; body?: unknown };

/** A 429 the way Discord sends it (retry_after in seconds, in the body and the header). */
export function rateLimited(method: string, path: RegExp, retryAfterSeconds = 0.05): FailRule {
  return {
    method,
    path,
    status: 429,
    body: { message: 'You are being rate limited.', retry_after: retryAfterSeconds, global: false },
    headers: { 'retry-after': String(retryAfterSeconds), 'x-ratelimit-scope': 'user' },
  };
}

/** Discord refusing an edit of a message older than an hour (30046: about 3 such edits per 6 s). */
export function editLimited(path: RegExp, times = 1): FailRule {
  return {
    method: 'PATCH',
    path,
    status: 400,
    body: {
      message: 'Maximum number of edits to messages older than 1 hour reached. Try again later',
      code: 30046,
    },
    times,
  };
}

async function readBody(
  req: IncomingMessage,
): Promise<{ body: RecordedCall['body']; files: UploadedFile[] }> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks);
  const type = req.headers['content-type'] ?? '';
  if (raw.length === 0) return { body: null, files: [] };
  if (type.startsWith('multipart/form-data')) {
    const form = await new Response(raw, { headers: { 'content-type': type } }).formData();
    const files: UploadedFile[] = [];
    let body: RecordedCall['body'] = null;
    for (const [field, value] of form.entries()) {
      if (field === 'payload_json' && typeof value === 'string')
        body = JSON.parse(value) as RecordedCall['body'];
      else if (typeof value !== 'string')
        files.push({
          name: value.name,
          contentType: value.type,
          size: value.size,
          data: Buffer.from(await value.arrayBuffer()),
        });
    }
    return { body, files };
  }
  return { body: JSON.parse(raw.toString()) as RecordedCall['body'], files: [] };
}

/** Starts the fake Discord. */
export async function startFakeDiscord(
  options: { roles?: { id: string; name: string }[]; recommendedShards?: number } = {},
) {
  const world = {
    applicationId: '900000000000000001',
    guildId: '900000000000000002',
    channelId: '900000000000000003',
    botUser: { id: '900000000000000001', username: 'vpsops' },
    roles: options.roles ?? [],
  };
  const botToken = 'fake-bot-token.not-a-secret';
  const store = new FakeDiscordStore();
  const calls: RecordedCall[] = [];
  /** Conformance findings on what the bot sent (see discord-conformance.ts); close() fails on any. */
  const findings: string[] = [];
  const listeners = new Set<(call: RecordedCall) => void>();
  const failRules: FailRule[] = [];
  const commands = new Map<string, unknown[]>();
  const expiredTokens = new Set<string>();
  let port = 0;
  const gateway = createFakeGateway(world, () => `ws://127.0.0.1:${port}/gateway`);
  const api = (m: StoredMessage) => store.toApi(m, world.applicationId, world.guildId);
  const unknownMessage: Reply = { status: 404, body: { message: 'Unknown Message', code: 10008 } };
  const badToken: Reply = { status: 401, body: { message: 'Invalid Webhook Token', code: 50027 } };
  // A Components V2 message Discord would refuse (fake-discord-v2.ts), created or edited.
  const v2Refusal = (
    m: StoredMessage | null,
    body: Record<string, unknown>,
    files: UploadedFile[],
  ): Reply | null => {
    const problem = v2Problem(m, body, files);
    return problem === null
      ? null
      : { status: 400, body: { message: `Invalid Form Body: ${problem}`, code: 50035 } };
  };

  function interactionByToken(token: string): StoredInteraction | undefined {
    return expiredTokens.has(token) ? undefined : store.interactions.get(token);
  }

  function callback(i: StoredInteraction, body: Record<string, unknown>, files: UploadedFile[]): Reply {
    if (i.acknowledged)
      return { status: 400, body: { message: 'Interaction has already been acknowledged.', code: 40060 } };
    const type = Number(body.type);
    const data = (body.data ?? {}) as Record<string, unknown>;
    const source = i.sourceMessageId ? (store.messages.get(i.sourceMessageId) ?? null) : null;
    const refused = type === 4 || type === 7 ? v2Refusal(type === 7 ? source : null, data, files) : null;
    if (refused) return refused;
    i.acknowledged = true;
    i.callbackType = type;
    if (type === 4 || type === 5) {
      const message = store.create(i.channelId, Number(data.flags ?? 0));
      if (type === 4) store.apply(message, data, files, 'webhook');
      i.originalId = message.id;
    } else if (type === 6 || type === 7) {
      i.originalId = i.sourceMessageId;
      const message = i.sourceMessageId ? store.messages.get(i.sourceMessageId) : undefined;
      if (type === 7 && message) store.apply(message, data, files, 'webhook');
    } else if (type === 8) {
      i.choices = (data.choices ?? []) as StoredInteraction['choices'];
    } else if (type === 9) {
      i.modal = data;
    }
    return { status: 204 };
  }

  function webhook(
    method: string,
    token: string,
    messageId: string | undefined,
    body: Record<string, unknown>,
    files: UploadedFile[],
  ): Reply {
    const i = interactionByToken(token);
    if (!i) return badToken;
    if (method === 'POST' && messageId === undefined) {
      const refused = v2Refusal(null, body, files);
      if (refused) return refused;
      const message = store.apply(store.create(i.channelId, Number(body.flags ?? 0)), body, files, 'webhook');
      return { status: 200, body: api(message) };
    }
    const id = messageId === '@original' ? i.originalId : messageId;
    const message = id ? store.messages.get(id) : undefined;
    if (!message || message.deleted) return unknownMessage;
    if (method === 'GET') return { status: 200, body: api(message) };
    if (method === 'DELETE') {
      message.deleted = true;
      return { status: 204 };
    }
    const refused = v2Refusal(message, body, files);
    if (refused) return refused;
    message.edits += 1;
    return { status: 200, body: api(store.apply(message, body, files, 'webhook')) };
  }

  function route(
    method: string,
    path: string,
    auth: RecordedCall['auth'],
    body: Record<string, unknown>,
    files: UploadedFile[],
  ): Reply {
    let m: RegExpExecArray | null;
    if ((m = /^\/interactions\/(\d+)\/([^/]+)\/callback$/.exec(path)) && method === 'POST') {
      const i = interactionByToken(m[2] ?? '');
      return i && i.id === m[1]
        ? callback(i, body, files)
        : { status: 404, body: { message: 'Unknown interaction', code: 10062 } };
    }
    if (
      (m = /^\/webhooks\/(\d+)\/([^/]+)(?:\/messages\/([^/]+))?$/.exec(path)) &&
      m[1] === world.applicationId
    ) {
      return webhook(method, m[2] ?? '', m[3], body, files);
    }
    if (auth !== 'bot') return { status: 401, body: { message: '401: Unauthorized', code: 0 } };
    if (path === '/gateway/bot' && method === 'GET') {
      const session_start_limit = { total: 1000, remaining: 999, reset_after: 0, max_concurrency: 1 };
      return {
        status: 200,
        body: {
          url: `ws://127.0.0.1:${port}/gateway`,
          shards: options.recommendedShards ?? 1,
          session_start_limit,
        },
      };
    }
    if (path === '/users/@me')
      return { status: 200, body: { ...world.botUser, discriminator: '0000', bot: true, avatar: null } };
    if ((m = /^\/applications\/(\d+)(\/guilds\/\d+)?\/commands$/.exec(path))) {
      const key = m[2] ?? 'global';
      if (method === 'GET') return { status: 200, body: commands.get(key) ?? [] };
      if (method === 'PUT') {
        const saved = (body as unknown as Record<string, unknown>[]).map((c, n) => ({
          id: `7${n}0000000000000000`,
          application_id: world.applicationId,
          version: `${Date.now()}`,
          default_member_permissions: null,
          nsfw: false,
          integration_types: [0],
          ...JSON.parse(
            JSON.stringify(c, (k, v: unknown) =>
              (k === 'required' || k === 'autocomplete') && v === false ? undefined : v,
            ),
          ),
        }));
        commands.set(key, saved);
        return { status: 200, body: saved };
      }
    }
    if ((m = /^\/channels\/(\d+)$/.exec(path)) && method === 'GET')
      return { status: 200, body: { id: m[1], type: 0, guild_id: world.guildId, name: `channel-${m[1]}` } };
    // A direct-message channel per person: "dm-<user id>" as its id would not be a snowflake.
    if (path === '/users/@me/channels' && method === 'POST')
      return { status: 200, body: { id: `9${String(body.recipient_id)}`, type: 1, recipients: [] } };
    if ((m = /^\/channels\/(\d+)\/messages\/pins\/(\d+)$/.exec(path))) {
      const message = store.messages.get(m[2] ?? '');
      if (!message || message.deleted || message.channelId !== m[1]) return unknownMessage;
      if (method !== 'PUT' && method !== 'DELETE') return { status: 405, body: { message: '405', code: 0 } };
      message.pinned = method === 'PUT';
      return { status: 204 };
    }
    if ((m = /^\/channels\/(\d+)\/messages(?:\/(\d+))?$/.exec(path))) {
      if (method === 'POST' && !m[2])
        return (
          v2Refusal(null, body, files) ?? {
            status: 200,
            body: api(store.apply(store.create(m[1] ?? ''), body, files, 'bot')),
          }
        );
      const message = store.messages.get(m[2] ?? '');
      if (!message || message.deleted || message.channelId !== m[1] || (message.flags & 64) !== 0)
        return unknownMessage;
      if (method === 'PATCH') {
        const refused = v2Refusal(message, body, files);
        if (refused) return refused;
        message.edits += 1;
        return { status: 200, body: api(store.apply(message, body, files, 'bot')) };
      }
    }
    return { status: 404, body: { message: '404: Not Found', code: 0 } };
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const at = performance.now();
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const path = decodeURIComponent(url.pathname).replace(/^\/api\/v10/, '');
    const header = req.headers.authorization;
    const auth = header === undefined ? 'none' : header === `Bot ${botToken}` ? 'bot' : 'wrong';
    const { body, files } = await readBody(req);
    // A webhook call can overtake the HTTP response carrying the first answer; Discord orders them.
    const hookToken = /^\/webhooks\/\d+\/([^/]+)/.exec(path)?.[1];
    if (hookToken) await httpSide.answered(hookToken);
    const call: RecordedCall = {
      method: req.method ?? 'GET',
      path,
      query: Object.fromEntries(url.searchParams),
      auth,
      body,
      files,
      status: 0,
      at,
    };
    const rule = failRules.find((r) => r.method === call.method && r.path.test(path));
    let reply: Reply;
    if (rule) {
      rule.times = (rule.times ?? 1) - 1;
      if (rule.times <= 0) failRules.splice(failRules.indexOf(rule), 1);
      res.setHeader('content-type', 'application/json');
      for (const [k, v] of Object.entries(rule.headers ?? {})) res.setHeader(k, v);
      reply = { status: rule.status, body: rule.body };
    } else {
      reply = route(call.method, path, auth, (body ?? {}) as Record<string, unknown>, files);
    }
    call.status = reply.status;
    // A call answered with an injected failure is checked when it is retried.
    if (!rule)
      findings.push(
        ...checkDiscordCall(
          call.method,
          path,
          body,
          files.map((f) => f.name),
        ),
      );
    calls.push(call);
    for (const listener of listeners) listener(call);
    if (reply.body === undefined) {
      res.writeHead(reply.status).end();
    } else {
      res.writeHead(reply.status, { 'content-type': 'application/json' }).end(JSON.stringify(reply.body));
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => res.writeHead(500).end(String(error)));
  });
  server.on('upgrade', (req, socket, head) => {
    if ((req.url ?? '').startsWith('/gateway')) gateway.handleUpgrade(req, socket, head);
    else socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;

  /** Sends an INTERACTION_CREATE and remembers it by token. */
  function send(
    payload: { id: string; token: string; type: number; channel_id: string; message?: unknown },
    sourceMessageId?: string,
  ) {
    const stored = store.recordInteraction(payload, sourceMessageId);
    gateway.dispatch('INTERACTION_CREATE', payload);
    return stored;
  }

  function messageOrThrow(id: string): StoredMessage {
    const message = store.messages.get(id);
    if (!message) throw new Error(`fake discord: no message ${id}`);
    return message;
  }

  const httpSide = createHttpSide({
    world,
    store,
    applyCallback: (i, body) => callback(i, body, []),
    messageApi: (id) => api(messageOrThrow(id)),
  });

  return {
    apiUrl: `http://127.0.0.1:${port}/api`,
    botToken,
    world,
    calls,
    store,
    commands,
    identified: () => gateway.identified(),
    /** Sends a gateway event (GUILD_DELETE…) to the connected clients. */
    dispatchEvent: (event: string, data: unknown) => gateway.dispatch(event, data),
    /** IDENTIFYs received per shard id (0 when the client sent no shard array). */
    identifies: gateway.identifies,
    /** The application's public key (hex) for DISCORD_PUBLIC_KEY; interactions POSTed by `http` are signed with it. */
    publicKeyHex: httpSide.publicKeyHex,
    /** Discord's side of HTTP interactions mode: each helper POSTs a signed interaction to a URL. */
    http: httpSide.http,
    onCall(listener: (call: RecordedCall) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    failNext(rule: FailRule): void {
      failRules.push(rule);
    },
    /** Every interaction token issued so far stops working (as 15 minutes later). */
    expireTokens(): void {
      for (const token of store.interactions.keys()) expiredTokens.add(token);
    },
    slash: (user: FakeUser, path: string[], opts: Record<string, FakeOptionValue> = {}) =>
      send(slashPayload(world, user, path, opts)),
    autocomplete: (user: FakeUser, path: string[], opts: Record<string, FakeOptionValue>, focused: string) =>
      send(autocompletePayload(world, user, path, opts, focused)),
    click: (user: FakeUser, messageId: string, customId: string) =>
      send(buttonPayload(world, user, api(messageOrThrow(messageId)), customId), messageId),
    /** A choice in a select menu (a card's menu: Metrics, Silence 1 h) on the message. */
    select: (user: FakeUser, messageId: string, customId: string, values: string[]) =>
      send(selectPayload(world, user, api(messageOrThrow(messageId)), customId, values), messageId),
    submitModal: (user: FakeUser, messageId: string, customId: string, values: Record<string, string>) =>
      send(modalPayload(world, user, api(messageOrThrow(messageId)), customId, values), messageId),
    /** Someone's message with `body`, then `user` runs the message command `name` ("Show server") on it. */
    messageCommand: (user: FakeUser, name: string, body: FakeMessageBody, author: FakeUser = user) =>
      send(messageCommandPayload(world, user, userMessage(world, author, body), name)),
    findings,
    /** Returns and clears the findings (for tests that send a bad payload on purpose). */
    takeFindings: (): string[] => findings.splice(0),
    /** Stops the fake, then fails if anything the bot sent broke Discord's limits. */
    async close(): Promise<void> {
      gateway.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      const found = findings.splice(0);
      if (found.length > 0)
        throw new Error(`Discord would reject or mis-render what the bot sent:\n${found.join('\n')}`);
    },
  };
}

/** The running fake Discord. */
export type FakeDiscord = Awaited<ReturnType<typeof startFakeDiscord>>;
