// One destructive operation per server at a time, across replicas: a confirmed destructive action
// holds a lease per instance it targets (in the shared store) from the click until its call has
// returned and, when followed, the tracker has recorded it; from then on the tracked operation
// itself marks the server busy until it is followed to its end. A second confirm meanwhile is
// refused, naming who holds the server and since when, and its card stays usable afterwards.
import { clockTime } from '../../render/time-format.js';
import type { CommandDefinition } from '../command.js';
import { instancesIn } from '../instances/instance-args.js';
import { mention } from './confirm-card.js';
import { UserError } from '../errors.js';
import type { Actor } from '../ports.js';
import type { Runtime } from '../context.js';
import type { PendingConfirmation } from '../store.js';
import { lease, type Lease } from '../leases.js';
import { SINGLE_TENANT } from '../tenant-port.js';
import { DEFAULT_LOCALE, type Locale } from '../../i18n/locale.js';
import { t } from '../../i18n/translate.js';

/** Longest a holder keeps a server if its process dies before releasing it. */
export const INSTANCE_LEASE_MS = 5 * 60_000;

/** Who holds a server, as written in the lease's owner field. */
interface Holder {
  actor: Actor;
  command: string;
  since: number;
  /** The card confirmed: clicks racing on one card are left to `take`, which lets one through. */
  token: string;
}

const leaseName = (uuid: string): string => `instance-op:${uuid}`;

function parseHolder(owner: string | null): Holder | null {
  if (owner === null) return null;
  try {
    const holder = JSON.parse(owner) as Partial<Holder>;
    return holder.actor && typeof holder.since === 'number' && typeof holder.command === 'string'
      ? (holder as Holder)
      : null;
  } catch {
    return null;
  }
}

function busy(
  label: string,
  who: Actor | null,
  what: string,
  since: number | null,
  locale: Locale,
): UserError {
  const by = who ? t(locale, 'lease.by', { who: mention(who) }) : '';
  const when = since === null ? '' : t(locale, 'lease.since', { time: clockTime(new Date(since)) });
  return new UserError(
    'instance-busy',
    t(locale, 'lease.busy', { label, what, by, since: when }),
    t(locale, 'lease.busyHint'),
  );
}

/**
 * Takes the lease of every instance the destructive action targets; throws `instance-busy` (in
 * `locale`) when another confirmed action holds one or is still being followed. Resolves with the release.
 */
export async function claimInstances(
  rt: Runtime,
  def: CommandDefinition,
  pending: PendingConfirmation,
  by: Actor,
  locale: Locale = DEFAULT_LOCALE,
): Promise<() => Promise<void>> {
  if (def.risk !== 'destructive') return async () => undefined;
  const owner = JSON.stringify({
    actor: by,
    command: pending.command,
    since: rt.now().getTime(),
    token: pending.token,
  } satisfies Holder);
  const held: { name: string; lease: Lease }[] = [];
  const tenants = rt.tenants ?? SINGLE_TENANT;
  const tenant = tenants.current();
  // A release the store refused is replayed once it is back: the server is not busy any more.
  const release = async () => {
    for (const { name, lease: instanceLease } of held.splice(0))
      await instanceLease.release().catch((error: unknown) => {
        rt.logger.warn({ err: error }, 'instance lease release failed; replayed once the store is back');
        rt.replay.keep(`lease:${name}:${owner}`, () => tenants.run(tenant, () => instanceLease.release()));
      });
  };
  try {
    for (const instance of instancesIn(def, pending.args)) {
      const instanceLease = lease(rt.store.leases, leaseName(instance.uuid), owner, INSTANCE_LEASE_MS);
      if (!(await instanceLease.take())) {
        const holder = parseHolder(await rt.store.leases.holder(leaseName(instance.uuid)));
        if (holder?.token === pending.token) continue;
        throw busy(
          instance.label,
          holder?.actor ?? null,
          holder ? `\`${holder.command}\`` : t(locale, 'lease.anotherAction'),
          holder?.since ?? null,
          locale,
        );
      }
      held.push({ name: leaseName(instance.uuid), lease: instanceLease });
      // A lease released after its call returned hands over to the tracked operation, if any.
      const followed = (await rt.store.operations.list()).find(
        (op) => op.spec.instanceUuid === instance.uuid,
      );
      if (followed)
        throw busy(
          instance.label,
          followed.actor,
          `${followed.spec.verb} ${followed.spec.label}`,
          followed.startedAt,
          locale,
        );
    }
  } catch (error) {
    await release();
    throw error;
  }
  return release;
}
