// The platform catalogue: every secret variable an entry names is redacted (secretsOf), and only the
// configured platforms are enabled.
import { describe, expect, it } from 'vitest';
import { ADAPTERS, anyAdapterEnabled } from '../../../src/app/adapters.js';
import { secretsOf } from '../../../src/app-config.js';
import { loadConfig } from '../../../src/config.js';

describe('adapter catalogue', () => {
  it("redacts every secret variable a platform's entry names", () => {
    for (const entry of ADAPTERS) {
      for (const name of entry.secretEnv) {
        const value = `${name.toLowerCase()}-value-0123456789`;
        expect(secretsOf(loadConfig({ [name]: value })), `${entry.platform} ${name}`).toContain(value);
      }
    }
  });

  it('enables a platform only when its settings are complete', () => {
    expect(anyAdapterEnabled(loadConfig({}))).toBe(false);
    const slack = loadConfig({ SLACK_BOT_TOKEN: 'xoxb-1', SLACK_SIGNING_SECRET: 'sig' });
    expect(ADAPTERS.filter((entry) => entry.enabledIn(slack)).map((entry) => entry.platform)).toEqual([
      'slack',
    ]);
    const discord = loadConfig({ DISCORD_TOKEN: 'tok', DISCORD_APPLICATION_ID: '1' });
    expect(ADAPTERS.filter((entry) => entry.enabledIn(discord)).map((entry) => entry.platform)).toEqual([
      'discord',
    ]);
  });
});
