// Per-tenant policy at the core's door: in a tenant's request (Slack workspace, Discord guild), and
// while no policy file is in force, the actor is given the role the tenant's own policy grants
// (src/core/policy/tenant-roles.ts) before the dispatcher sees the request, so every check of the
// core — authorise, approve, whoami, help — reads it from the policy as it reads a file's role.
import type {
  Actor,
  AdapterLookups,
  BotStore,
  ConfirmGate,
  Dispatcher,
  Platform,
  TenantPlace,
} from '../core/index.js';
import { tenantRoleOf, tenantRolesIn } from '../core/kit/index.js';
import type { Logger } from '../logger.js';
import { currentTenant } from '../adapter-kit/tenant-context.js';
import type { MemberFacts, TenantKeys } from '../adapter-kit/tenant-ports.js';

/** Gives a request's actor its tenant role. */
export interface TenantRoleResolver {
  /** `request` with `actor.tenantRole` set; as it came outside a tenant, or while a policy file is in force. */
  withRole<T extends { actor: Actor }>(request: T, facts: MemberFacts): Promise<T>;
}

/** The resolver over the tenant-scoped store (roles) and the directory (installer). */
export function createTenantRoles(options: {
  store: BotStore;
  keys: Pick<TenantKeys, 'installer'>;
  /** A policy file in force wins: nothing is resolved then. */
  fileInForce: () => boolean;
  /** What a platform calls its tenants ("platform admin of this server"); default: a workspace. */
  placeOf?: (platform: Platform) => TenantPlace | undefined;
  logger?: Pick<Logger, 'warn'>;
}): TenantRoleResolver {
  const roles = tenantRolesIn(options.store);
  return {
    async withRole(request, facts) {
      const tenant = currentTenant();
      if (!tenant || options.fileInForce()) return request;
      try {
        const tenantRole = await tenantRoleOf(
          await roles.read(),
          request.actor,
          { ...facts, installer: () => options.keys.installer(tenant.id) },
          options.placeOf?.(request.actor.platform) ?? 'workspace',
        );
        return { ...request, actor: { ...request.actor, tenantRole } };
      } catch (error) {
        // The store could not say: the person is a viewer for this request (the policy's default).
        options.logger?.warn({ err: error }, 'tenant roles unreadable; answering as a viewer');
        return request;
      }
    },
  };
}

/** The dispatcher with every request's actor given its tenant role first. */
export function withTenantRoles(
  dispatcher: Dispatcher,
  roles: TenantRoleResolver,
  facts: MemberFacts,
): Dispatcher {
  // Object.create keeps every other member of the dispatcher (arrived for serve's admission…) as it is.
  const wrapped = Object.create(dispatcher) as Dispatcher;
  wrapped.dispatch = async (invocation, responder) =>
    dispatcher.dispatch(await roles.withRole(invocation, facts), responder);
  wrapped.act = async (event, responder) => dispatcher.act(await roles.withRole(event, facts), responder);
  // The tenant role is read from the store: the policy's verdict, so the ack's visibility, waits for it.
  Object.defineProperty(wrapped, 'ackVisibility', { value: undefined });
  return wrapped;
}

/** The confirm gate (asked before a typed-confirmation dialog opens) with the clicker's tenant role, as the click itself will have it. */
export function gateWithTenantRoles(
  gate: ConfirmGate,
  roles: TenantRoleResolver,
  facts: MemberFacts,
): ConfirmGate {
  return { refusal: async (event) => gate.refusal(await roles.withRole(event, facts)) };
}

type PlateLookup = NonNullable<AdapterLookups['plate']>;

/** The plate query (Slack's App Home) with the person's tenant role, so "may approve" is their tenant's answer. */
export function plateWithTenantRoles(
  plate: PlateLookup,
  roles: TenantRoleResolver,
  facts: MemberFacts,
): PlateLookup {
  return {
    of: async (actor, channelIds, locale) =>
      plate.of((await roles.withRole({ actor }, facts)).actor, channelIds, locale),
  };
}
