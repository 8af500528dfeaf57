// Discord multi-guild mode (DISCORD_MULTI_GUILD) at config load.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/core/errors.js';
import { loadConfig } from '../../src/app/config/load.js';
import { multiTenant } from '../../src/app/tenancy.js';

const DISCORD = {
  DISCORD_TOKEN: 'fake-discord-bot-token-0123',
  DISCORD_APPLICATION_ID: '900000000000000001',
  DISCORD_MULTI_GUILD: '1',
  VPSOPS_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
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

describe('Discord multi-guild mode configuration', () => {
  it('is on with DISCORD_MULTI_GUILD=1 and makes the bot many-tenant; off by default', () => {
    const config = loadConfig(DISCORD);
    expect(config.discord.multiGuild).toBe(true);
    expect(multiTenant(config)).toBe(true);
    const single = loadConfig({ ...DISCORD, DISCORD_MULTI_GUILD: undefined });
    expect(single.discord.multiGuild).toBe(false);
    expect(multiTenant(single)).toBe(false);
  });

  it('refuses to start without VPSOPS_ENCRYPTION_KEY', () => {
    expect(refusal({ ...DISCORD, VPSOPS_ENCRYPTION_KEY: '' })).toContain(
      'VPSOPS_ENCRYPTION_KEY must be set in Discord multi-guild mode',
    );
  });

  it('refuses a value other than 0 or 1', () => {
    expect(refusal({ ...DISCORD, DISCORD_MULTI_GUILD: 'yes' })).toContain('DISCORD_MULTI_GUILD');
  });

  it('refuses a single-workspace Slack bot token beside it (its requests would have no key)', () => {
    expect(
      refusal({
        ...DISCORD,
        SLACK_BOT_TOKEN: 'fake-slack-bot-token-0123',
        SLACK_SIGNING_SECRET: 'signing-0123',
      }),
    ).toContain('cannot run beside a single-workspace Slack bot token');
  });

  it('refuses a single-server Discord bot beside Slack OAuth mode, the other way round', () => {
    const message = refusal({
      DISCORD_TOKEN: DISCORD.DISCORD_TOKEN,
      DISCORD_APPLICATION_ID: DISCORD.DISCORD_APPLICATION_ID,
      VPSOPS_ENCRYPTION_KEY: DISCORD.VPSOPS_ENCRYPTION_KEY,
      SLACK_CLIENT_ID: '1234.5678',
      SLACK_CLIENT_SECRET: 'fake-client-secret-0123',
      SLACK_STATE_SECRET: 'fake-state-secret-0123',
      SLACK_SIGNING_SECRET: 'fake-signing-secret-0123',
    });
    expect(message).toContain('Slack OAuth mode cannot run beside a single-server Discord bot');
    expect(message).toContain('Discord multi-guild mode');
  });

  it('lets both many-tenant modes run side by side', () => {
    const config = loadConfig({
      ...DISCORD,
      SLACK_CLIENT_ID: '1234.5678',
      SLACK_CLIENT_SECRET: 'fake-client-secret-0123',
      SLACK_STATE_SECRET: 'fake-state-secret-0123',
      SLACK_SIGNING_SECRET: 'fake-signing-secret-0123',
    });
    expect(multiTenant(config)).toBe(true);
  });
});
