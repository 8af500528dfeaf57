// No English sentence reaches a message from outside the catalogue: every source file of
// commands/, src/watch/, src/core/ (its top-level files and every room), src/tenants/,
// src/tracking/, src/app/, adapters/console/, adapters/slack/, adapters/discord/, src/render/ (the
// renderers' own words) and src/api/ (the client's input guards) is scanned for string literals that
// read as English sentences (test/support/english-literals.ts), except the files listed in NOT_YET
// while they are being converted and the English written for the operator or the log, listed apart
// by name. A file leaves NOT_YET once it writes through t(); a new file starts clean.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { englishLiterals, sourceFiles } from '../../support/english-literals.js';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const SCANNED = [
  'commands',
  'src/watch',
  'src/core', // the top-level files and every room: audit, billing, confirmation, instances, parse, policy, replies, runner
  'src/tenants',
  'src/adapter-kit', // key-command.ts, channel.ts, tenant-context.ts: moved out of src/tenants and src/app
  'src/tracking',
  'src/app',
  'adapters/console',
  'adapters/slack',
  'adapters/discord',
  'src/render',
  'src/api',
];

// The hosting API's own words, which stay as the API writes them (issue 28): not sentences of ours.
const API_WORDS = new Set(['Rolling back']);

// Not converted yet: each still writes English inline. Remove a file from here in the commit that
// converts it (issue 28 emptied it).
const NOT_YET: string[] = [];

// Problems of the policy file, said when the process starts (or in the log when a reload is
// refused), and of the Slack OAuth variables, said when the configuration is read: to the operator,
// English like the log, never a chat message.
const STARTUP_DIAGNOSTICS = [
  'src/core/policy/policy-file.ts',
  'adapters/slack/config.ts',
  'adapters/discord/config.ts',
];

// The API client's input guards: their English detail is the log's (ApiError's message and
// chatText); what a user reads is the structured refusal (ApiError.inputRefusal: a catalogue key and
// values) the core says in their language (test/unit/api/input-guards.test.ts).
const LOG_DETAIL = ['src/api/validate.ts'];

const exempt = (file: string): boolean =>
  NOT_YET.includes(file) || STARTUP_DIAGNOSTICS.includes(file) || LOG_DETAIL.includes(file);

describe('no English sentence outside the catalogue', () => {
  it('finds sentences in messages, refusals and builders, and leaves help text, t() and logs alone', () => {
    const planted = [
      "throw new UserError('usage', 'Use either an instance or --clear, not both.');",
      "return { title: 'Binding cleared', tone: 'success', blocks: [] };",
      'const line = `This channel is bound to ${bound.label}.`;',
      "blocks.push(text('No samples were returned for this period.'));",
      "summary: 'Bind this channel to an instance (or --clear)',",
      "clear: arg.flag('Remove the binding'),",
      "logger.warn({ err }, 'reply failed');",
      "const label = t(locale, 'field.location');",
      '// A comment in English is fine.',
    ].join('\n');
    expect(englishLiterals(planted)).toEqual([
      'Use either an instance or --clear, not both.',
      'Binding cleared',
      'This channel is bound to x.',
      'No samples were returned for this period.',
    ]);
  });

  it('finds the sentences it used to miss: after an emoji or a placeholder, a one-letter first word, a flag or command second', () => {
    const planted = [
      "const busy = '⚠️ Server busy, try later';",
      "const escaped = '\\u26a0\\ufe0f Server busy';",
      'const done = `✅ ${label} is running again`;',
      'const led = `${label} is busy: nothing was done`;',
      'const path = `\\`${path}\\` is not allowed here`;',
      "throw new UserError('denied', 'A silence must name a watch');",
      'const seen = `I haven’t seen ${name}`;',
      "const hint = 'Use --clear to unbind';",
      "const help = 'Type /vps help to see more';",
      "const quoted = 'Type `/vps help` to see more';",
    ].join('\n');
    expect(englishLiterals(planted)).toEqual([
      '⚠️ Server busy, try later',
      '\\u26a0\\ufe0f Server busy',
      '✅ x is running again',
      'x is busy: nothing was done',
      '\\`x\\` is not allowed here',
      'A silence must name a watch',
      'I haven’t seen x',
      'Use --clear to unbind',
      'Type /vps help to see more',
      'Type `/vps help` to see more',
    ]);
  });

  it('still leaves alone log lines, thrown programming errors, keys, counts and API words', () => {
    const planted = [
      "rt.logger.warn({ err: error, command: record.command }, 'Reply failed twice');",
      'options.logger?.info(`${count} watches resumed after restart`);',
      'throw new Error(`Duplicate command ${path}`);',
      'throw new ConfigError(`Policy file ${file} has problems`);',
      'throw new StoreUnavailableError(`${reason}; the confirmation was not run`, false);',
      "auditSummary: mode === 'attach' ? `${label} attached to ${name}` : `${label} detached from ${name}`,",
      'auditSummary: `${outcome} watch on ${instance.label}`,',
      "const key = t(locale, 'lease.busy', { label });",
      'const more = `${count} more`;',
      'const path = `${group} ${name}`;',
      "const status = 'CPU usage';",
      "const flag = '--remove-ip';",
    ].join('\n');
    expect(englishLiterals(planted)).toEqual([]);
  });

  const files = sourceFiles(ROOT, SCANNED).filter((file) => !exempt(file));

  it('scans the converted files (the list is not empty, and exempt files exist)', () => {
    expect(files).toContain('commands/bot-language.ts');
    expect(files).toContain('src/core/instances/resolve-instance.ts');
    expect(files).toContain('src/adapter-kit/key-command.ts');
    expect(files).toContain('adapters/slack/typed-dialog.ts');
    expect(files).toContain('adapters/discord/interactions.ts');
    expect(files).toContain('src/render/text.ts');
    expect(files).toContain('src/api/errors.ts');
    const all = new Set(sourceFiles(ROOT, SCANNED));
    expect([...NOT_YET, ...STARTUP_DIAGNOSTICS, ...LOG_DETAIL].filter((file) => !all.has(file))).toEqual([]);
  });

  // One test over every file (not a row per file): the failure lists each offending file with its sentences.
  it('every scanned file writes its messages through the catalogue', () => {
    const inline = files
      .map((file): [string, string[]] => [
        file,
        englishLiterals(readFileSync(join(ROOT, file), 'utf8')).filter((l) => !API_WORDS.has(l)),
      ])
      .filter(([, found]) => found.length > 0);
    expect(Object.fromEntries(inline)).toEqual({});
  });

  it('lists no file as not converted that already is', () => {
    const converted = NOT_YET.filter(
      (file) => englishLiterals(readFileSync(join(ROOT, file), 'utf8')).length === 0,
    );
    expect(converted).toEqual([]);
  });
});
