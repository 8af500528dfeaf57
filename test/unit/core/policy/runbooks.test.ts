// Runbooks in the policy file (issue 24): hostname globs to http(s) links for alert cards; a bad
// glob or a link that is not http(s) stops the bot with a ConfigError naming the file and line.
import { describe, expect, it } from 'vitest';
import { POLICY_PLATFORMS } from '../../../../src/app/adapters.js';
import { ConfigError } from '../../../../src/core/errors.js';
import { parsePolicy } from '../../../../src/core/policy/policy-file.js';
import { createPolicy } from '../../../../src/core/policy/policy.js';

const refusal = (text: string): ConfigError => {
  try {
    parsePolicy(text, 'runbooks.yaml', [], POLICY_PLATFORMS);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
};

describe('runbooks in the policy file', () => {
  it('links the first matching hostname glob, case-insensitively, and nothing for the rest', () => {
    const file = parsePolicy(
      'runbooks:\n  "db-*": https://wiki.example/db\n  "web-?": http://wiki.example/web\n  "*": https://wiki.example/any\n',
      'p.yaml',
      [],
      POLICY_PLATFORMS,
    );
    const policy = createPolicy(file, 'p.yaml');
    expect(policy.runbook('DB-main')).toBe('https://wiki.example/db');
    expect(policy.runbook('web-1')).toBe('http://wiki.example/web');
    expect(policy.runbook('web-12')).toBe('https://wiki.example/any');
    expect(
      createPolicy(
        parsePolicy('runbooks:\n  "web-?": https://w.example\n', 'p', [], POLICY_PLATFORMS),
        'p',
      ).runbook('db-1'),
    ).toBeUndefined();
    expect(createPolicy(null, null).runbook('web-1')).toBeUndefined();
  });

  it('refuses a glob with other characters, naming the file and line', () => {
    const error = refusal('roles:\n  viewer: ["*"]\nrunbooks:\n  "web-[12]": https://wiki.example/web\n');
    expect(error.message).toMatch(/runbooks\.yaml, line 4/);
    expect(error.message).toMatch(/hostname globs/);
  });

  it('refuses links that are not http(s)', () => {
    for (const url of ['ftp://files.example/runbook', 'javascript:alert(1)', 'not a url']) {
      const error = refusal(`runbooks:\n  "web-*": "${url}"\n`);
      expect(error.message).toMatch(/runbooks\.yaml/);
      expect(error.message).toMatch(/http:\/\/ or https:\/\//);
    }
  });
});
