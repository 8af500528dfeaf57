// How a command's acknowledgement shows (private or in the channel), decided from what needs no
// store: the command's own words and the policy. An adapter whose acknowledgement carries a
// visibility (Discord's deferral) acks with it at once, so a frozen store never delays the ack.
import type { Visibility } from '../../render/message.js';
import { DEFAULT_LOCALE } from '../../i18n/locale.js';
import type { Runtime } from '../context.js';
import { parseInput } from '../parse/parse.js';
import type { ParseHints } from '../parse/parse-args.js';
import type { Invocation } from '../ports.js';
import { isPrivateReply } from '../replies/reply-privacy.js';
import { authorised } from './authorise.js';

// The store's two hints only place positional words; the dispatch's own parse is one of these three.
// Whichever parses gives the same command and flags, so the same visibility.
const STORE_HINTS: Pick<ParseHints, 'hasBinding' | 'looksLikeInstance'>[] = [
  { hasBinding: false, looksLikeInstance: () => false },
  { hasBinding: true, looksLikeInstance: () => false },
  { hasBinding: true, looksLikeInstance: () => true },
];

/**
 * The visibility the dispatch of `inv` will defer with when it runs: 'channel' only for a command
 * that parses, is allowed and answers in the channel; 'ephemeral' for every refusal. (A refusal met
 * later — a rate limit, a store outage — replaces a public deferral by a private answer.)
 */
export function ackVisibility(rt: Pick<Runtime, 'registry' | 'policy'>, inv: Invocation): Visibility {
  const locale = (inv.locale ?? DEFAULT_LOCALE);
  for (const hints of STORE_HINTS) {
    const parsed = parseInput(inv.input, rt.registry, { ...hints, locale });
    if (!parsed.ok) continue;
    const { def, path, args } = parsed.parsed;
    if (!authorised(rt, inv.actor, { path, risk: def.risk }, inv.channelId, locale).ok) return 'ephemeral';
    return isPrivateReply(def, args.values) ? 'ephemeral' : 'channel';
  }
  return 'ephemeral';
}
