// Everything the runner needs at hand (config, API, policy, store, audit…) and the per-call
// objects built from it: the CommandContext handlers get and the BotServices behind `ctx.bot`.
import type { WriteReplay } from './write-replay.js';
import { rememberSeenIds } from './instances/seen-ids.js';
import { checkHolds } from './confirmation/unknown-hold.js';
import { plateMessage } from './plate/plate-message.js';
import type { PlateLookup } from './plate/plate-port.js';
import { channelKey } from './channel-key.js';
import { scheduleServices } from './schedule/schedule-services.js';
import { zoneOf } from './schedule/zone.js';
import { channelLocale, setChannelLocale } from './channel-language.js';
import { bestEffort, storeReport } from './store-best-effort.js';
import { storyServices } from './story-services.js';
import type { HostingApi } from '../api/index.js';
import type { Logger } from '../logger.js';
import type { ApiCallRecorder } from './audit/api-calls.js';
import { recordingApi, type ApiResponse, type ResultListener } from './runner/command-results.js';
import type { AuditLog } from './audit/audit.js';
import type { BotServices, CommandContext } from './command.js';
import { NO_MEMBER_SYNTAX, type MemberSyntax, type PolicyRoles } from './policy/tenant-roles.js';
import { tenantRolesIn } from './policy/tenant-roles-store.js';
import type { Policy } from './policy/policy.js';
import type { Actor, Platform } from './ports.js';
import type { Registry } from './parse/registry.js';
import type { CoreMetrics } from './metrics-port.js';
import type { AfterReply } from './runner/runner-ports.js';
import type { DirectMessage } from './runner/approvers.js';
import type { CoreSettings } from './settings.js';
import { DEFAULT_LOCALE, type Locale } from '../i18n/locale.js';
import { textIn } from '../i18n/translate.js';
import type { BotStore } from './store.js';
import { waitingIn } from './confirmation/waiting.js';
import type { OperationTracker } from './tracking-port.js';
import type { WatchService } from './watch-port.js';
import type { TenantPlace, TenantScope } from './tenant-port.js';

/** The assembled core, shared by dispatch and act. */
export interface Runtime {
  /** The core's settings (not the process config: src/app picks these fields out of it). */
  config: CoreSettings;
  api: HostingApi;
  registry: Registry;
  policy: Policy;
  store: BotStore;
  audit: AuditLog;
  apiCalls: ApiCallRecorder;
  /** Follows confirmed long operations (NO_TRACKER when nothing does). */
  tracker: OperationTracker;
  /** What the runner does once a confirmation card is posted (store its ref, arm its expiry). */
  afterReply: AfterReply;
  charts?: BotServices['renderChart'];
  watches?: WatchService;
  now: () => Date;
  logger: Logger;
  metrics: CoreMetrics;
  /** This process's id as a lease owner (random per start). */
  owner: string;
  /** Writes refused while the store was down, replayed once it is back (outcomes, busy locks). */
  replay: WriteReplay;
  /** Hears each command's structured result (exec --json). */
  onResult?: ResultListener;
  /** OAuth mode: whose request this is, and how background work acts as a record's tenant. */
  tenants?: TenantScope;
  /** What is on a person's plate (src/core/plate/plate.ts): `me` and the adapters' lookup. */
  plate?: PlateLookup<Actor>;
  /** Direct messages (approvers with `approvals: {notify: dm}`); absent: they are mentioned in the channel. */
  directMessage?: DirectMessage;
  /** How `policy set` reads members typed on a platform (its adapter's syntax); absent or undefined: no word names one. */
  memberSyntax?: (platform: Platform) => MemberSyntax | undefined;
  /** What a platform calls its tenants, from its catalogue entry; absent or undefined: a workspace. */
  tenantPlace?: (platform: Platform) => TenantPlace | undefined;
}

export { channelKey };

/** Same person: platform and user id (never display names); on the console, the same OS account whatever the names. */
export function sameActor(a: Actor, b: Actor): boolean {
  if (a.platform !== b.platform) return false;
  if (a.account !== undefined && b.account !== undefined) return a.account === b.account;
  return a.userId === b.userId;
}

/** BotServices for handlers running on one platform, answering in `locale` (where a role came from). */
export function createServices(
  rt: Runtime,
  platform: Platform,
  locale: Locale = DEFAULT_LOCALE,
): BotServices {
  const report = storeReport(rt.logger);
  const services: BotServices = {
    bindInstance: (channelId, instance) =>
      instance
        ? rt.store.bindings.put(channelKey(platform, channelId), instance)
        : rt.store.bindings.delete(channelKey(platform, channelId)),
    boundInstance: (channelId) => rt.store.bindings.get(channelKey(platform, channelId)),
    // Learned names and seen ids only help: a read still answers while the store is out.
    rememberHostname: async (uuid, hostname) => {
      if (hostname.trim())
        await bestEffort(
          'learning a hostname',
          () => rt.store.hostnames.remember(uuid, hostname.trim()),
          undefined,
          report,
        );
    },
    rememberIds: (kind, entries) =>
      bestEffort(
        'remembering seen ids',
        () => rememberSeenIds(rt.store, kind, entries, rt.now().getTime()),
        undefined,
        report,
      ),
    channelLocale: (channelId) => channelLocale(rt.store, platform, channelId, rt.config.locale),
    setChannelLocale: (channelId, setting) => setChannelLocale(rt.store, platform, channelId, setting),
    hostnameOf: (uuid) =>
      bestEffort('hostname lookup', () => rt.store.hostnames.hostnameOf(uuid), null, report),
    recentAudit: (channelId, limit) => rt.audit.recent(channelId, limit, platform),
    recentAuditAllChannels: (limit) => rt.audit.recentAcrossChannels(limit),
    allowedCommands: (actor, channelId) =>
      rt.registry.all.filter((def) => {
        if (def.hidden) return false;
        const path = def.group === '' ? def.name : `${def.group} ${def.name}`;
        return rt.policy.authorize(actor, { path, risk: def.risk }, channelId).allowed;
      }),
    policyRoles: policyRoles(rt, platform),
    story: storyServices(rt.store, platform, rt.config.timeZone),
    pendingHere: (channelId) =>
      waitingIn(rt.store, { platform, channelId }, rt.now().getTime(), rt.tenants?.current()),
    describeActor: (actor, channelId) => {
      const { role, source } = rt.policy.roleOf(actor);
      const canDestructiveHere =
        (role === 'operator' || role === 'admin') &&
        rt.policy.channelAllows('destructive', actor.platform, channelId);
      return { role: role ?? 'none', source: textIn(locale, source), canDestructiveHere };
    },
  };
  services.checkHeld = (instance) => checkHolds(rt, rt.registry, instance, locale);
  services.schedules = scheduleServices(
    {
      store: rt.store,
      zoneOf: (actor) => zoneOf(rt.config, actor),
      mayCancel: (requester, by) => sameActor(requester, by) || rt.policy.roleOf(by).role === 'admin',
    },
    platform,
  );
  const plate = rt.plate;
  if (plate)
    services.plate = async (actor, channelIds) =>
      plateMessage(await plate.of(actor, channelIds, locale), channelIds.length, rt.now(), locale);
  if (rt.charts) services.renderChart = rt.charts;
  if (rt.watches) services.watches = rt.watches;
  return services;
}

/** The roles `policy` reads and edits: the current tenant's record, in the tenant-scoped store. */
function policyRoles(rt: Runtime, platform: Platform): PolicyRoles {
  return {
    ...tenantRolesIn(rt.store),
    members: rt.memberSyntax?.(platform) ?? NO_MEMBER_SYNTAX,
    mode: () => {
      if (rt.policy.source) return { kind: 'file', path: rt.policy.source };
      return rt.tenants?.current() ? { kind: 'tenant' } : { kind: 'defaults' };
    },
  };
}

/** Services that draw for a reader: a chart's titles and labels in the reader's language. */
function localeServices(services: BotServices, locale: Locale): BotServices {
  const draw = services.renderChart;
  return draw ? { ...services, renderChart: (input) => draw({ locale, ...input }) } : services;
}

/** The context a handler (preview or run) receives. */
export function createContext(
  rt: Runtime,
  actor: Actor,
  channelId: string,
  invocationId: string,
  locale: Locale,
  onResponse?: (response: ApiResponse) => void,
): CommandContext {
  return {
    api: onResponse ? recordingApi(rt.api, onResponse) : rt.api,
    actor,
    channelId,
    invocationId,
    currency: rt.config.currency,
    locale,
    now: rt.now,
    bot: localeServices(createServices(rt, actor.platform, locale), locale),
  };
}
