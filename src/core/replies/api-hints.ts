// The "what to do now" line under a hosting-API error, made concrete: the real command path
// (`/vps help storage create`), the real instance (`instance show web-1`) and, for a 404, which kind of
// id the API did not know, taken from the endpoint ("that backup (c1d2…) on web-1").
import type { ApiError } from '../../api/errors.js';
import { isUuid } from '../parse/uuid.js';

/** What the runner knows about the failing command, to fill in the hint. */
export interface HintContext {
  /** Command path, e.g. "storage create". */
  path?: string;
  /** Label of the command's instance argument, e.g. "web-1". */
  instance?: string;
}

/** The id a 404 is about, per endpoint: which request id it was and what to call it. */
const NOT_FOUND_SUBJECT: Record<string, { id: string; noun: string; onInstance?: boolean }> = {
  'snapshot.delete': { id: 'snapshot_uuid', noun: 'snapshot', onInstance: true },
  'snapshot.rollback': { id: 'snapshot_uuid', noun: 'snapshot', onInstance: true },
  'backup.restore': { id: 'backup_uuid', noun: 'backup', onInstance: true },
  'backup.delete': { id: 'backup_uuid', noun: 'backup', onInstance: true },
  'ip.changeInstance': { id: 'ip_uuid', noun: 'public IP' },
  'network.details': { id: 'vswitch_uuid', noun: 'private network' },
  'network.graph': { id: 'vswitch_id', noun: 'private network id' },
  'sshkey.unassigned': { id: 'vm_id', noun: 'VM id' },
  'instance.noIp': { id: 'location_id', noun: 'location id' },
  'systems.list': { id: 'location', noun: 'location' },
};

/** Uuids are shortened to their first 8 characters; short ids are shown whole. */
function shortId(id: string): string {
  return isUuid(id) ? `${id.slice(0, 8)}…` : id.slice(0, 40);
}

function notFoundHint(error: ApiError, ctx: HintContext): string {
  const subject = NOT_FOUND_SUBJECT[error.endpoint];
  const instanceId = error.ids.instance_uuid;
  const instance = ctx.instance ?? (instanceId ? shortId(instanceId) : undefined);
  if (subject) {
    const id = error.ids[subject.id];
    const which = id ? ` (${shortId(id)})` : '';
    const where = subject.onInstance && instance ? ` on ${instance}` : '';
    const list =
      subject.noun === 'backup' && ctx.instance
        ? ` \`backup list ${ctx.instance}\` shows the backups that exist.`
        : ' Check the id and try again.';
    return `The hosting API does not know that ${subject.noun}${which}${where}.${list}`;
  }
  if (instanceId || ctx.instance) {
    const named = instance ? ` (${instance})` : '';
    return `The hosting API does not know that instance${named} — it may have been deleted. Check the uuid, or list instances without a public IP with \`instance no-ip <location-id>\`.`;
  }
  return 'The hosting API does not know what this command asked for. Check the ids and try again.';
}

/**
 * The headline when an instance the bot knew by name is gone (instance.detail answered 404): it
 * no longer exists. A bare uuid may never have existed, so it keeps the API's own wording.
 */
export function goneInstanceLine(error: ApiError, ctx: HintContext): string | undefined {
  if (error.code !== 'NOT_FOUND' || error.endpoint !== 'instance.detail') return undefined;
  if (!ctx.instance || isUuid(ctx.instance)) return undefined;
  const said = error.chatText();
  return `${ctx.instance} no longer exists: ${said.charAt(0).toLowerCase()}${said.slice(1)}`;
}

/** The hint line for an API error in the context of one command. */
export function apiHint(error: ApiError, ctx: HintContext = {}): string {
  const show = ctx.instance ? `\`instance show ${ctx.instance}\`` : null;
  switch (error.code) {
    case 'UNAUTHORIZED':
      return 'The bot’s hosting-API key needs fixing — tell whoever runs the bot.';
    case 'FORBIDDEN':
      return 'The bot’s API key may lack permission for this operation.';
    case 'NOT_FOUND':
      return notFoundHint(error, ctx);
    case 'INVALID_INPUT':
      return ctx.path
        ? `Check the arguments — \`/vps help ${ctx.path}\` shows what is expected.`
        : 'Check the arguments — `/vps help` lists the commands and what they expect.';
    case 'CONFLICT':
      return show
        ? `Check the current state with ${show} and try again when it allows this.`
        : 'The resource is busy or in the wrong state; try again when it allows this.';
    case 'RATE_LIMITED':
      return 'Wait a moment and try again.';
    case 'UPSTREAM_ERROR':
      return 'Try again in a minute; if it persists, check the hosting provider’s status.';
    case 'UPSTREAM_INVALID':
      return 'Try again in a minute; if it persists, report it to the bot’s maintainers.';
    case 'TIMEOUT':
      // Only a change that was sent may have happened (those are told as unknown outcomes).
      if (!error.outcomeUnknown)
        return 'Try again in a minute: nothing was sent that changes anything. If it persists, the hosting API is having trouble.';
      return show
        ? `Try again in a minute; the operation may still have happened — check with ${show}.`
        : 'Try again in a minute; the operation may still have happened.';
    case 'NETWORK':
      return 'Try again in a minute; if it persists, check the bot’s connectivity to the hosting API.';
  }
}
