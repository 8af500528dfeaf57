// The handler context every Discord mode shares (gateway, sharded gateway, HTTP interactions), so
// all of them answer with the same command layer, renderer and confirmation memory.
import type { REST } from 'discord.js';
import type { EphemeralState, AdapterLookups, Dispatcher } from '../../src/core/index.js';
import { withTenantRoles } from '../../src/tenants/tenant-roles.js';
import { DISCORD_FACTS, type GuildTenancy } from './guild-tenancy.js';
import { DiscordInteractionState } from './interaction-state.js';
import type { HandlerContext } from './interactions.js';
import type { AdapterLogger } from './responder.js';
import { indexCommands } from './translate.js';

/** Builds the context the interaction handlers run with; `state` is shared between replicas. */
export function handlerContext(
  dispatcher: Dispatcher,
  rest: REST,
  applicationId: string,
  logger: AdapterLogger,
  state: EphemeralState,
  lookups?: AdapterLookups,
  tenancy?: GuildTenancy,
): HandlerContext {
  return {
    ...(tenancy ? { tenancy } : {}),
    dispatcher: tenancy?.roles ? withTenantRoles(dispatcher, tenancy.roles, DISCORD_FACTS) : dispatcher,
    ...(lookups ? { completer: lookups.completer } : {}),
    ...(lookups?.roles ? { roles: lookups.roles } : {}),
    index: indexCommands(dispatcher.commands()),
    rest,
    applicationId,
    state: new DiscordInteractionState(state),
    logger,
    now: Date.now,
  };
}
