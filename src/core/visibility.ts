// Decides before any API call whether a reply will be private, so adapters can defer (Discord)
// ephemerally: bad input, unknown commands and refusals concern only the requester.
import type { Visibility } from '../render/message.js';
import { parseInput } from './parse.js';
import type { Policy } from './policy.js';
import type { Invocation } from './ports.js';
import type { Registry } from './registry.js';
import { instanceMatcher, resolveInstanceArgs, type ResolveDeps } from './resolve-instance.js';
import { channelKey } from './runtime.js';
import { isPrivateReply } from './reply-privacy.js';

/**
 * 'ephemeral' when the reply is known to be private from cheap synchronous checks — input that
 * cannot parse (with or without a channel binding), an unknown command, a command the actor may
 * not run here, or a command whose replies are always private; otherwise 'channel'.
 */
export function visibilityFor(registry: Registry, policy: Policy, invocation: Invocation): Visibility {
  // The dispatcher parses with or without a binding; the reply is an error only if both fail.
  const strict = parseInput(invocation.input, registry, {
    hasBinding: false,
    looksLikeInstance: () => false,
  });
  const parsed = strict.ok
    ? strict
    : parseInput(invocation.input, registry, { hasBinding: true, looksLikeInstance: () => false });
  if (!parsed.ok) return 'ephemeral';
  const { def, path } = parsed.parsed;
  if (isPrivateReply(def, parsed.parsed.args.values)) return 'ephemeral';
  const auth = policy.authorize(invocation.actor, { path, risk: def.risk }, invocation.channelId);
  return auth.allowed ? 'channel' : 'ephemeral';
}

/**
 * visibilityFor plus the store lookups the runner will make (the channel binding, instance names),
 * so "Which instance?" and "Unknown instance" are known to be private before Discord defers.
 * Only the bot's own state is read — never the hosting API. Fails closed (private).
 */
export async function visibilityWithLookups(
  deps: ResolveDeps & { registry: Registry },
  invocation: Invocation,
): Promise<Visibility> {
  const quick = visibilityFor(deps.registry, deps.policy, invocation);
  if (quick === 'ephemeral') return quick;
  try {
    const binding = await deps.store.bindings.get(channelKey(invocation.platform, invocation.channelId));
    const parsed = parseInput(invocation.input, deps.registry, {
      hasBinding: binding !== null,
      looksLikeInstance: await instanceMatcher(invocation.input, deps),
    });
    if (!parsed.ok) return 'ephemeral';
    const { def, args } = parsed.parsed;
    await resolveInstanceArgs(def, args.values, args.omittedInstances, binding, deps);
    return 'channel';
  } catch {
    // A user error (unknown instance, no binding) or an unreadable store: the reply is private.
    return 'ephemeral';
  }
}
