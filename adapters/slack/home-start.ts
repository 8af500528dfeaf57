// Starting the App Home beside the other listeners: with the core's plate query (OAuth mode without
// a policy file: the person gets their workspace role first, as every request's actor does), and
// told by the outbox when a channel card is posted or edited, so open Homes are redrawn.
import type { App, webApi } from '@slack/bolt';
import type { AdapterLookups } from '../../src/core/index.js';
import type { PlatformFacts, TenantRoleResolver } from '../../src/tenants/tenant-roles.js';
import type { HandlerDeps } from './handler-deps.js';
import { registerHome } from './home.js';
import type { HomeViewers } from './home-viewers.js';

type PlateLookup = NonNullable<AdapterLookups['plate']>;

/** The plate query with the asker's tenant role resolved first. */
function plateWithRoles(plate: PlateLookup, roles: TenantRoleResolver, facts: PlatformFacts): PlateLookup {
  return {
    of: async (actor, channelIds, locale) =>
      plate.of((await roles.withRole({ actor }, facts)).actor, channelIds, locale),
  };
}

/** Registers the Home when the core offers a plate; undefined when it does not. */
export function startHome(
  app: App,
  deps: HandlerDeps & { client: webApi.WebClient },
  plate: PlateLookup | undefined,
  tenancy: { roles: TenantRoleResolver; facts: PlatformFacts } | undefined,
): HomeViewers | undefined {
  if (!plate) return undefined;
  const lookup = tenancy ? plateWithRoles(plate, tenancy.roles, tenancy.facts) : plate;
  const homes = registerHome(app, { ...deps, plate: lookup });
  deps.outbox.onChange = () => homes.changed();
  return homes;
}
