// Words the REPL shows or completes: instance names for Tab, and the typed-confirmation question.
import type { TypedPrompt } from '../../src/render/message.js';
import { DEFAULT_LOCALE, t, type Locale } from '../../src/core/index.js';
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

/** `Type web-1 to delete it (or press Enter to cancel): ` from the card's typed-confirmation prompt. */
export function typedQuestion(typed: TypedPrompt, locale: Locale = DEFAULT_LOCALE): string {
  const expected = typed.placeholder?.trim();
  if (!expected) return t(locale, 'console.typedOrCancel', { label: stripControl(typed.label) });
  // The verb is the command word as typed, never read off a title in the card's language.
  const verb = typed.verb?.trim().toLowerCase();
  return stripControl(
    verb && /^[a-z][a-z-]*$/.test(verb)
      ? t(locale, 'console.typeToVerb', { expected, verb })
      : t(locale, 'console.typeToConfirm', { expected }),
  );
}
