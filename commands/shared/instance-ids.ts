// The ids `instance show` prints for other commands to take: uuid, location id, public IP id and
// the private network's uuid and graph id.
import type { InstanceDetail } from '../../src/api/index.js';
import { type CommandContext, isUuid, t, type Locale } from '../../src/core/index.js';
import { DASH, show } from './format.js';
import { publicIpId } from './instance-view.js';

/**
 * Ids people copy into other commands: the instance uuid, its location id (`instance no-ip`,
 * `os list`, `storage create`), its public IP id (`ip move`) and its private network's uuid
 * (`network show`) when the API gives one.
 */
export function idLine(
  uuid: string,
  detail: InstanceDetail,
  network: string[],
  locale: Locale = 'en',
): string {
  const locationId = show(detail.location_id);
  const ipId = publicIpId(detail);
  return [
    `uuid ${uuid}`,
    ...(locationId !== DASH ? [t(locale, 'ids.locationId', { id: locationId })] : []),
    ...(ipId ? [t(locale, 'ids.publicIpId', { id: ipId })] : []),
    ...network,
  ].join(' · ');
}

/**
 * The private network's uuid (and graph id): the field itself when it is a uuid, else looked up by
 * name in the optional network list (E2). Best effort: without E2 the line simply leaves it out.
 */
export async function networkIds(
  ctx: CommandContext,
  detail: InstanceDetail,
  label: string,
): Promise<string[]> {
  const network = show(detail.private_network);
  // The list is asked for first; remembering the public IP needs nothing from it.
  const listed =
    network !== DASH && !isUuid(network) ? ctx.api.privateNetworks.list().catch(() => null) : null;
  await rememberPublicIp(ctx, detail, label);
  if (network === DASH) return [];
  if (isUuid(network)) {
    await ctx.bot.rememberIds?.('network', [{ id: network }]);
    return [t(ctx.locale, 'ids.networkUuid', { id: network })];
  }
  const match = ((await listed) ?? []).filter((n) => n.name === network);
  const only = match.length === 1 ? match[0] : undefined;
  if (!only) return [];
  // Best effort, as the look-up: a store that cannot remember it does not cost the line.
  await Promise.resolve(ctx.bot.rememberIds?.('network', [{ id: only.uuid, label: network }])).catch(
    () => undefined,
  );
  return [
    t(ctx.locale, 'ids.networkUuid', { id: only.uuid }),
    ...(only.id !== null ? [t(ctx.locale, 'ids.graphId', { id: String(only.id) })] : []),
  ];
}

/** The public IP id `ip move` takes, remembered under its address (best effort, like the lookup above). */
async function rememberPublicIp(ctx: CommandContext, detail: InstanceDetail, label: string): Promise<void> {
  const id = publicIpId(detail);
  if (!id || !isUuid(id)) return;
  const address = show(detail.public_ip?.ip_address);
  await ctx.bot.rememberIds?.('ip', [{ id, label: address === DASH ? `${label} public IP` : address }]);
}
