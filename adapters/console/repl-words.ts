// Words the REPL shows or completes: instance names for Tab, and the typed-confirmation question.
import type { TypedPrompt } from '../../src/render/message.js';
import { stripControl } from './render.js';

/**
 * Typeable words from instance suggestions: the name without its " (alias · 7995e990)" note
 * (aliases, hostnames), or the uuid value when that is what the user started typing.
 */
export function instanceWords(
  suggestions: readonly { name: string; value: string }[],
  prefix: string,
): string[] {
  return suggestions.flatMap(({ name, value }) => {
    const label = name.replace(/\s+\([^()]*\)$/, '').trim();
    if (label !== '' && !/\s/.test(label) && label.startsWith(prefix)) return [label];
    return value.startsWith(prefix) && !/\s/.test(value) ? [value] : [];
  });
}

/** `Type web-1 to delete it (or press Enter to cancel): ` from the card's typed-confirmation hints. */
export function typedQuestion(typed: TypedPrompt): string {
  const expected = typed.placeholder?.trim();
  if (!expected) return `${stripControl(typed.label)} (or press Enter to cancel): `;
  // Titles look like "Confirm instance delete" or "Delete web-1": the verb is the last other word.
  let title = typed.title.trim().replace(/[?.!:]+$/, '');
  if (title.endsWith(expected)) title = title.slice(0, -expected.length);
  const words = title.split(/\s+/).filter((word) => word !== '' && word.toLowerCase() !== 'confirm');
  const verb = words.at(-1)?.toLowerCase();
  const purpose = verb && /^[a-z][a-z-]*$/.test(verb) ? `${verb} it` : 'confirm';
  return stripControl(`Type ${expected} to ${purpose} (or press Enter to cancel): `);
}
