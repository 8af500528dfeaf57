// The "what to do now" line under a hosting-API error, made concrete: the real command path
// (`/vps help storage create`), the real instance (`instance show web-1`) and, for a 404, which kind of
// id the API did not know, taken from the endpoint ("that backup (c1d2…) on web-1").
import type { ApiError } from '../../api/errors.js';
import { isUuid } from '../parse/uuid.js';
import type { MessageKey } from '../../i18n/catalogue.js';
import { DEFAULT_LOCALE, type Locale } from '../../i18n/locale.js';
import { t } from '../../i18n/translate.js';
import { apiErrorClause } from './api-error-text.js';
import { shorten } from '../../render/shorten.js';

/** What the runner knows about the failing command, to fill in the hint. */
export interface HintContext {
  /** Command path, e.g. "storage create". */
  path?: string;
  /** Label of the command's instance argument, e.g. "web-1". */
  instance?: string;
}

/** The id a 404 is about, per endpoint: which request id it was and what to call it. */
const NOT_FOUND_SUBJECT: Record<string, { id: string; noun: MessageKey; onInstance?: boolean }> = {
  'snapshot.delete': { id: 'snapshot_uuid', noun: 'hint.noun.snapshot', onInstance: true },
  'snapshot.rollback': { id: 'snapshot_uuid', noun: 'hint.noun.snapshot', onInstance: true },
  'backup.restore': { id: 'backup_uuid', noun: 'hint.noun.backup', onInstance: true },
  'backup.delete': { id: 'backup_uuid', noun: 'hint.noun.backup', onInstance: true },
  'ip.changeInstance': { id: 'ip_uuid', noun: 'hint.noun.publicIp' },
  'network.details': { id: 'vswitch_uuid', noun: 'hint.noun.network' },
  'network.graph': { id: 'vswitch_id', noun: 'hint.noun.networkId' },
  'sshkey.unassigned': { id: 'vm_id', noun: 'hint.noun.vmId' },
  'instance.noIp': { id: 'location_id', noun: 'hint.noun.locationId' },
  'systems.list': { id: 'location', noun: 'hint.noun.location' },
};

/** Uuids are shortened to their first 8 characters; short ids are shown whole. */
function shortId(id: string): string {
  return isUuid(id) ? `${id.slice(0, 8)}…` : shorten(id, 40);
}

function notFoundHint(error: ApiError, ctx: HintContext, locale: Locale): string {
  const subject = NOT_FOUND_SUBJECT[error.endpoint];
  const instanceId = error.ids.instance_uuid;
  const instance = ctx.instance ?? (instanceId ? shortId(instanceId) : undefined);
  if (subject) {
    const id = error.ids[subject.id];
    const which = id ? ` (${shortId(id)})` : '';
    const where = subject.onInstance && instance ? t(locale, 'hint.onInstance', { instance }) : '';
    const next =
      subject.noun === 'hint.noun.backup' && ctx.instance
        ? t(locale, 'hint.backupList', { instance: ctx.instance })
        : t(locale, 'hint.checkId');
    return t(locale, 'hint.notFound', { noun: t(locale, subject.noun), which, where, next });
  }
  if (instanceId || ctx.instance) {
    const named = instance ? ` (${instance})` : '';
    return t(locale, 'hint.instanceGone', { named });
  }
  return t(locale, 'hint.notFoundAny');
}

/**
 * The headline when an instance the bot knew by name is gone (instance.detail answered 404): it
 * no longer exists. A bare uuid may never have existed, so it keeps the API's own wording.
 */
export function goneInstanceLine(
  error: ApiError,
  ctx: HintContext,
  locale: Locale = DEFAULT_LOCALE,
): string | undefined {
  if (error.code !== 'NOT_FOUND' || error.endpoint !== 'instance.detail') return undefined;
  if (!ctx.instance || isUuid(ctx.instance)) return undefined;
  return t(locale, 'hint.noLongerExists', { instance: ctx.instance, said: apiErrorClause(error, locale) });
}

/** The hint line for an API error in the context of one command. */
export function apiHint(error: ApiError, ctx: HintContext = {}, locale: Locale = DEFAULT_LOCALE): string {
  const show = ctx.instance ? `\`instance show ${ctx.instance}\`` : null;
  switch (error.code) {
    case 'UNAUTHORIZED':
      return t(locale, 'hint.unauthorized');
    case 'FORBIDDEN':
      return t(locale, 'hint.forbidden');
    case 'NOT_FOUND':
      return notFoundHint(error, ctx, locale);
    case 'INVALID_INPUT':
      return ctx.path
        ? t(locale, 'hint.invalidInputPath', { path: ctx.path })
        : t(locale, 'hint.invalidInput');
    case 'CONFLICT':
      return show ? t(locale, 'hint.conflictShow', { show }) : t(locale, 'hint.conflict');
    case 'RATE_LIMITED':
      return t(locale, 'hint.rateLimited');
    case 'UPSTREAM_ERROR':
      return t(locale, 'hint.upstream');
    case 'UPSTREAM_INVALID':
      return t(locale, 'hint.upstreamInvalid');
    case 'TIMEOUT':
      // Only a change that was sent may have happened (those are told as unknown outcomes).
      if (!error.outcomeUnknown) return t(locale, 'hint.timeoutNothingSent');
      return show ? t(locale, 'hint.timeoutShow', { show }) : t(locale, 'hint.timeout');
    case 'NETWORK':
      return t(locale, 'hint.network');
  }
}
