// Command help in the reader's language, by catalogue key from the command path: the definitions
// (commands/*.ts) hold the source language's text, each other language's help catalogue the rest.
// Plain text, not ICU: help has no placeholders.
import { helpId } from './id/help.js';
import type { Locale } from './locale.js';

/** Each translated language's help texts by key; the definitions' own language needs none. */
export const HELP_CATALOGUES: Partial<Record<Locale, Readonly<Record<string, string>>>> = { id: helpId };

const dotted = (path: string) => path.replace(/ /g, '.');

/** A command's summary key: "instance list" → "summary.instance.list". */
export function summaryKey(path: string): string {
  return `summary.${dotted(path)}`;
}

/** An argument's description key: ("instance list", "status") → "arg.instance.list.status". */
export function argKey(path: string, arg: string): string {
  return `arg.${dotted(path)}.${arg}`;
}

/** A command's one-line summary in `locale`; `source` is the definition's own. */
export function commandSummary(locale: Locale, path: string, source: string): string {
  return HELP_CATALOGUES[locale]?.[summaryKey(path)] ?? source;
}

/** An argument's description in `locale`; `source` is the definition's own. */
export function argDescription(locale: Locale, path: string, arg: string, source: string): string {
  return HELP_CATALOGUES[locale]?.[argKey(path, arg)] ?? source;
}

/** The help keys a translated language lacks for a command and its arguments, as "id: summary.…" (the catalogue test asks). */
export function missingHelp(path: string, args: string[]): string[] {
  const keys = [summaryKey(path), ...args.map((arg) => argKey(path, arg))];
  return Object.entries(HELP_CATALOGUES).flatMap(([locale, texts]) =>
    keys.filter((key) => texts[key] === undefined).map((key) => `${locale}: ${key}`),
  );
}
