// English texts the core writes itself (src/core: instances/, policy/, confirmation/): unknown and
// ambiguous instance references, policy refusals, a busy server, a card's fallbacks. Spread into
// catalogue-en.ts; core-id.ts has the same keys.
export const coreEn = {
  // Instance references (src/core/instances/resolve-instance.ts)
  'instance.ref.sameHostname': '`{text}` is the hostname of {count} instances:\n{lines}',
  'instance.ref.startsHostnames': '`{text}` starts the hostnames of {count} instances:\n{lines}',
  'instance.ref.startsIds': '`{prefix}` starts the ids of {count} instances:\n{lines}',
  'instance.ref.more': '• … and {count} more',
  'instance.ref.ambiguousHint':
    'Type the whole hostname, the uuid (or its first 8 characters), or add an alias in the policy file.',
  'instance.ref.sameHostnameHint':
    'Use the uuid (or its first 8 characters), or add an alias in the policy file. `instance show <uuid>` shows each one’s IP and location.',
  'instance.ref.unknown': 'Unknown instance `{name}`.{suggestion}',
  'instance.ref.didYouMean': ' Did you mean {names}?',
  'instance.ref.unknownHint':
    'I haven’t seen {named, select, yes {an instance called {name}} other {an instance by that name}}.{listFailed, select, yes { The instance list could not be read just now.} other {}} Use its uuid, add an alias in the policy file, or list instances without a public IP with `instance no-ip <location-id>`.',
  'instance.ref.noPrefix': 'No instance with id starting `{prefix}` that I know of.',
  'instance.ref.noPrefixHint': 'Use the full uuid, or a hostname the bot has seen.',
  'instance.ref.morePrefix': 'Type more of the uuid.',
  'instance.ref.which':
    'Which instance? Give <{arg}>, e.g. `{example}`, or bind one to this channel with `use web-1`.',
  // Seen ids close to a mistyped one (src/core/instances/seen-id-hints.ts)
  'seenIds.didYouMean': 'Did you mean {ids}? ({kind} ids seen recently)',
  'seenIds.or': 'or',
  // Policy refusals (src/core/policy/policy.ts)
  'policy.deny.billing':
    '`{path}` shows the account’s billing, which only admins may see without a policy file: your role is {role}.',
  'policy.deny.billingHint':
    'Grant roles in a policy file (VPSOPS_POLICY), or type `/vps help` to see what you can run.',
  'policy.deny.role':
    'You may not run `{path}` (a {risk, select, read {read} change {change} other {destructive}} command): {hasRole, select, yes {your role is {role}} other {you have no role in the policy}}.',
  'policy.deny.roleHint':
    'Ask an admin to grant you the operator role, or type `/vps help` to see what you can run.',
  'policy.deny.channel':
    '`{path}` is not allowed in this channel: {risk, select, change {change} other {destructive}} commands run only in the channels the policy lists.',
  'policy.deny.channelHint': 'Run it from an incident channel listed in the policy.',
  'policy.roleNone': 'none',
  // Confirmations (src/core/confirmation/)
  'confirm.gone': '`{command}` is no longer available.',
  'card.summary': 'Confirm {command}',
  'lease.busy': '{label} is busy: {what} was confirmed{by}{since} and has not finished — nothing was done.',
  'lease.by': ' by {who}',
  'lease.since': ' since {time} UTC',
  'lease.anotherAction': 'another action',
  'lease.busyHint':
    'This card stays open: confirm it again once that operation is over, if it is still needed.',
  // After an unknown outcome (confirmation/unknown-hold.ts)
  'hold.refused':
    '{label} is held: `{command}` by {who} at {time} UTC has no known outcome yet — nothing was done, so it does not run twice.',
  'hold.refusedHint':
    '{check} It is held until the bot sees the outcome (press Check now, or run `{checkCommand}`), at most until {until} UTC.',
  'hold.checkNow': 'Check now',
  'hold.lifted': 'No operation is in progress on {label}: `{command}` is no longer held. {check}',
  'hold.still':
    '{label} still shows an operation in progress ({status}): `{command}` stays held, at most until {until} UTC.',
  'hold.unreadable':
    'The state of {label} could not be read: `{command}` stays held, at most until {until} UTC.',
  'hold.none': 'Nothing is held on {label}.',
  'outbound.simulatorMarker':
    '🧪 Simulator — made-up servers, nothing real is changed (HOSTING_API_URL=simulator)',
} as const;

/** The keys of this file. */
export type CoreKey = keyof typeof coreEn;
