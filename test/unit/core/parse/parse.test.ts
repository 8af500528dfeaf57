import { describe, expect, it } from 'vitest';
import { parseInput, type ParseResult } from '../../../../src/core/parse/parse.js';
import type { ParseHints } from '../../../../src/core/parse/parse-args.js';
import { createRegistry } from '../../../../src/core/parse/registry.js';
import { fakeCommands, SNAP, WEB1 } from '../../../support/core-fakes.js';

const registry = createRegistry(fakeCommands());
const unbound: ParseHints = { hasBinding: false, looksLikeInstance: () => false };
const bound: ParseHints = { hasBinding: true, looksLikeInstance: (t) => t === 'web-1' };

function parse(text: string, hints: ParseHints = unbound): ParseResult {
  return parseInput({ kind: 'text', text }, registry, hints);
}

function ok(text: string, hints: ParseHints = unbound) {
  const result = parse(text, hints);
  if (!result.ok) throw new Error(`expected success, got: ${result.error.message}`);
  return result.parsed;
}

function fail(text: string, hints: ParseHints = unbound) {
  const result = parse(text, hints);
  if (result.ok) throw new Error(`expected failure for ${text}`);
  return result.error;
}

describe('text parsing', () => {
  it('parses a group action with a positional instance', () => {
    const parsed = ok('instance show web-1');
    expect(parsed.path).toBe('instance show');
    expect(parsed.args.values).toEqual({ instance: 'web-1' });
  });

  it('strips a leading /vps or vps', () => {
    expect(ok('/vps instance show web-1').path).toBe('instance show');
    expect(ok('vps instance show web-1').path).toBe('instance show');
    expect(ok('VPS whoami').path).toBe('whoami');
  });

  it('treats empty input as help', () => {
    expect(ok('').path).toBe('help');
    expect(ok('/vps').path).toBe('help');
  });

  it('parses single-word bot commands with optional positionals', () => {
    expect(ok('help instance stop').args.values).toEqual({ topic: 'instance', action: 'stop' });
    expect(ok('help').args.values).toEqual({ topic: undefined, action: undefined });
  });

  it('keeps quoted text together, including curly quotes from chat clients', () => {
    expect(ok('firewall ipset-create web-1 office --description "office VPN range"').args.values).toEqual({
      instance: 'web-1',
      name: 'office',
      description: 'office VPN range',
    });
    expect(
      ok('firewall ipset-create web-1 office --description “smart quotes”').args.values.description,
    ).toBe('smart quotes');
    expect(ok("firewall ipset-create web-1 'two words'").args.values.name).toBe('two words');
  });

  it('refuses a blank text argument as empty (nothing is previewed with a blank name)', () => {
    expect(fail('firewall ipset-create web-1 " "').message).toContain('must not be empty');
    expect(ok('firewall ipset-create web-1 " office "').args.values.name).toBe('office');
  });

  it('accepts --flag value and --flag=value and parses integers', () => {
    expect(ok('backup list web-1 --page 2 --limit=5').args.values).toEqual({
      instance: 'web-1',
      page: 2,
      limit: 5,
    });
  });

  it('fills defaults for omitted options', () => {
    expect(ok('backup list web-1').args.values).toEqual({ instance: 'web-1', page: 1, limit: undefined });
    expect(ok('instance metrics web-1').args.values.period).toBe('hour');
  });

  it('accepts boolean flags without a value and with =false', () => {
    expect(ok('instance delete web-1 --remove-ip').args.values.removeIp).toBe(true);
    expect(ok('instance delete web-1 --remove-ip=false').args.values.removeIp).toBe(false);
    expect(ok('instance delete web-1').args.values.removeIp).toBe(false);
  });

  it('accepts flags in camelCase or snake_case spellings too', () => {
    expect(ok('instance delete web-1 --removeIp').args.values.removeIp).toBe(true);
    expect(ok('instance delete web-1 --remove_ip').args.values.removeIp).toBe(true);
  });

  it('validates choices case-insensitively', () => {
    expect(ok('instance metrics web-1 --period day').args.values.period).toBe('day');
    expect(ok('instance metrics web-1 --period DAY').args.values.period).toBe('day');
  });

  it('leaves an omitted instance to the channel binding', () => {
    const parsed = ok('instance show');
    expect(parsed.args.omittedInstances).toEqual(['instance']);
  });

  it('skips the instance position when the channel is bound and the token fits the next argument', () => {
    const parsed = ok(`snapshot delete ${SNAP}`, bound);
    expect(parsed.args.values).toEqual({ snapshotUuid: SNAP });
    expect(parsed.args.omittedInstances).toEqual(['instance']);
  });

  it('keeps positional order when the token names a known instance', () => {
    const error = fail('snapshot delete web-1', bound);
    expect(error.message).toContain('Missing <snapshot-uuid>');
  });

  it('parses a uuid argument', () => {
    expect(ok(`snapshot delete ${WEB1} ${SNAP}`).args.values).toEqual({ instance: WEB1, snapshotUuid: SNAP });
  });
});

describe('usage errors', () => {
  it('suggests the closest command for a typo in the action', () => {
    const error = fail('instance stpo web-1');
    expect(error.id).toBe('unknown-command');
    expect(error.message).toBe('Unknown command `instance stpo`. Did you mean `instance stop`?');
  });

  it('suggests the closest command for a typo in the group', () => {
    const error = fail('instanse show web-1');
    expect(error.id).toBe('unknown-command');
    expect(error.message).toContain('Did you mean `instance show`?');
  });

  it('says a group needs an action and lists them', () => {
    const error = fail('instance');
    expect(error.id).toBe('usage');
    expect(error.message).toContain('`instance` needs an action: show, stop, delete');
  });

  it('names a missing argument and shows the usage', () => {
    const error = fail('snapshot delete web-1');
    expect(error.id).toBe('usage');
    expect(error.message).toBe('Missing <snapshot-uuid>. Usage: snapshot delete <instance> <snapshot-uuid>');
  });

  it('names an unknown flag and suggests the right one', () => {
    const error = fail('instance delete web-1 --remove-iq');
    expect(error.message).toContain('Unknown option `--remove-iq`');
    expect(error.message).toContain('Did you mean `--remove-ip`?');
    expect(error.hint).toBe('Usage: instance delete <instance> [--remove-ip]');
  });

  it('refuses extra arguments', () => {
    const error = fail('instance show web-1 web-2');
    expect(error.message).toBe('Unexpected extra argument `web-2`.');
  });

  it('names a malformed uuid and shows an example', () => {
    const error = fail('snapshot delete web-1 not-a-uuid');
    expect(error.id).toBe('invalid-argument');
    expect(error.message).toContain('Invalid <snapshot-uuid> `not-a-uuid`');
    expect(error.message).toContain('7995e990-c3bf-4e27-8ce2-89fd5783f9ea');
  });

  it('explains a non-numeric integer', () => {
    const error = fail('backup list web-1 --page two');
    expect(error.message).toContain('Invalid --page `two`: expected a whole number, e.g. --page 2');
  });

  it('explains an out-of-range integer', () => {
    expect(fail('backup list web-1 --limit 500').id).toBe('invalid-argument');
  });

  it('lists the choices for a bad choice', () => {
    expect(fail('instance metrics web-1 --period fortnight').message).toContain(
      'choose one of hour, day, week',
    );
  });

  it('asks for a value when a flag has none', () => {
    expect(fail('backup list web-1 --page').message).toContain('`--page` needs a value, e.g. `--page 2`');
  });

  it('reports an unclosed quote', () => {
    expect(fail('firewall ipset-create web-1 "office').message).toContain('Unclosed quote');
  });

  it('refuses a flag given twice', () => {
    expect(fail('backup list web-1 --page 1 --page 2').message).toContain('given twice');
  });
});

describe('options input (Discord)', () => {
  const options = (path: string[], opts: Record<string, string | number | boolean | undefined>) =>
    parseInput({ kind: 'options', path, options: opts }, registry, unbound);

  it('accepts declared, kebab and snake names', () => {
    for (const key of ['snapshotUuid', 'snapshot-uuid', 'snapshot_uuid']) {
      const result = options(['snapshot', 'delete'], { instance: 'web-1', [key]: SNAP });
      expect(result.ok && result.parsed.args.values).toEqual({ instance: 'web-1', snapshotUuid: SNAP });
    }
  });

  it('validates typed values the same way', () => {
    const result = options(['backup', 'list'], { instance: 'web-1', page: 0 });
    expect(!result.ok && result.error.id).toBe('invalid-argument');
  });

  it('reports an unknown path with a suggestion', () => {
    const result = options(['instance', 'stpo'], {});
    expect(!result.ok && result.error.message).toContain('Did you mean `instance stop`?');
  });
});
