// Finds English sentences written as string literals in source text: a capitalised word followed
// by more words ("Not allowed", `Stop ${label}?`). Log messages are lower case and identifiers have
// no spaces; a command's own help (summary, description, argument descriptions) is its English
// source, so it is left alone — the Indonesian side lives in src/i18n/help-id.ts.
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const SENTENCE = /^\W*[A-Z][a-z]+(?:\s+[A-Za-z][a-z]*)+/;
const LITERAL = /'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`/g;
const ANY_LITERAL = String.raw`(?:'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|\`(?:[^\`\\]|\\.)*\`)`;
// Help text beside a definition: `summary: '…'`, `description: '…'`, `arg.flag('…')`, `arg.instance('…')`.
const HELP_SOURCE = new RegExp(
  String.raw`\b(?:summary|description)\s*:\s*(?:\w+\s*===?\s*'[^']*'\s*\?\s*)?${ANY_LITERAL}(?:\s*:\s*${ANY_LITERAL})?|\barg\.\w+\(\s*${ANY_LITERAL}`,
  'g',
);

/** The English sentences a source file writes inline (outside comments, imports and help text). */
export function englishLiterals(source: string): string[] {
  const code = source
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1')
    .replace(/^import[\s\S]*?from\s+['"][^'"]+['"];?$/gm, '')
    .replace(HELP_SOURCE, '');
  return [...code.matchAll(LITERAL)]
    .map((m) => (m[1] ?? m[2] ?? m[3] ?? '').replace(/\$\{[^}]*\}/g, 'x'))
    .filter((text) => SENTENCE.test(text));
}

/** Every .ts file under `dirs` (relative to `root`), as root-relative paths with forward slashes. */
export function sourceFiles(root: string, dirs: string[]): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return walk(path);
      return path.endsWith('.ts') ? [relative(root, path).split('\\').join('/')] : [];
    });
  return dirs.flatMap((dir) => walk(join(root, dir))).sort();
}
