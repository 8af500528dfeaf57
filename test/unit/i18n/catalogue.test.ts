// The catalogues: both languages have every key with the same ICU placeholders, every message
// formats, none breaks Slack's or Discord's limits in either language, Indonesian help covers every
// command and argument, and no English sentence reaches a message in the converted files.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { allCommands } from '../../../commands/index.js';
import { commandPath } from '../../../src/core/define-command.js';
import { CATALOGUES, type MessageKey } from '../../../src/i18n/catalogue.js';
import { argKey, HELP_CATALOGUES, missingHelp, summaryKey } from '../../../src/i18n/help-text.js';
import { LOCALES } from '../../../src/i18n/locale.js';
import { t } from '../../../src/i18n/translate.js';
import type { Message } from '../../../src/render/message.js';
import { checkRendered } from '../../support/render-conformance.js';
import { DISCORD_LIMITS } from '../../../adapters/discord/limits.js';
import { SLACK_LIMITS } from '../../../adapters/slack/limits.js';
import { confirmationButtons } from '../../../src/render/buttons.js';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const KEYS = Object.keys(CATALOGUES.en) as MessageKey[];

/** The argument names a message takes, from its parsed ICU form (plural/select bodies included). */
function placeholders(text: string): string[] {
  const names = new Set<string>();
  const walk = (nodes: unknown): void => {
    if (!Array.isArray(nodes)) return;
    for (const node of nodes as Record<string, unknown>[]) {
      if (typeof node.value === 'string' && node.type !== 0 && node.type !== 7) names.add(node.value);
      const options = node.options as Record<string, { value: unknown }> | undefined;
      for (const option of Object.values(options ?? {})) walk(option.value);
    }
  };
  walk(new IntlMessageFormat(text, 'en', undefined, { ignoreTag: true }).getAst());
  return [...names].sort();
}

/** Sample values: every placeholder a long but realistic hostname. */
function sampleValues(key: MessageKey): Record<string, string> {
  const host = 'database-replica-jakarta-01.internal';
  return Object.fromEntries(placeholders(CATALOGUES.en[key]).map((name) => [name, host]));
}

describe('the message catalogues', () => {
  it('has every key in every language', () => {
    for (const locale of LOCALES) expect(Object.keys(CATALOGUES[locale]).sort()).toEqual([...KEYS].sort());
  });

  it('gives each key the same placeholders in every language', () => {
    for (const key of KEYS)
      for (const locale of LOCALES)
        expect({ key, locale, names: placeholders(CATALOGUES[locale][key]) }).toEqual({
          key,
          locale,
          names: placeholders(CATALOGUES.en[key]),
        });
  });

  it('formats every message in every language without a left-over brace or quote', () => {
    for (const key of KEYS)
      for (const locale of LOCALES) {
        const text = t(locale, key, sampleValues(key));
        expect({ key, locale, text }).not.toEqual(
          expect.objectContaining({ text: expect.stringMatching(/[{}]/) }),
        );
        // A straight apostrophe quotes in ICU and would silently swallow text: ’ is written instead.
        expect({ key, locale, apostrophe: CATALOGUES[locale][key].includes("'") }).toEqual({
          key,
          locale,
          apostrophe: false,
        });
      }
  });

  /** The message a catalogued text could end up in: title, body, field, context, buttons, dialog. */
  function everywhere(text: string): Message {
    return {
      title: text,
      summary: text,
      blocks: [
        { type: 'text', text },
        { type: 'fields', fields: [{ label: text, value: text, inline: true }] },
        { type: 'context', text },
      ],
      actions: confirmationButtons({
        token: 'A'.repeat(22),
        confirmLabel: text,
        cancelLabel: text,
        style: 'danger',
        expiresAt: Date.UTC(2024, 0, 25, 14, 43),
        typed: { title: text, label: text, placeholder: 'web-1', accepts: ['web-1'] },
      }),
    };
  }

  it('keeps the texts renderers would cut within the tighter platform’s limit, in either language', () => {
    const button = Math.min(SLACK_LIMITS.buttonText, DISCORD_LIMITS.buttonLabel);
    const dialogTitle = Math.min(SLACK_LIMITS.modalTitle, DISCORD_LIMITS.modalTitle);
    const inputLabel = DISCORD_LIMITS.textInputLabel;
    const heading = Math.min(SLACK_LIMITS.headerText, DISCORD_LIMITS.fieldName);
    for (const locale of LOCALES) {
      for (const key of ['card.approve', 'card.confirm', 'card.cancel'] as const)
        expect({ key, locale, fits: t(locale, key).length <= button }).toEqual({ key, locale, fits: true });
      // The longest command with a typed confirmation, and a short hostname as people name servers.
      const title = t(locale, 'card.typedTitle', { command: 'instance delete' });
      expect({ title, fits: title.length <= dialogTitle }).toEqual({ title, fits: true });
      const label = t(locale, 'card.typedLabel', { name: 'web-1' });
      expect({ label, fits: label.length <= inputLabel }).toEqual({ label, fits: true });
      for (const key of KEYS.filter((k) => k.startsWith('field.') || k.startsWith('error.title.')))
        expect({ key, locale, fits: t(locale, key).length <= heading }).toEqual({ key, locale, fits: true });
    }
  });

  it('renders every message, in either language and in every place, to payloads Slack and Discord accept', () => {
    for (const locale of LOCALES)
      for (const key of KEYS) {
        const findings = checkRendered(everywhere(t(locale, key, sampleValues(key))));
        expect({ locale, key, findings }).toEqual({ locale, key, findings: [] });
      }
  });
});

describe('Indonesian help', () => {
  it('has a summary for every command and a description for every argument', () => {
    // Hidden commands (what alert buttons run) are not in help, in either language.
    const missing = allCommands
      .filter((def) => !def.hidden)
      .flatMap((def) => missingHelp(commandPath(def), Object.keys(def.args)));
    expect(missing).toEqual([]);
  });

  it('names no command that does not exist', () => {
    const keys = new Set(
      allCommands.flatMap((def) => {
        const path = commandPath(def);
        return [summaryKey(path), ...Object.keys(def.args).map((arg) => argKey(path, arg))];
      }),
    );
    const named = Object.values(HELP_CATALOGUES).flatMap((texts) => Object.keys(texts ?? {}));
    expect(named.filter((key) => !keys.has(key))).toEqual([]);
  });

  it('fits Discord’s 100 characters for command and option descriptions', () => {
    const long = Object.values(HELP_CATALOGUES).flatMap((texts) =>
      Object.entries(texts ?? {})
        .filter(([, text]) => text.length > 100)
        .map(([key, text]) => `${key}: ${text}`),
    );
    expect(long).toEqual([]);
  });
});

/**
 * English sentences written as string literals: a capitalised word followed by more words ("Not
 * allowed", `Stop ${label}?`). Log messages are lower case and identifiers have no spaces.
 */
export function englishLiterals(source: string): string[] {
  const code = source
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1')
    .replace(/^import[\s\S]*?from\s+['"][^'"]+['"];?$/gm, '');
  const literals = [...code.matchAll(/'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`/g)].map(
    (m) => (m[1] ?? m[2] ?? m[3] ?? '').replace(/\$\{[^}]*\}/g, 'x'),
  );
  return literals.filter((text) => /^\W*[A-Z][a-z]+(?:\s+[A-Za-z][a-z]*)+/.test(text));
}

// The files converted to the catalogue so far; the rest of commands/ and the core's other replies
// still write English inline (see docs/usage.md, "Bahasa Indonesia").
const CONVERTED = [
  'commands/shared/help-view.ts',
  'commands/shared/usage.ts',
  'commands/shared/instance-view.ts',
  'commands/shared/instance-ids.ts',
  'commands/shared/dates.ts',
  'commands/shared/paging.ts',
  'commands/shared/metrics.ts',
  'commands/shared/metrics-reply.ts',
  'commands/shared/preview.ts',
  'commands/shared/format.ts',
  'commands/shared/change-result.ts',
  'commands/shared/table-reply.ts',
  'commands/shared/graph.ts',
  'src/core/replies/outcomes.ts',
  'src/core/replies/api-hints.ts',
  'src/core/replies/slow-replies.ts',
  'src/core/replies/store-outcome.ts',
  'src/core/parse/parse-args.ts',
  'src/core/parse/parse.ts',
  'src/core/parse/resolve-path.ts',
  'src/render/localized.ts',
];

describe('no English sentence outside the catalogue', () => {
  it('finds a sentence written inline, and leaves catalogue calls and log lines alone', () => {
    const sample = [
      "const title = 'Not allowed';",
      'const line = `Stop ${label}?`;',
      "logger.warn({ err }, 'reply failed');",
      "const label = t(locale, 'field.location');",
    ].join('\n');
    expect(englishLiterals(sample)).toEqual(['Not allowed', 'Stop x?']);
  });

  it.each(CONVERTED)('%s writes its messages through the catalogue', (file) => {
    expect(englishLiterals(readFileSync(join(ROOT, file), 'utf8'))).toEqual([]);
  });
});
