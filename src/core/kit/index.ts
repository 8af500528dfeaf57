// The narrower door, for the wings that implement the core's ports (src/store, src/tenants,
// src/tracking, src/watch, src/observability): what only they need — store records and their
// retention, audit filters, tenant roles, the estate and balance helpers of the watches. Everyone
// else uses the core's door, src/core/index.ts.
export { answersConfirmation, inChannel } from '../audit/audit.js';
export { recentConfirmedAction } from '../audit/recent-actions.js';
export { lowerBalance } from '../billing/runway.js';
export { channelKey } from '../channel-key.js';
export { channelLocale } from '../channel-language.js';
export { waitingIn } from '../confirmation/waiting.js';
export type { ChannelFacts } from '../replies/channel-status.js';
export { CredentialsUnreadable } from '../errors.js';
export { apiErrorText } from '../replies/api-error-text.js';
export { estateServers, INSTANCE_LIST_TTL_MS } from '../instances/estate-list.js';
export type { EstateServer } from '../instances/estate-list.js';
export type { ConfirmationOutcome } from '../metrics-port.js';
export { tenantRoleOf } from '../policy/tenant-roles.js';
export { tenantRolesIn } from '../policy/tenant-roles-store.js';
export { SINGLE_TENANT, tenantLabel } from '../tenant-port.js';
export { StoreUnavailableError } from '../store-errors.js';
export { COLLECTIONS, USED_RETENTION_MS, VOIDED_BY_STATE_CHECK, pendingDropAt } from '../store.js';
export type {
  HostnameDirectory,
  KnownHostname,
  PendingConfirmation,
  PendingResolution,
  RecordCollection,
  StoreKind,
} from '../store.js';
export { STORY_MAX_ENTRIES, STORY_RETENTION_MS, storyKept } from '../story.js';
export type { StoryEntry, StoryKind, StoryLog } from '../story.js';
export type { FollowTarget } from '../tracking-port.js';
export type { LiveCardService, SilenceSummary, WatchSummary } from '../watch-port.js';
export { ALERT_KINDS, type AlertKind } from '../watch-port.js';
