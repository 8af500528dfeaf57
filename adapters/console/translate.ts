// Turns a console line into a neutral Invocation / ActionEvent. Transport only: the core parses
// the command text itself; this module just trims, drops an optional `/vps` prefix and stamps
// the console identity.
import { randomUUID } from 'node:crypto';
import { userInfo } from 'node:os';
import type { ActionEvent, Actor, Invocation, Locale } from '../../src/core/index.js';

/** The interactive console's "channel": the terminal itself (`use web-1` binds here). */
export const CONSOLE_CHANNEL = 'console';
/** One-shot `vpsops exec` runs in a channel of their own, so a console `use` binding never applies. */
export const EXEC_CHANNEL = 'exec';

const PREFIX = /^\/?vps(?:\s+|$)/i;
const EXIT_WORDS = new Set(['exit', 'quit', '\\q', ':q']);

/**
 * The console user's identity: a name (VPSOPS_CONSOLE_USER, else the OS account name; policy members
 * `console:<user>`) and the OS account the process runs as, which is the person: two names typed
 * from one account are one person for two-person approvals.
 */
export function consoleActor(userName?: string, account: string | undefined = osAccount()): Actor {
  const name = userName?.trim() || currentUserName();
  return { platform: 'console', userId: name, displayName: name, ...(account ? { account } : {}) };
}

/** The OS account this process runs as (`uid:<n>`); none where the OS has no uids (Windows). */
export function osAccount(): string | undefined {
  return typeof process.getuid === 'function' ? `uid:${process.getuid()}` : undefined;
}

function currentUserName(): string {
  try {
    return userInfo().username || 'console';
  } catch {
    return 'console';
  }
}

/** The command text of a line without the optional `/vps` / `vps` prefix ("" when blank). */
export function commandText(line: string): string {
  return line.trim().replace(PREFIX, '').trim();
}

/** Whether the line asks to leave the REPL. */
export function isExitLine(line: string): boolean {
  return EXIT_WORDS.has(commandText(line).toLowerCase());
}

/** A console line as an Invocation, or null for a blank line. */
export function toInvocation(
  line: string,
  actor: Actor,
  channelId: string = CONSOLE_CHANNEL,
  locale?: Locale,
): Invocation | null {
  const text = commandText(line);
  if (text === '') return null;
  return {
    id: randomUUID(),
    platform: 'console',
    actor,
    channelId,
    input: { kind: 'text', text },
    ...(locale ? { locale } : {}),
  };
}

/** A confirm / cancel answer to a pending confirmation as an ActionEvent. */
export function toActionEvent(
  token: string,
  action: ActionEvent['action'],
  actor: Actor,
  input?: string,
  channelId: string = CONSOLE_CHANNEL,
  locale?: Locale,
): ActionEvent {
  const event: ActionEvent = {
    id: randomUUID(),
    platform: 'console',
    actor,
    channelId,
    token,
    action,
    ...(locale ? { locale } : {}),
  };
  if (input !== undefined) event.input = input;
  return event;
}

/** How a `Confirm? [y/N]` answer reads: only an explicit yes confirms. */
export function isYes(answer: string): boolean {
  return /^(y|yes)$/i.test(answer.trim());
}
