// What is on a person's plate (plate-port.ts): requests waiting for their approval, their own
// requests still waiting, the watches and open incidents of the channels they name, and the running
// silences. One neutral query behind Slack's App Home and `me` on every platform; it changes nothing.
// OAuth mode: the store is the current tenant's, and pending records of another are left out.
import type { Runtime } from '../context.js';
import { sameActor } from '../context.js';
import type { Actor, Platform } from '../ports.js';
import type { PendingConfirmation } from '../store.js';
import type { Locale } from '../../i18n/locale.js';
import type { Plate, PlateChannel, PlateRequest } from './plate-port.js';

/** Channels read for watches and incidents in one look (each is a store read). */
const MAX_PLATE_CHANNELS = 50;
/** Pending requests read in one look. */
const MAX_PENDING = 1_000;

function asRequest(p: PendingConfirmation): PlateRequest {
  const { platform, userId, displayName } = p.requester;
  return {
    token: p.token,
    command: p.command,
    targets: p.targets,
    requester: { platform, userId, displayName },
    channelId: p.channelId,
    expiresAt: p.expiresAt,
    typed: p.typedConfirmation !== undefined,
  };
}

async function pendingOn(rt: Runtime, platform: Platform): Promise<PendingConfirmation[]> {
  const at = rt.now().getTime();
  const tenant = rt.tenants?.current();
  const open = (p: PendingConfirmation) =>
    p.status === 'pending' && p.platform === platform && p.expiresAt > at && p.tenant === tenant;
  // Every still-pending one: "due" by the end of time, filtered before the limit.
  return rt.store.pending.due(Number.MAX_SAFE_INTEGER, MAX_PENDING, open);
}

async function channelOf(
  rt: Runtime,
  platform: Platform,
  channelId: string,
  locale: Locale,
): Promise<PlateChannel | null> {
  const book = rt.watches;
  if (!book) return null;
  const [list, incidents] = await Promise.all([
    book.list(platform, channelId, locale),
    book.openIncidents?.(platform, channelId, locale) ?? Promise.resolve([]),
  ]);
  const watches = list.map((w) => ({ instance: { label: w.instance.label }, state: w.state }));
  return watches.length > 0 || incidents.length > 0 ? { channelId, watches, incidents } : null;
}

/** The plate of `actor` on their platform. */
export async function plateOf(
  rt: Runtime,
  actor: Actor,
  channelIds: readonly string[],
  locale: Locale,
): Promise<Plate> {
  const channels = [...new Set(channelIds)].slice(0, MAX_PLATE_CHANNELS);
  const [pending, found, silences] = await Promise.all([
    pendingOn(rt, actor.platform),
    Promise.all(channels.map((id) => channelOf(rt, actor.platform, id, locale))),
    rt.watches?.silences?.list(locale) ?? Promise.resolve([]),
  ]);
  const mayApprove = rt.policy.canApprove(actor);
  const mine = (p: PendingConfirmation) => sameActor(actor, p.requester);
  return {
    approvals: pending.filter((p) => p.twoPerson && mayApprove && !mine(p)).map(asRequest),
    previews: pending.filter(mine).map(asRequest),
    channels: found.filter((c): c is PlateChannel => c !== null),
    silences,
  };
}
