// A fake Slack on 127.0.0.1:0 for adapter tests: the Web API methods the adapter uses
// (auth.test, chat.*, views.open, files upload v2), an upload URL, and response_urls — all
// recording what the bot sent, with one-shot fault injection (429 + Retry-After, Slack errors).
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkSlackCall, checkSlackResponse } from './slack-conformance.js';

/** One Web API call as the fake received it (form fields, JSON-decoded where Slack would). */
export interface ApiCall {
  method: string;
  args: Record<string, unknown>;
  /** Time the call arrived (ms since epoch). */
  at: number;
  /** The bearer token the call carried (which workspace's bot made it). */
  token?: string;
}

/** A workspace that can install the app: its OAuth code answers oauth.v2.access with its bot token. */
export interface FakeWorkspace {
  teamId: string;
  teamName: string;
  code: string;
  botToken: string;
  /** Who clicks "Allow". */
  installer: string;
  /** An org-wide (Enterprise Grid) install. */
  enterprise?: boolean;
}

/** One POST to a response_url. */
export interface ResponsePost {
  urlId: string;
  body: Record<string, unknown>;
  at: number;
}

/** A channel message as it stands now (after any chat.update). */
export interface StoredMessage {
  channel: string;
  ts: string;
  text: string;
  blocks: unknown[];
  threadTs?: string;
  edits: number;
  /** Pinned in its channel (pins.add; pins.remove unpins). */
  pinned?: boolean;
}

/** A fault to serve instead of the next call of a method. */
export type Fault = { kind: 'rate-limited'; retryAfterSeconds: number } | { kind: 'error'; error: string };

const JSON_FIELDS = new Set(['blocks', 'view', 'files', 'attachments', 'file_uploads']);

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function parseArgs(req: IncomingMessage, raw: Buffer): Record<string, unknown> {
  const type = req.headers['content-type'] ?? '';
  if (type.includes('application/json')) return JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
  const args: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(raw.toString('utf8'))) {
    args[key] = JSON_FIELDS.has(key) ? (JSON.parse(value) as unknown) : value;
  }
  return args;
}

/** The file an upload URL received: the raw body, or the file part of a multipart form (web-api 7+). */
async function uploadedBytes(req: IncomingMessage, raw: Buffer): Promise<Buffer> {
  const type = req.headers['content-type'] ?? '';
  if (!type.startsWith('multipart/form-data')) return raw;
  const form = await new Response(raw, { headers: { 'content-type': type } }).formData();
  for (const value of form.values()) {
    if (typeof value !== 'string') return Buffer.from(await value.arrayBuffer());
  }
  return Buffer.alloc(0);
}

function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** The fake Slack server. */
export class FakeSlack {
  readonly calls: ApiCall[] = [];
  readonly responses: ResponsePost[] = [];
  readonly messages = new Map<string, StoredMessage>();
  /** Ephemeral posts (chat.postEphemeral) Slack accepted: who saw what, where. */
  readonly ephemerals: { channel: string; user: string; text: string; blocks: unknown[] }[] = [];
  readonly uploads = new Map<
    string,
    { filename: string; bytes: number; data: Buffer; completed: boolean; channel?: string }
  >();
  readonly botToken: string;
  /** Conformance findings on what the bot sent (see slack-conformance.ts); close() fails on any. */
  readonly findings: string[] = [];
  private readonly responseUrlUses = new Map<string, number>();
  private readonly faults = new Map<string, Fault[]>();
  /** Channels the bot is not a member of: posting there answers not_in_channel. */
  private readonly outside = new Set<string>();
  /** Users' locales as users.info gives them with include_locale (absent: en-US). */
  readonly userLocales = new Map<string, string>();
  /** Users' time zones (IANA) as users.info gives them as `tz` (absent: none given). */
  readonly userZones = new Map<string, string>();
  /** Socket Mode: app-level token accepted by apps.connections.open, and the WebSocket URL it hands out. */
  socketMode: { appToken: string; url: string } | undefined;
  /** OAuth: the app's client credentials and the workspaces that can install it, by code. */
  oauthClient: { clientId: string; clientSecret: string } | undefined;
  private readonly workspaces = new Map<string, FakeWorkspace>();
  /** Block types this Slack will not show: a message holding one is answered invalid_blocks. */
  private readonly refusedBlocks = new Set<string>();
  /** Channels users.conversations says a user is in (absent: none). */
  readonly memberships = new Map<string, string[]>();
  /** Users users.info reports as workspace admins. */
  readonly admins = new Set<string>();
  /** Slack Connect guests: user id → their home team (users.info says so, with is_stranger). */
  readonly externals = new Map<string, string>();
  /** User groups as usergroups.users.list answers: group id (S…) → member user ids. */
  readonly userGroups = new Map<string, string[]>();
  private nextTs = 1_700_000_000;
  private server: Server | undefined;
  private base = '';

  constructor(options: { botToken?: string } = {}) {
    this.botToken = options.botToken ?? 'xoxb-fake';
  }

  /** Starts listening on 127.0.0.1 with an ephemeral port. */
  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => send(res, 500, { ok: false, error: String(error) }));
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** Stops the server, then fails if anything the bot sent broke Slack's limits. */
  async close(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server?.closeAllConnections();
    const findings = this.takeFindings();
    if (findings.length > 0)
      throw new Error(`Slack would reject or mis-render what the bot sent:\n${findings.join('\n')}`);
  }

  /** Returns and clears the findings (for tests that send a bad payload on purpose). */
  takeFindings(): string[] {
    return this.findings.splice(0);
  }

  /** The underlying HTTP server (Socket Mode attaches its WebSocket upgrade here). */
  get httpServer(): Server | undefined {
    return this.server;
  }

  /** Base URL (http://127.0.0.1:port). */
  get baseUrl(): string {
    return this.base;
  }

  /** Web API base URL to give the adapter as apiUrl. */
  get apiUrl(): string {
    return `${this.base}/api/`;
  }

  /** A fresh response_url for one slash command or click. */
  newResponseUrl(): string {
    return `${this.base}/response/${randomUUID()}`;
  }

  /** The bot leaves (or was never in) `channel`: conversations.info says so and posts get not_in_channel. */
  removeBotFrom(channel: string): void {
    this.outside.add(channel);
  }

  /** Serve `fault` for the next call of `method` instead of the normal answer. */
  failNext(method: string, fault: Fault): void {
    this.faults.set(method, [...(this.faults.get(method) ?? []), fault]);
  }

  /** Messages holding a `type` block are answered invalid_blocks (a Slack without table blocks). */
  refuseBlockType(type: string): void {
    this.refusedBlocks.add(type);
  }

  private refuses(body: Record<string, unknown>): boolean {
    const blocks = body['blocks'];
    return (
      Array.isArray(blocks) && blocks.some((b) => this.refusedBlocks.has((b as { type?: string }).type ?? ''))
    );
  }

  /** A workspace whose admin can install the app with `workspace.code` (oauth.v2.access). */
  addWorkspace(workspace: FakeWorkspace): void {
    this.workspaces.set(workspace.code, workspace);
  }

  /** Bot tokens revoked (the workspace uninstalled the app): calls with them answer invalid_auth. */
  revoke(botToken: string): void {
    for (const [code, workspace] of this.workspaces)
      if (workspace.botToken === botToken) this.workspaces.delete(code);
  }

  /** Calls of one Web API method, in order. */
  callsTo(method: string): ApiCall[] {
    return this.calls.filter((c) => c.method === method);
  }

  /** Posts to one response_url, in order. */
  responsesTo(url: string): ResponsePost[] {
    const id = url.slice(url.lastIndexOf('/') + 1);
    return this.responses.filter((r) => r.urlId === id);
  }

  /** Top-level messages posted to a channel, oldest first. */
  channelMessages(channel: string): StoredMessage[] {
    return [...this.messages.values()].filter((m) => m.channel === channel && m.threadTs === undefined);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.base);
    const raw = await readBody(req);
    if (url.pathname.startsWith('/response/')) {
      const urlId = url.pathname.slice('/response/'.length);
      const body = parseArgs(req, raw);
      if (this.refuses(body))
        return void res.writeHead(400, { 'content-type': 'text/plain' }).end('invalid_blocks');
      const use = (this.responseUrlUses.get(urlId) ?? 0) + 1;
      this.responseUrlUses.set(urlId, use);
      this.findings.push(...checkSlackResponse(body, use));
      this.responses.push({ urlId, body, at: Date.now() });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
      return;
    }
    if (url.pathname.startsWith('/upload/')) {
      const upload = this.uploads.get(url.pathname.slice('/upload/'.length));
      if (!upload) return void res.writeHead(404).end();
      upload.data = await uploadedBytes(req, raw);
      upload.bytes = upload.data.length;
      res.writeHead(200, { 'content-type': 'text/plain' }).end('OK - ' + raw.length);
      return;
    }
    if (!url.pathname.startsWith('/api/')) return void res.writeHead(404).end();
    const method = url.pathname.slice('/api/'.length);
    if (method === 'apps.connections.open' && this.socketMode) {
      const ok = req.headers.authorization === `Bearer ${this.socketMode.appToken}`;
      this.calls.push({ method, args: {}, at: Date.now() });
      return send(
        res,
        200,
        ok ? { ok: true, url: this.socketMode.url } : { ok: false, error: 'invalid_auth' },
      );
    }
    if (method === 'oauth.v2.access') return send(res, 200, this.oauthAccess(parseArgs(req, raw)));
    const token = req.headers.authorization?.replace(/^Bearer /, '');
    const workspace = [...this.workspaces.values()].find((w) => w.botToken === token);
    if (token !== this.botToken && !workspace) {
      return send(res, 200, { ok: false, error: 'invalid_auth' });
    }
    const args = parseArgs(req, raw);
    this.calls.push({ method, args, at: Date.now(), ...(token ? { token } : {}) });
    if (method === 'auth.test' && workspace)
      return send(res, 200, {
        ok: true,
        user_id: `U${workspace.teamId}BOT`,
        bot_id: `B${workspace.teamId}`,
        team_id: workspace.teamId,
        user: 'vpsops',
      });
    const fault = this.faults.get(method)?.shift();
    // A call retried after an injected fault is checked once, when it is answered.
    if (!fault) this.findings.push(...checkSlackCall(method, args));
    if (fault?.kind === 'rate-limited') {
      return send(
        res,
        429,
        { ok: false, error: 'ratelimited' },
        { 'retry-after': String(fault.retryAfterSeconds) },
      );
    }
    if (fault?.kind === 'error') return send(res, 200, { ok: false, error: fault.error });
    if (this.refuses(args)) return send(res, 200, { ok: false, error: 'invalid_blocks' });
    send(res, 200, this.answer(method, args, workspace?.teamId ?? 'T0001'));
  }

  /** oauth.v2.access: the code of a known workspace, with the app's client credentials. */
  private oauthAccess(args: Record<string, unknown>): Record<string, unknown> {
    this.calls.push({ method: 'oauth.v2.access', args: { code: args['code'] }, at: Date.now() });
    const client = this.oauthClient;
    if (!client || args['client_id'] !== client.clientId || args['client_secret'] !== client.clientSecret)
      return { ok: false, error: 'invalid_client_id' };
    const workspace = this.workspaces.get(String(args['code']));
    if (!workspace) return { ok: false, error: 'invalid_code' };
    const team = { id: workspace.teamId, name: workspace.teamName };
    return {
      ok: true,
      app_id: 'A0VPSOPS',
      authed_user: { id: workspace.installer },
      scope: 'commands,chat:write,chat:write.public,files:write',
      token_type: 'bot',
      access_token: workspace.botToken,
      bot_user_id: `U${workspace.teamId}BOT`,
      team: workspace.enterprise ? null : team,
      enterprise: workspace.enterprise ? { id: 'E0ORG', name: 'Org' } : null,
      is_enterprise_install: workspace.enterprise === true,
    };
  }

  /** A Web API answer; `teamId` is the team of the token asking (T0001: the single-workspace token's). */
  private answer(method: string, args: Record<string, unknown>, teamId: string): Record<string, unknown> {
    switch (method) {
      case 'users.info': {
        const id = String(args['user']);
        const withLocale = args['include_locale'] === true || args['include_locale'] === 'true';
        const home = this.externals.get(id);
        const user = {
          id,
          team_id: home ?? teamId,
          ...(home ? { is_stranger: true } : {}),
          is_admin: this.admins.has(id),
          is_owner: false,
          ...(this.userZones.has(id) ? { tz: this.userZones.get(id) } : {}),
        };
        return {
          ok: true,
          user: { ...user, ...(withLocale ? { locale: this.userLocales.get(id) ?? 'en-US' } : {}) },
        };
      }
      case 'auth.test':
        return { ok: true, user_id: 'UBOT', bot_id: 'BBOT', team_id: 'T0001', user: 'vpsops' };
      case 'conversations.info': {
        const id = String(args['channel']);
        return {
          ok: true,
          channel: { id, is_channel: true, is_member: !this.outside.has(id), is_archived: false },
        };
      }
      case 'chat.postMessage': {
        if (this.outside.has(String(args['channel']))) return { ok: false, error: 'not_in_channel' };
        const ts = `${this.nextTs++}.000100`;
        const message: StoredMessage = {
          channel: String(args['channel']),
          ts,
          text: String(args['text'] ?? ''),
          blocks: (args['blocks'] as unknown[] | undefined) ?? [],
          edits: 0,
        };
        if (args['thread_ts'] !== undefined) message.threadTs = String(args['thread_ts']);
        this.messages.set(ts, message);
        return { ok: true, channel: message.channel, ts, message: { text: message.text, ts } };
      }
      case 'chat.postEphemeral':
        // Not a member: Slack refuses the bot's ephemeral post there as it does its channel posts.
        if (this.outside.has(String(args['channel']))) return { ok: false, error: 'not_in_channel' };
        this.ephemerals.push({
          channel: String(args['channel']),
          user: String(args['user']),
          text: String(args['text'] ?? ''),
          blocks: (args['blocks'] as unknown[] | undefined) ?? [],
        });
        return { ok: true, message_ts: `${this.nextTs++}.000200` };
      case 'chat.update': {
        const stored = this.messages.get(String(args['ts']));
        if (!stored || stored.channel !== args['channel']) return { ok: false, error: 'message_not_found' };
        stored.text = String(args['text'] ?? '');
        stored.blocks = (args['blocks'] as unknown[] | undefined) ?? [];
        stored.edits += 1;
        return { ok: true, channel: stored.channel, ts: stored.ts };
      }
      case 'pins.add':
      case 'pins.remove': {
        const stored = this.messages.get(String(args['timestamp']));
        if (!stored || stored.channel !== args['channel']) return { ok: false, error: 'message_not_found' };
        const pin = method === 'pins.add';
        if (stored.pinned === pin) return { ok: false, error: pin ? 'already_pinned' : 'no_pin' };
        stored.pinned = pin;
        return { ok: true };
      }
      case 'views.open':
        return { ok: true, view: { id: `V${this.nextTs++}` } };
      case 'views.publish':
        return { ok: true, view: { id: `V${this.nextTs++}`, type: 'home' } };
      case 'users.conversations': {
        const ids = this.memberships.get(String(args['user'])) ?? [];
        return {
          ok: true,
          channels: ids.map((id) => ({ id, is_channel: true })),
          response_metadata: { next_cursor: '' },
        };
      }
      case 'usergroups.users.list': {
        const users = this.userGroups.get(String(args['usergroup']));
        return users ? { ok: true, users } : { ok: false, error: 'no_such_subteam' };
      }
      case 'files.getUploadURLExternal': {
        const id = `F${this.nextTs++}`;
        this.uploads.set(id, {
          filename: String(args['filename']),
          bytes: 0,
          data: Buffer.alloc(0),
          completed: false,
        });
        return { ok: true, upload_url: `${this.base}/upload/${id}`, file_id: id };
      }
      case 'files.completeUploadExternal': {
        const files = (args['files'] as { id: string; title?: string }[] | undefined) ?? [];
        for (const file of files) {
          const upload = this.uploads.get(file.id);
          if (!upload) return { ok: false, error: 'file_not_found' };
          upload.completed = true;
          if (args['channel_id'] !== undefined) upload.channel = String(args['channel_id']);
        }
        return { ok: true, files: files.map((f) => ({ id: f.id, title: f.title })) };
      }
      default:
        return { ok: false, error: 'unknown_method' };
    }
  }
}
