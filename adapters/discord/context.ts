// The handler context every Discord mode shares (gateway, sharded gateway, HTTP interactions), so
// all of them answer with the same command layer, renderer and confirmation memory.
import type { REST } from 'discord.js';
import type {
  AdapterLookups,
  Completer,
  ConfirmGate,
  Dispatcher,
  EphemeralState,
  RoleLookup,
} from '../../src/core/index.js';
import type { GuildTenancy } from './guild-tenancy.js';
import { DiscordInteractionState } from './interaction-state.js';
import type { AdapterLogger, ResponderDeps } from './responder.js';
import { indexCommands, type CommandIndex } from './translate.js';

/** Everything the interaction handlers need. */
export interface HandlerContext extends ResponderDeps {
  dispatcher: Dispatcher;
  /** Autocomplete values (instances, seen ids); without it autocomplete offers nothing. */
  completer?: Completer;
  index: CommandIndex;
  /** Multi-guild mode: each guild a tenant with its own key. */
  tenancy?: GuildTenancy;
  /** Who the policy makes an admin (may link the guild's key); without it, only Discord's permissions count. */
  roles?: RoleLookup;
  /** May this clicker confirm now? Asked before the typed-confirmation modal opens. */
  gate?: ConfirmGate;
  /** HTTP mode: whether this interaction id is its first delivery (any replica); unset → always. */
  firstDelivery?(interactionId: string): Promise<boolean>;
}

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
    dispatcher,
    ...(lookups ? { completer: lookups.completer } : {}),
    ...(lookups?.roles ? { roles: lookups.roles } : {}),
    ...(lookups ? { gate: lookups.gate } : {}),
    index: indexCommands(dispatcher.commands()),
    rest,
    applicationId,
    state: new DiscordInteractionState(state),
    logger,
    now: Date.now,
  };
}
