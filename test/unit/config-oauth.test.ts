// Slack OAuth mode and VPSOPS_ENCRYPTION_KEY at config load.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/core/errors.js';
import { loadConfig, redactedConfig } from '../../src/app/config/load.js';
import { slackEnabled } from '../../adapters/slack/config.js';
import { secretsOf } from '../../src/app/config/app-config.js';

const KEY = randomBytes(32).toString('base64');
const OAUTH = {
  SLACK_CLIENT_ID: '1111.2222',
  SLACK_CLIENT_SECRET: 'client-secret-0123456789',
  SLACK_STATE_SECRET: 'state-secret-0123456789',
  SLACK_SIGNING_SECRET: 'signing-secret-0123456789',
  VPSOPS_ENCRYPTION_KEY: KEY,
};

function refusal(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected the configuration to be refused');
}

describe('Slack OAuth mode configuration', () => {
  it('turns Slack on without a bot token, and keeps every new secret out of printed config', () => {
    const config = loadConfig(OAUTH);
    expect(config.slack.oauth).toEqual({
      clientId: '1111.2222',
      clientSecret: OAUTH.SLACK_CLIENT_SECRET,
      stateSecret: OAUTH.SLACK_STATE_SECRET,
    });
    expect(config.encryptionKey).toBe(KEY);
    expect(slackEnabled(config.slack)).toBe(true);
    const printed = JSON.stringify(redactedConfig(config));
    for (const secret of [OAUTH.SLACK_CLIENT_SECRET, OAUTH.SLACK_STATE_SECRET, KEY]) {
      expect(printed).not.toContain(secret);
      expect(secretsOf(config)).toContain(secret);
    }
  });

  it('refuses to start OAuth mode without VPSOPS_ENCRYPTION_KEY', () => {
    expect(refusal({ ...OAUTH, VPSOPS_ENCRYPTION_KEY: '' })).toContain('VPSOPS_ENCRYPTION_KEY must be set');
  });

  it('names the missing OAuth variables, and refuses a bot token beside them', () => {
    expect(refusal({ ...OAUTH, SLACK_STATE_SECRET: undefined })).toContain(
      'SLACK_STATE_SECRET must be set too',
    );
    expect(refusal({ ...OAUTH, SLACK_BOT_TOKEN: 'fake-bot-token-not-real' })).toContain(
      'SLACK_BOT_TOKEN must be unset',
    );
    expect(refusal({ ...OAUTH, SLACK_SIGNING_SECRET: undefined })).toContain(
      'SLACK_SIGNING_SECRET must be set',
    );
  });

  it('validates VPSOPS_ENCRYPTION_KEY as 32 bytes of base64, never echoing it', () => {
    const short = randomBytes(16).toString('base64');
    const message = refusal({ VPSOPS_ENCRYPTION_KEY: short });
    expect(message).toContain('VPSOPS_ENCRYPTION_KEY must be 32 random bytes in base64');
    expect(message).not.toContain(short);
  });

  it('leaves single-tenant mode as it was', () => {
    const config = loadConfig({
      SLACK_BOT_TOKEN: 'fake-bot-token-not-real',
      SLACK_SIGNING_SECRET: 'signing-0123',
    });
    expect(config.slack.oauth).toBeUndefined();
    expect(slackEnabled(config.slack)).toBe(true);
  });
});
