import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../../src/core/errors.js';
import { POLICY_PLATFORMS } from '../../../../src/app/adapters.js';
import { parseInput } from '../../../../src/core/parse/parse.js';
import { parsePolicy } from '../../../../src/core/policy/policy-file.js';
import { createRegistry } from '../../../../src/core/parse/registry.js';
import { fakeCommands } from '../../../support/core-fakes.js';

const registry = createRegistry(fakeCommands());
const PATHS = ['instance show', 'instance stop', 'help'];

function failText(text: string): string {
  const result = parseInput({ kind: 'text', text }, registry, {
    hasBinding: false,
    looksLikeInstance: () => false,
  });
  if (result.ok) throw new Error(`expected failure for ${text}`);
  return result.error.message;
}

function policyError(text: string): string {
  try {
    parsePolicy(text, 'bad.yaml', PATHS, POLICY_PLATFORMS);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a ConfigError');
}

describe('argument problems in plain words', () => {
  it('says a number is too small or too big, naming the option', () => {
    expect(failText('backup list web-1 --page 0')).toContain('--page must be 1 or more');
    expect(failText('backup list web-1 --limit 51')).toContain('--limit must be 50 or less');
    expect(failText('backup list web-1 --page 0')).not.toMatch(/Too small|expected number/);
  });

  it('says a text is too long, naming the argument', () => {
    const message = failText(`firewall ipset-create web-1 ${'x'.repeat(33)}`);
    expect(message).toContain('<name> must be at most 32 characters');
    expect(message).not.toMatch(/Too big|expected string/);
  });
});

describe('policy file problems', () => {
  it('reports every problem, each with its line', () => {
    const message = policyError(
      'roles:\n  admin: slack:U1\n  operator: [bogus]\naliases:\n  web: not-a-uuid\n',
    );
    expect(message).toContain('bad.yaml has 3 problems');
    expect(message).toContain('line 2: roles.admin must be a list, e.g. [slack:U123]');
    expect(message).toMatch(/line 3: roles\.operator\.0 "bogus": members look like/);
    expect(message).toMatch(/line 5: aliases\.web "not-a-uuid": alias targets must be instance uuids/);
    expect(message).not.toContain('Invalid input');
  });

  it('stops at ten problems and says how many more there are', () => {
    const members = Array.from({ length: 12 }, (_, i) => `    - bad${i}`).join('\n');
    const message = policyError(`roles:\n  viewer:\n${members}\n`);
    expect(message).toContain('has 12 problems');
    expect(message.split('\n').filter((l) => l.startsWith('  line'))).toHaveLength(10);
    expect(message).toContain('…and 2 more');
  });
});
