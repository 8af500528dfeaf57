// How an instance reads in chat: status tone, spec 2.1 detail as fields, and the live fetch every
// preview starts from (which also teaches the bot the hostname for later references).
import type { InstanceDetail } from '../../src/api/index.js';
import { t, type CommandContext, type Locale, type ResolvedInstance } from '../../src/core/index.js';
import { apiStatus } from '../../src/render/format.js';
import type { Field, Tone } from '../../src/render/message.js';
import { ageMs, when } from './dates.js';
import { DASH, memorySize, show, storageSize } from './format.js';
import { duration } from '../../src/render/time-format.js';
import { money } from '../../src/render/format.js';
import { toNumber } from '../../src/render/display.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Tone for a status: Running is good, Stopped (and transitions back to it) a warning, the rest danger. */
export function statusTone(status: unknown): Tone {
  const s = show(status).toLowerCase();
  if (s === 'running') return 'success';
  if (['stopped', 'stopping', 'starting', 'restoring', 'rolling back', 'creating', 'rebooting'].includes(s)) {
    return 'warning';
  }
  return 'danger';
}

/** A status as the API says it, with a translation beside it in other languages: "Berjalan (Running)". */
export function statusText(status: unknown, locale: Locale): string {
  return apiStatus(show(status), locale);
}

/** Whether a status means the instance is stopped. */
export function isStopped(status: unknown): boolean {
  return show(status).toLowerCase() === 'stopped';
}

/** Whether a status means the instance is already going away. */
export function isTerminating(status: unknown): boolean {
  return /terminat|delet/i.test(show(status));
}

/** The public IP address of an instance, or "—". */
export function publicIp(detail: InstanceDetail): string {
  return show(detail.public_ip?.ip_address);
}

/** The public IP's uuid, or null. */
export function publicIpId(detail: InstanceDetail): string | null {
  const id = show(detail.public_ip?.ip_id);
  return id === DASH ? null : id;
}

/** The display name: the live hostname, else what the runner resolved. */
export function labelOf(detail: InstanceDetail | null, instance: ResolvedInstance): string {
  const hostname = detail ? show(detail.hostname) : DASH;
  return hostname === DASH ? instance.label : hostname;
}

/** Fetch live detail and remember the hostname, so later commands can say `web-1`. */
export async function fetchInstance(
  ctx: CommandContext,
  instance: ResolvedInstance,
): Promise<InstanceDetail> {
  const detail = await ctx.api.instances.detail(instance.uuid);
  const hostname = show(detail.hostname);
  if (hostname !== DASH) await ctx.bot.rememberHostname(instance.uuid, hostname);
  return detail;
}

/** CPU with "dedicated"/"shared", e.g. "2 vCPU (dedicated)". Bare numbers are read as vCPU counts. */
export function cpuText(detail: InstanceDetail, locale: Locale = 'en'): string {
  const cpu = show(detail.cpu);
  if (cpu === DASH) return DASH;
  const text = toNumber(cpu) === null ? cpu : `${cpu} vCPU`;
  const dedicated = detail.is_cpu_dedicated;
  if (dedicated === undefined || dedicated === null) return text;
  return t(locale, dedicated ? 'instance.cpuDedicated' : 'instance.cpuShared', { cpu: text });
}

/** OS as "Ubuntu 22.04". */
export function osText(detail: InstanceDetail): string {
  const name = show(detail.os?.name ?? detail.os_name);
  const version = show(detail.os?.version);
  if (name === DASH) return version;
  return version === DASH ? name : `${name} ${version}`;
}

/** "2 d ago (…) ⚠ older than a day" — a stale backup is what the on-call needs to notice. */
export function lastBackupText(raw: unknown, now: Date, locale: Locale = 'en'): string {
  const text = when(raw, now, locale);
  if (text === DASH) return t(locale, 'instance.backupNever');
  const age = ageMs(raw, now);
  return age !== null && age > DAY_MS ? t(locale, 'instance.backupStale', { when: text }) : text;
}

/** Uptime from last_started_at, only meaningful while Running. */
export function uptimeText(detail: InstanceDetail, now: Date, locale: Locale = 'en'): string {
  if (show(detail.status).toLowerCase() !== 'running') return DASH;
  const age = ageMs(detail.last_started_at, now);
  return age === null || age < 0 ? DASH : duration(age, locale);
}

/** Price per hour and estimated month in the bot's currency. */
export function priceText(detail: InstanceDetail, currency: string, locale: Locale = 'en'): string {
  const hourly = money(detail.price_per_hour, currency, locale);
  const monthly = money(detail.estimated_monthly_price, currency, locale);
  return t(locale, 'instance.price', { hourly, monthly });
}

/** Short facts for previews: status, public IP, location. */
export function factFields(detail: InstanceDetail, locale: Locale = 'en'): Field[] {
  return [
    { label: t(locale, 'field.status'), value: statusText(detail.status, locale), inline: true },
    { label: t(locale, 'field.publicIp'), value: publicIp(detail), inline: true },
    { label: t(locale, 'field.location'), value: show(detail.location), inline: true },
  ];
}

/** Every field of `instance show`, in the order an on-call reads them. */
export function detailFields(
  detail: InstanceDetail,
  currency: string,
  now: Date,
  locale: Locale = 'en',
): Field[] {
  const field = (key: Parameters<typeof t>[1], value: string, inline?: true): Field =>
    inline ? { label: t(locale, key), value, inline } : { label: t(locale, key), value };
  return [
    ...factFields(detail, locale),
    field('field.tier', show(detail.tier), true),
    field('field.cpu', cpuText(detail, locale), true),
    field('field.memory', memorySize(detail.memory), true),
    field('field.storage', storageSize(detail.storage), true),
    field('field.os', osText(detail), true),
    field('field.privateNetwork', show(detail.private_network), true),
    field('field.price', priceText(detail, currency, locale)),
    field('field.created', when(detail.created_at, now, locale)),
    field('field.lastStarted', when(detail.last_started_at, now, locale)),
    field('field.uptime', uptimeText(detail, now, locale), true),
    field('field.lastBackup', lastBackupText(detail.last_backup_at, now, locale)),
  ];
}

/**
 * The instance with its hostname as label, for result messages when the user typed a bare uuid
 * the bot had not seen before. Best effort, after the action: a failed lookup keeps the uuid.
 */
export async function freshLabel(ctx: CommandContext, instance: ResolvedInstance): Promise<ResolvedInstance> {
  if (instance.label !== instance.uuid) return instance;
  try {
    return { uuid: instance.uuid, label: labelOf(await fetchInstance(ctx, instance), instance) };
  } catch {
    return instance;
  }
}
