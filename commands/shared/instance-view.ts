// How an instance reads in chat: status tone, spec 2.1 detail as fields, and the live fetch every
// preview starts from (which also teaches the bot the hostname for later references).
import type { InstanceDetail } from '../../src/api/index.js';
import type { CommandContext, ResolvedInstance } from '../../src/core/index.js';
import type { Field, Tone } from '../../src/render/message.js';
import { ageMs, when } from './dates.js';
import { DASH, duration, memorySize, money, show, storageSize, toNumber } from './format.js';

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
export function cpuText(detail: InstanceDetail): string {
  const cpu = show(detail.cpu);
  if (cpu === DASH) return DASH;
  const text = toNumber(cpu) === null ? cpu : `${cpu} vCPU`;
  const dedicated = detail.is_cpu_dedicated;
  if (dedicated === undefined || dedicated === null) return text;
  return `${text} (${dedicated ? 'dedicated' : 'shared'})`;
}

/** OS as "Ubuntu 22.04". */
export function osText(detail: InstanceDetail): string {
  const name = show(detail.os?.name ?? detail.os_name);
  const version = show(detail.os?.version);
  if (name === DASH) return version;
  return version === DASH ? name : `${name} ${version}`;
}

/** "2 d ago (…) ⚠ older than a day" — a stale backup is what the on-call needs to notice. */
export function lastBackupText(raw: unknown, now: Date): string {
  const text = when(raw, now);
  if (text === DASH) return 'never';
  const age = ageMs(raw, now);
  return age !== null && age > DAY_MS ? `${text} ⚠ older than a day` : text;
}

/** Uptime from last_started_at, only meaningful while Running. */
export function uptimeText(detail: InstanceDetail, now: Date): string {
  if (show(detail.status).toLowerCase() !== 'running') return DASH;
  const age = ageMs(detail.last_started_at, now);
  return age === null || age < 0 ? DASH : duration(age);
}

/** Price per hour and estimated month in the bot's currency. */
export function priceText(detail: InstanceDetail, currency: string): string {
  const hourly = money(detail.price_per_hour, currency);
  const monthly = money(detail.estimated_monthly_price, currency);
  return `${hourly}/h · est. ${monthly}/month`;
}

/** Short facts for previews: status, public IP, location. */
export function factFields(detail: InstanceDetail): Field[] {
  return [
    { label: 'Status', value: show(detail.status), inline: true },
    { label: 'Public IP', value: publicIp(detail), inline: true },
    { label: 'Location', value: show(detail.location), inline: true },
  ];
}

/** Every field of `instance show`, in the order an on-call reads them. */
export function detailFields(detail: InstanceDetail, currency: string, now: Date): Field[] {
  return [
    ...factFields(detail),
    { label: 'Tier', value: show(detail.tier), inline: true },
    { label: 'CPU', value: cpuText(detail), inline: true },
    { label: 'Memory', value: memorySize(detail.memory), inline: true },
    { label: 'Storage', value: storageSize(detail.storage), inline: true },
    { label: 'OS', value: osText(detail), inline: true },
    { label: 'Private network', value: show(detail.private_network), inline: true },
    { label: 'Price', value: priceText(detail, currency) },
    { label: 'Created', value: when(detail.created_at, now) },
    { label: 'Last started', value: when(detail.last_started_at, now) },
    { label: 'Uptime', value: uptimeText(detail, now), inline: true },
    { label: 'Last backup', value: lastBackupText(detail.last_backup_at, now) },
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
