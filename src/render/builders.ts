// Small helpers that build neutral Messages, so commands read as content rather than object
// literals, and missing values are shown as "—" consistently.
import { display } from './display.js';
import type { Block, Field, Inline, Message, PersonRef, Tone, Visibility } from './message.js';

/** Options shared by message builders. */
export interface MessageOptions {
  tone?: Tone;
  summary?: string;
  visibility?: Visibility;
}

/** A message with a title and blocks; summary defaults to the title. */
export function message(
  title: string | undefined,
  blocks: Block[] = [],
  options: MessageOptions = {},
): Message {
  const msg: Message = { blocks };
  if (title !== undefined) msg.title = title;
  if (options.tone) msg.tone = options.tone;
  const summary = options.summary ?? title;
  if (summary !== undefined) msg.summary = summary;
  if (options.visibility) msg.visibility = options.visibility;
  return msg;
}

/** A paragraph of plain text. */
export function text(value: string): Block {
  return { type: 'text', text: value };
}

/** A small grey line (ids, footers, "requested by"). */
export function context(value: string): Block {
  return { type: 'context', text: value };
}

/** The person behind an actor ({ platform, userId, displayName }), for lines that name them. */
export function person(who: { platform: string; userId: string; displayName: string }): PersonRef {
  return { type: 'user', platform: who.platform, id: who.userId, displayName: who.displayName };
}

/** An on-call team (Slack user group or Discord role id from the policy file), notified where it is named. */
export function team(platform: string, id: string, displayName: string): PersonRef {
  return { type: 'team', platform, id, displayName };
}

/** "@name" — how a person reads in plain text (console, notifications, logs). */
export function plainPerson(person: PersonRef): string {
  return `@${person.displayName || person.id}`;
}

/** The plain form of a line with people in it. */
export function plainLine(parts: readonly Inline[]): string {
  return parts.map((p) => (typeof p === 'string' ? p : plainPerson(p))).join('');
}

/** A context line naming people ("Confirmed by <person> at 03:12 UTC"); adapters render them as mentions. */
export function contextWith(parts: Inline[]): Block {
  return parts.some((p) => typeof p !== 'string')
    ? { type: 'context', text: plainLine(parts), parts }
    : { type: 'context', text: plainLine(parts) };
}

/** Labelled values from pairs or a record; values pass through display() so nulls show "—". */
export function fields(
  entries: Record<string, unknown> | [string, unknown][],
  options: { inline?: boolean } = {},
): Block {
  const pairs = Array.isArray(entries) ? entries : Object.entries(entries);
  const list: Field[] = pairs.map(([label, value]) => {
    const field: Field = { label, value: display(value) };
    if (options.inline !== undefined) field.inline = options.inline;
    return field;
  });
  return { type: 'fields', fields: list };
}

/** A table; cells pass through display(). */
export function table(columns: string[], rows: unknown[][]): Block {
  return { type: 'table', columns, rows: rows.map((row) => columns.map((_, i) => display(row[i]))) };
}
