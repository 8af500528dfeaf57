// What an adapter serving many tenants is given of them (src/tenants implements it, src/app wires it):
// the tenants' keys (`connect` / `disconnect`) and the audit of their installs — and what it supplies:
// its platform's facts about a person, from which src/app/tenancy.ts gives each request its tenant
// role. Ports, so adapters import nothing from src/tenants.
import type { Actor, Locale } from '../core/index.js';

/** What a platform says about a person for a tenant's own policy (each answer may be looked up and cached). */
export interface MemberFacts {
  /** Slack: `users.info` is_admin / is_owner; Discord: Administrator or Manage Server. */
  isAdmin(actor: Actor): Promise<boolean>;
  /** Whether the person is in a Slack user group (Discord roles are on the actor). */
  inGroup(actor: Actor, groupId: string): Promise<boolean>;
}

/** An adapter serving many tenants (Slack OAuth, Discord multi-guild) supplies its facts. */
export interface MemberFactsSource {
  readonly memberFacts?: MemberFacts;
}

/** What an adapter may do with tenants' keys. */
export interface TenantKeys {
  /** "…WXYZ" when the tenant has a key linked, else null. */
  linkedKeyHint(tenantId: string): Promise<string | null>;
  /** The user id (platform's) of whoever installed the app in the tenant, if known. */
  installer(tenantId: string): Promise<string | null>;
  /** Checks `apiKey` with a read call and links it (replacing any other); a reason (in `locale`) when it was not linked. */
  link(
    tenantId: string,
    apiKey: string,
    by: string,
    locale?: Locale,
  ): Promise<{ linked: true; hint: string } | { linked: false; reason: string }>;
  /** Removes the linked key (`by` unlinks it: "<platform>:<user id>"); false when none was linked. */
  unlink(tenantId: string, by: string): Promise<boolean>;
  /** Audits an attempt refused before any key was read (`by` may not manage the key, or pasted one in a channel). */
  refused(tenantId: string, by: string, command: 'connect' | 'disconnect', reason: string): Promise<void>;
}

/** One event: who did it ("<platform>:<user id>") and what. */
export interface TenantEvent {
  tenantId: string;
  by: string;
  /** "install", "connect", "disconnect". */
  command: string;
  args?: Record<string, unknown>;
  summary?: string;
  /** The attempt was refused (not allowed, or the key refused): nothing changed. */
  refused?: boolean;
}

/** Writes one tenant event to the audit trail (a failed write is given to `onFailure`, never thrown). */
export type TenantEvents = (event: TenantEvent) => Promise<void>;
