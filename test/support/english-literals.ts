// Finds English sentences written as string literals in source text: a capitalised word (one letter
// is enough: "A silence…", "I haven’t…") followed by more words, a word being letters after an
// optional `-`, `--` or `/` ("Use --clear", "Try /vps help"); a leading emoji, punctuation or
// placeholder is skipped ("⚠️ Server busy", `${icon} Stopped web-1`), and a placeholder followed by
// two lower-case words is a sentence too (`${label} is running`, "`${path}` is not allowed").
// Not scanned: comments, imports, a command's own help (summary, description, argument
// descriptions — its English source; the Indonesian side lives in src/i18n/id/help.ts), log calls
// (`logger.warn(…, 'reply failed')`), audit summaries (`auditSummary: …`: the audit trail stays
// English) and the messages of thrown programming and configuration errors (`new Error(…)`,
// `new ConfigError(…)`), which reach the log, never chat. Identifiers and t() keys have no spaces.
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Where a placeholder stood, while a literal is tested (reported as `x`). */
const SLOT = '\u0001';
const WORD = String.raw`(?:\\?\`)?(?:--?|\/)?[A-Za-z][a-z]*`;
const SENTENCE = new RegExp(
  String.raw`^\W*(?:[A-Z][a-z]*(?:\s+${WORD})+|${SLOT}[^\w\s]*\s+[a-z]+(?:\s+(?:[a-z]+|${SLOT}))+)`,
);
const LITERAL = /'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`/g;
const ANY_LITERAL = String.raw`(?:'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|\`(?:[^\`\\]|\\.)*\`)`;
// Help text beside a definition: `summary: '…'`, `description: '…'`, `arg.flag('…')`, `arg.instance('…')`.
const HELP_SOURCE = new RegExp(
  String.raw`\b(?:summary|description)\s*:\s*(?:\w+\s*===?\s*'[^']*'\s*\?\s*)?${ANY_LITERAL}(?:\s*:\s*${ANY_LITERAL})?|\barg\.\w+\(\s*${ANY_LITERAL}`,
  'g',
);
// A log line's message: `logger.warn({ err }, 'reply failed')`, `log.info(\`${n} resumed\`)`.
const LOG_CALL = new RegExp(
  String.raw`\b(?:\w*[lL]ogger|log)\??\.(?:trace|debug|info|warn|error|fatal)\(\s*(?:[^'"\`()]*?,\s*)?${ANY_LITERAL}`,
  'g',
);
// A thrown programming or configuration error (the user sees "Something went wrong" or the process
// stops), or a store outage's reason (chat says the catalogued outage message; the reason is logged).
// A message joined from several literals with `+` is one message.
const THROWN = new RegExp(
  String.raw`\bnew\s+(?:Type|Range|Config|StoreUnavailable)?Error\(\s*${ANY_LITERAL}(?:\s*\+\s*${ANY_LITERAL})*`,
  'g',
);
// An audit record's summary: the audit trail stays in English whatever the reader's language.
const AUDIT_SUMMARY = new RegExp(
  String.raw`\bauditSummary\s*:\s*(?:\w+\s*===?\s*'[^']*'\s*\?\s*)?${ANY_LITERAL}(?:\s*:\s*${ANY_LITERAL})?`,
  'g',
);

/** Whether a literal's text (placeholders as SLOT, \u escapes as spaces) reads as an English sentence. */
function isSentence(text: string): boolean {
  return SENTENCE.test(text.replace(/\\u(?:\{[0-9a-fA-F]+\}|[0-9a-fA-F]{4})/g, ' '));
}

/** The English sentences a source file writes inline (outside comments, imports, help, logs and thrown errors). */
export function englishLiterals(source: string): string[] {
  const code = source
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1')
    .replace(/^import[\s\S]*?from\s+['"][^'"]+['"];?$/gm, '')
    .replace(HELP_SOURCE, '')
    .replace(LOG_CALL, '')
    .replace(THROWN, '')
    .replace(AUDIT_SUMMARY, '');
  return [...code.matchAll(LITERAL)]
    .map((m) => (m[1] ?? m[2] ?? m[3] ?? '').replace(/\$\{[^}]*\}/g, SLOT))
    .filter(isSentence)
    .map((text) => text.replaceAll(SLOT, 'x'));
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
