// Command help in the reader's language: English from the definition, Indonesian from HELP_ID.
import { HELP_ID } from './id/help.js';
import type { Locale } from './locale.js';

/** A command's one-line summary; `english` is the definition's own. */
export function commandSummary(locale: Locale, path: string, english: string): string {
  return locale === 'id' ? (HELP_ID[path]?.summary ?? english) : english;
}

/** An argument's description; `english` is the definition's own. */
export function argDescription(locale: Locale, path: string, arg: string, english: string): string {
  return locale === 'id' ? (HELP_ID[path]?.args?.[arg] ?? english) : english;
}

/** Whether Indonesian help has the command and each of its arguments (the catalogue test asks). */
export function missingHelp(path: string, args: string[]): string[] {
  const entry = HELP_ID[path];
  if (!entry) return [path];
  return args.filter((arg) => entry.args?.[arg] === undefined).map((arg) => `${path} ${arg}`);
}
