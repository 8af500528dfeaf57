// POST /discord/webhook-events: Discord's Webhook Events URL (multi-guild mode, HTTP interactions).
// Signed with Ed25519 like interactions and checked the same way before anything is parsed; PING
// (type 0) and every event are answered 204. APPLICATION_AUTHORIZED for a guild records who
// installed the app there. APPLICATION_DEAUTHORIZED names only the user (Discord's payload has no
// guild) and the bot stays in the guilds: that user's installer mark is cleared in each of them;
// an event naming a guild forgets that guild (removal; in gateway mode GUILD_DELETE does it).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { forgetGuild, guildTenantId, type GuildTenancy } from './guild-tenancy.js';
import { header, json, readRaw, type RequestListener } from './http-interactions.js';
import type { AdapterLogger } from './responder.js';
import type { SignatureCheck } from './signature.js';

/** Where Discord is told to POST webhook events (Webhook Events URL path). */
export const WEBHOOK_EVENTS_PATH = '/discord/webhook-events';

/** What the endpoint needs. */
export interface WebhookEventsOptions {
  check: SignatureCheck;
  tenancy: GuildTenancy;
  logger: AdapterLogger;
  now?: () => number;
}

/** The parts of a webhook event the bot reads (discord-api-types' APIWebhookEvent, loosely). */
interface WebhookEvent {
  type?: unknown;
  event?: {
    type?: unknown;
    data?: { integration_type?: unknown; user?: { id?: unknown }; guild?: { id?: unknown } };
  };
}

const idOf = (value: { id?: unknown } | undefined) =>
  typeof value?.id === 'string' && /^\d{1,20}$/.test(value.id) ? value.id : undefined;

function noContent(res: ServerResponse): void {
  res.writeHead(204).end();
}

async function onEvent(body: WebhookEvent, o: WebhookEventsOptions): Promise<void> {
  const data = body.event?.data;
  const user = idOf(data?.user);
  const guild = idOf(data?.guild);
  if (body.event?.type === 'APPLICATION_AUTHORIZED' && guild && user && data?.integration_type === 0) {
    const at = (o.now ?? Date.now)();
    await o.tenancy.installations.saveInstallation(guildTenantId(guild), { guildId: guild }, user, at);
    o.logger.info({ tenant: guildTenantId(guild) }, 'discord: installed in a guild');
    return;
  }
  if (body.event?.type !== 'APPLICATION_DEAUTHORIZED') return;
  // An event naming a guild means the app left it: forget the guild.
  if (guild) return forgetGuild(o.tenancy, guild, 'APPLICATION_DEAUTHORIZED', o.logger);
  // A user's own deauthorization: the bot is still in their guilds; only their installer mark goes.
  if (!user) return;
  for (const tenant of await o.tenancy.installations.installedBy(user)) {
    await o.tenancy.installations.clearInstaller(tenant, user);
    o.logger.info({ tenant }, 'discord: installer deauthorized the app; the guild stays');
  }
}

async function answer(req: IncomingMessage, res: ServerResponse, o: WebhookEventsOptions): Promise<void> {
  if (req.method !== 'POST') return json(res, 405, { error: 'method not allowed' });
  const raw = await readRaw(req);
  if (!raw) return json(res, 413, { error: 'request body too large' });
  const problem = o.check(header(req, 'x-signature-ed25519'), header(req, 'x-signature-timestamp'), raw);
  if (problem) {
    o.logger.warn({ reason: problem }, 'discord: refused a webhook event (signature)');
    return json(res, 401, { error: 'invalid request signature' });
  }
  let body: WebhookEvent;
  try {
    body = JSON.parse(raw.toString('utf8')) as WebhookEvent;
  } catch {
    return json(res, 400, { error: 'not a webhook event' });
  }
  if (body === null || typeof body !== 'object' || (body.type !== 0 && body.type !== 1))
    return json(res, 400, { error: 'not a webhook event' });
  if (body.type === 1) await onEvent(body, o);
  noContent(res);
}

/** The request listener for WEBHOOK_EVENTS_PATH; never throws (failures become 500s, logged). */
export function createWebhookEventsEndpoint(options: WebhookEventsOptions): RequestListener {
  return (req, res) => {
    answer(req, res, options).catch((error: unknown) => {
      options.logger.error(
        { error: error instanceof Error ? error.name : typeof error },
        'discord: webhook event failed',
      );
      void json(res, 500, { error: 'internal error' });
    });
  };
}
