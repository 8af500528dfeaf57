// The few settings the core reads, as the core names them: src/app takes them from the process
// config (src/app/config/), so the core never sees tokens, ports or store URLs.
import type { Locale } from '../i18n/locale.js';

/** Commands allowed per minute; 0 turns a limit off. */
export interface RateLimits {
  userPerMinute: number;
  tenantPerMinute: number;
}

/** What the runner and command contexts need to know beyond their ports. */
export interface CoreSettings {
  /** Currency prices are shown in (VPSOPS_CURRENCY). */
  currency: string;
  /** How long a confirmation card waits for its click. */
  confirmTtlMs: number;
  /** How long a two-person request waits for its approver (default: confirmTtlMs). */
  approvalTtlMs?: number;
  /** How long a server stays held for an action whose outcome is unknown, unless learned sooner (default 10 min). */
  unknownHoldMs?: number;
  /** Slow API: a private "still working…" note after progressAfterMs; reads give up after readBudgetMs. */
  replies: { progressAfterMs: number; readBudgetMs: number };
  /** How long the hosting service's instance list is cached for name lookups (VPSOPS_INSTANCE_LIST_TTL_SECONDS). */
  instanceListTtlMs?: number;
  /** Commands per minute per person and per tenant (VPSOPS_RATE_LIMIT_*); absent: no limit. */
  rateLimits?: RateLimits;
  /** The language of channel messages where no `language` is set (VPSOPS_LOCALE); absent → en. */
  locale?: Locale;
  /** The zone times are shown in for readers whose platform tells none (VPSOPS_TIMEZONE, IANA); absent → UTC. */
  timeZone?: string;
  /** Scheduled actions (VPSOPS_TIMEZONE, VPSOPS_SCHEDULE_GRACE_MINUTES); absent: UTC and 10 min. */
  schedules?: ScheduleSettings;
}

/** How `schedule at` reads a time without a zone, and how late a missed run may still go. */
export interface ScheduleSettings {
  /** IANA zone of people the platform tells no zone of (default UTC). */
  timeZone: string;
  /** A run found later than this after its time is reported missed, not run. */
  graceMs: number;
  /** How long a scheduled stop / restart / rollback / restore keeps its server silenced once it is Running again (VPSOPS_SCHEDULE_QUIET_MINUTES; absent: 5 min). */
  quietMs?: number;
}

/** What createCore is built with: the runner's settings and those of the core's background duties. */
export interface CoreSetup extends CoreSettings {
  /** How long a replica's hold on shared work (the expiry sweep, its being alive) lasts unless renewed. */
  leaseTtlMs: number;
  /** A write-ahead `calling` audit record older than this at start is closed as unknown (interrupted). */
  interruptedAfterMs: number;
}
