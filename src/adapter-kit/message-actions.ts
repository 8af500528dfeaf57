// The two actions every chat platform offers on any message — "Show server" (Slack's message
// shortcut vps_show_server, Discord's message command) and "Add to timeline" (vps_timeline_add and
// its Discord twin) — as the input of the command they run for whoever used them: the hidden
// `instance find` and `note`. The message's text rides as a typed option, never parsed as a command
// line, so it stays the message's words whatever it says (`--force`, mentions, quotes).
import type { Invocation } from '../core/index.js';
import { prefixWithin } from '../render/shorten.js';

/** What a message action runs. */
export type MessageAction = 'showServer' | 'addToTimeline';

/** Each action's command path and the most of a message's text its argument takes. */
const ACTIONS: Record<MessageAction, { path: string[]; max: number }> = {
  // commands/show-server.ts (FIND_TEXT_MAX)
  showServer: { path: ['instance', 'find'], max: 8_000 },
  // commands/story-notes.ts (`note`'s text; the note keeps its first 1,000 characters)
  addToTimeline: { path: ['note'], max: 4_000 },
};

/** The message an action was used on: what it says, and who wrote it (a platform user id). */
export interface TargetMessage {
  text: string;
  author?: string | undefined;
}

/** The command input of `action` used on `message`. */
export function messageActionInput(action: MessageAction, message: TargetMessage): Invocation['input'] {
  const { path, max } = ACTIONS[action];
  const text = prefixWithin(message.text, max);
  if (action === 'showServer') return { kind: 'options', path, options: text.trim() === '' ? {} : { text } };
  // An empty note is refused by `note` itself, in the reader's language.
  return { kind: 'options', path, options: { text, ...(message.author ? { author: message.author } : {}) } };
}
