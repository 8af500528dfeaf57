// Whether a command's answer stays with the requester. Some answers (help, whoami, bindings, audit)
// are private by default so they do not fill the channel, and `--public` shares them; console
// credentials are always private.
import type { CommandDefinition } from '../command.js';

/** The flag that shares a private-by-default answer with the channel. */
export const PUBLIC_FLAG = 'public';

/** True when the reply must be ephemeral, given the parsed argument values. */
export function isPrivateReply(
  def: Pick<CommandDefinition, 'visibility' | 'shareable'>,
  values: Record<string, unknown> | undefined,
): boolean {
  if (def.visibility !== 'ephemeral') return false;
  return !(def.shareable === true && values?.[PUBLIC_FLAG] === true);
}
