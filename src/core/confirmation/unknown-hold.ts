// After an unknown outcome, the server is held for that action: a repeat at once would send it a
// second time (a second restore) with no word about the first. The hold is a record per server
// and command in the store (the tenant's, so tenants never meet; kept across exec runs and shared
// by replicas), good for VPSOPS_UNKNOWN_HOLD_MINUTES; it is lifted as soon as the bot learns the outcome — the server's detail shows no operation in progress (or the
// server is gone). A repeat meanwhile is refused, naming the earlier attempt (who, when, what to
// check), with a Check now button that runs the hidden `outcome check <instance>`.
import { isApiError } from '../../api/errors.js';
import type { HostingApi } from '../../api/index.js';
import type { Logger } from '../../logger.js';
import { person } from '../../render/builders.js';
import { clockTime } from '../../render/time-format.js';
import type { CommandDefinition, UnknownOutcomeHint } from '../command.js';
import { commandPath } from '../define-command.js';
import { userErrorNaming, type UserError } from '../errors.js';
import { instancesIn } from '../instances/instance-args.js';
import type { Actor, ResolvedInstance } from '../ports.js';
import type { CoreSettings } from '../settings.js';
import { COLLECTIONS, type BotStore } from '../store.js';
import type { TenantScope } from '../tenant-port.js';
import { checkLine, defaultHint, inlineSentence } from '../audit/unknown-outcome.js';
import type { Locale } from '../../i18n/locale.js';
import { t } from '../../i18n/translate.js';

/** Default hold when VPSOPS_UNKNOWN_HOLD_MINUTES is not given (hand-built configs, tests). */
export const DEFAULT_UNKNOWN_HOLD_MS = 10 * 60_000;

/** What the holds need of the runtime (the Runtime fits). */
export interface HoldDeps {
  store: BotStore;
  api: HostingApi;
  config: Pick<CoreSettings, 'unknownHoldMs'>;
  now: () => Date;
  logger: Logger;
  tenants?: TenantScope;
}

/** The earlier attempt whose outcome is unknown. */
export interface UnknownHold {
  actor: Actor;
  command: string;
  label: string;
  at: number;
  /** When the hold ends unless the outcome is learned sooner. */
  until: number;
  hint: Pick<UnknownOutcomeHint, 'check' | 'command'>;
}

const holds = (deps: HoldDeps) => deps.store.collection<UnknownHold>(COLLECTIONS.unknownHolds);
const holdId = (uuid: string, command: string): string => `${uuid.toLowerCase()}|${command}`;

/** The hold on this server for `command`, unless there is none or it has ended. */
async function holdOn(deps: HoldDeps, uuid: string, command: string): Promise<UnknownHold | null> {
  const hold = await holds(deps).get(holdId(uuid, command));
  if (!hold) return null;
  if (hold.until > deps.now().getTime()) return hold;
  await holds(deps).delete(holdId(uuid, command));
  return null;
}

/** Holds every server the action targets, for that action; best effort (a store outage only loses the hold). */
export async function holdAfterUnknown(
  deps: HoldDeps,
  def: CommandDefinition,
  command: string,
  args: Record<string, unknown>,
  by: Actor,
  hint: UnknownOutcomeHint | undefined,
): Promise<void> {
  for (const instance of instancesIn(def, args)) {
    const said = hint ?? defaultHint(command, instance.label);
    const at = deps.now().getTime();
    const hold: UnknownHold = {
      actor: by,
      command,
      label: instance.label,
      at,
      until: at + (deps.config.unknownHoldMs ?? DEFAULT_UNKNOWN_HOLD_MS),
      hint: { check: said.check, ...(said.command ? { command: said.command } : {}) },
    };
    await holds(deps)
      .put(holdId(instance.uuid, command), hold)
      .catch((error: unknown) => deps.logger.warn({ err: error }, 'holding after an unknown outcome failed'));
  }
}

/** `status` is null when the detail could not be read. */
interface ServerState {
  settled: boolean;
  status: string | null;
}

/** What the server's detail says now: no operation in progress (or gone), one in progress, or unreadable. */
async function serverState(deps: HoldDeps, uuid: string): Promise<ServerState> {
  try {
    const detail = await deps.api.instances.detail(uuid);
    return { settled: detail.operation_flag === 0, status: detail.status ?? '?' };
  } catch (error) {
    return { settled: isApiError(error) && error.code === 'NOT_FOUND', status: null };
  }
}

/** The hold on this server for `command`, lifted first if the server's detail shows the outcome now. */
async function standingHold(
  deps: HoldDeps,
  uuid: string,
  command: string,
): Promise<{ hold: UnknownHold; status: string | null } | null> {
  const hold = await holdOn(deps, uuid, command);
  if (!hold) return null;
  const now = await serverState(deps, uuid);
  if (!now.settled) return { hold, status: now.status };
  await holds(deps).delete(holdId(uuid, command));
  return null;
}

/** The refusal of a repeat while an earlier attempt's outcome is unknown; null when nothing holds. */
export async function unknownHoldRefusal(
  deps: HoldDeps,
  def: CommandDefinition,
  command: string,
  args: Record<string, unknown>,
  locale: Locale,
): Promise<UserError | null> {
  for (const instance of instancesIn(def, args)) {
    const standing = await standingHold(deps, instance.uuid, command);
    if (!standing) continue;
    const { hold } = standing;
    const checkCommand = `outcome check ${instance.uuid}`;
    const until = clockTime(new Date(hold.until));
    const error = userErrorNaming(
      'outcome-unknown',
      inlineSentence(locale, 'hold.refused', person(hold.actor), {
        label: instance.label,
        command: hold.command,
        time: clockTime(new Date(hold.at)),
      }),
      t(locale, 'hold.refusedHint', { check: checkLine(hold.hint, locale), checkCommand, until }),
    );
    error.actions = [{ label: t(locale, 'hold.checkNow'), command: checkCommand }];
    return error;
  }
  return null;
}

/** Check now: reads the server's detail and lifts every hold whose outcome now shows; the line to answer. */
export async function checkHolds(
  deps: HoldDeps,
  registry: { all: readonly CommandDefinition[] },
  instance: ResolvedInstance,
  locale: Locale,
): Promise<string> {
  const lines: string[] = [];
  // Only what changes a server can be held.
  const changing = registry.all.filter(
    (def) => def.risk !== 'read' && Object.values(def.args).some((spec) => spec.kind === 'instance'),
  );
  for (const def of changing) {
    const command = commandPath(def);
    const held = await holdOn(deps, instance.uuid, command);
    if (!held) continue;
    const standing = await standingHold(deps, instance.uuid, command);
    const until = clockTime(new Date(held.until));
    const values = { label: instance.label, command, until };
    if (!standing) lines.push(t(locale, 'hold.lifted', { ...values, check: checkLine(held.hint, locale) }));
    else if (standing.status === null) lines.push(t(locale, 'hold.unreadable', values));
    else lines.push(t(locale, 'hold.still', { ...values, status: standing.status }));
  }
  return lines.length > 0 ? lines.join('\n') : t(locale, 'hold.none', { label: instance.label });
}
