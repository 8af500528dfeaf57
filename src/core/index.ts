// The door of the core: everything code outside src/core (src/*, commands/, adapters/) may use —
// createCore, the ports, the command DSL, errors and `t`; only names used outside src/core, at most
// 100 (test/unit/boundaries.test.ts counts them). The wings that implement the core's ports (store,
// tenants, tracking, watch, observability) take what only they need from the narrower door, kit/.
export { createCore } from './create-core.js';
export type { Core } from './create-core.js';
export { loadPolicy } from './policy/policy-reload.js';
export { createApiCallRecorder } from './audit/api-calls.js';
export type { ApiCallEvent } from './audit/api-calls.js';
export type { AuditLog } from './audit/audit.js';
export { BALANCE_CURRENCY, RUNWAY_HOW, runwayOf } from './billing/runway.js';
export { arg, asFlag, commandGroup, commandPath, defineCommand, optional } from './define-command.js';
export type {
  AuditRecord,
  BotServices,
  CommandContext,
  CommandDefinition,
  FollowSpec,
  Preview,
  RunResult,
} from './command.js';
export { typedTextMatches } from './confirmation/confirm-checks.js';
export type { EphemeralState } from './ephemeral-state.js';
export { DeadlineExceeded, withDeadline } from './deadline.js';
export { ConfigError, UserError } from './errors.js';
export { LIST_PAGING, readAllInstances } from './instances/estate-list.js';
export { lease } from './leases.js';
export type { Lease } from './leases.js';
export type { CoreMetrics } from './metrics-port.js';
export { argUsage } from './parse/names.js';
export { commandInfo, usageLine } from './parse/registry.js';
export { editDistance } from './parse/suggest.js';
export { isUuid } from './parse/uuid.js';
export { TENANT_ROLE_NAMES, parseTenantMembers } from './policy/tenant-roles.js';
export type { MemberSyntax, TenantRoles } from './policy/tenant-roles.js';
export type {
  ActionEvent,
  Actor,
  AdapterLookups,
  ArgInfo,
  CommandInfo,
  Completer,
  CompletionKind,
  ConfirmGate,
  RoleLookup,
  Channel,
  ChannelPoster,
  ChatAdapter,
  Dispatcher,
  Invocation,
  MessageRef,
  OptionValue,
  Platform,
  PendingTarget,
  ResolvedInstance,
  Responder,
  Risk,
} from './ports.js';
export type { CommandResult, ResultListener } from './runner/command-results.js';
export { channelStatusMessage } from './replies/channel-status.js';
export { createOutbound } from './runner/outbound.js';
export type { Outbound } from './runner/outbound.js';
export type { CoreSetup } from './settings.js';
export type { TenantPlace, TenantScope } from './tenant-port.js';
export { bestEffortState } from './store-best-effort.js';
export { isStoreUnavailable } from './store-errors.js';
export { TENANT_STATE_COLLECTIONS } from './store.js';
export type { BotStore, LeaseStore, PendingStore, StoreFaults, TrackedOperation } from './store.js';
export type { OperationTracker } from './tracking-port.js';
export type {
  AlertActions,
  BalanceLimits,
  FleetScope,
  FleetWatchService,
  SilenceService,
  SilenceTargetRef,
  WatchService,
} from './watch-port.js';
export { t, isMessageKey } from '../i18n/translate.js';
export type { MessageKey } from '../i18n/catalogue.js';
export { DEFAULT_LOCALE, LOCALES, localeFrom, parseLocale, supportedLocales } from '../i18n/locale.js';
export type { Locale } from '../i18n/locale.js';
export { argDescription, commandSummary } from '../i18n/help-text.js';
export { createWriteReplay } from './write-replay.js';
export type { WriteReplay } from './write-replay.js';
