// The platform catalogue: every secret variable an entry names is redacted (secretsOf), only the
// configured platforms are enabled, and each entry brings its platform's member syntax.
import { describe, expect, it } from 'vitest';
import { ADAPTERS, anyAdapterEnabled, memberSyntaxOf, tenantPlaceOf } from '../../../src/app/adapters.js';
import { secretsOf } from '../../../src/app/config/app-config.js';
import { loadConfig } from '../../../src/app/config/load.js';

describe('adapter catalogue', () => {
  it("redacts every secret variable a platform's entry names", () => {
    // Slack's OAuth secrets load only beside the rest of OAuth mode.
    const oauthMode = {
      SLACK_CLIENT_ID: '1234.5678',
      SLACK_CLIENT_SECRET: 'client-secret-value-0123456789',
      SLACK_STATE_SECRET: 'state-secret-value-0123456789',
      SLACK_SIGNING_SECRET: 'signing-secret-value-0123456789',
      VPSOPS_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
    };
    for (const entry of ADAPTERS) {
      for (const name of entry.secretEnv) {
        const value = `${name.toLowerCase()}-value-0123456789`;
        const env =
          name in oauthMode && name !== 'SLACK_SIGNING_SECRET'
            ? { ...oauthMode, [name]: value }
            : { [name]: value };
        expect(secretsOf(loadConfig(env)), `${entry.platform} ${name}`).toContain(value);
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

  it('gives each platform its own member syntax, and none to a platform outside the catalogue', () => {
    expect(memberSyntaxOf('slack')?.('<@U0A9|nia>')).toBe('user:U0A9');
    expect(memberSyntaxOf('slack')?.('<@&130000000000000001>')).toBeNull();
    expect(memberSyntaxOf('discord')?.('<@&130000000000000001>')).toBe('role:130000000000000001');
    expect(memberSyntaxOf('console')).toBeUndefined();
  });

  it('says what each platform calls its tenants, and nothing for a platform outside the catalogue', () => {
    expect(tenantPlaceOf('slack')).toBe('workspace');
    expect(tenantPlaceOf('discord')).toBe('server');
    expect(tenantPlaceOf('console')).toBeUndefined();
  });
});
