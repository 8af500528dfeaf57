// Which mode the bare `vpsops` runs, from the config alone.
import { describe, expect, it } from 'vitest';
import { defaultMode } from '../../../src/app/modes.js';
import { loadConfig } from '../../../src/app/config/load.js';

describe('defaultMode', () => {
  it('is the console when no chat platform is configured', () => {
    expect(defaultMode(loadConfig({}))).toBe('console');
  });

  it('is serve when Slack (token and signing secret) or Discord (token and application id) is configured', () => {
    expect(
      defaultMode(
        loadConfig({ SLACK_BOT_TOKEN: 'test-slack-bot-token', SLACK_SIGNING_SECRET: 'fake-signing-secret' }),
      ),
    ).toBe('serve');
    expect(
      defaultMode(loadConfig({ DISCORD_TOKEN: 'fake.discord.token', DISCORD_APPLICATION_ID: '42' })),
    ).toBe('serve');
  });

  it('stays the console when a platform is only half configured', () => {
    expect(defaultMode(loadConfig({ SLACK_BOT_TOKEN: 'test-slack-bot-token' }))).toBe('console');
    expect(defaultMode(loadConfig({ DISCORD_TOKEN: 'fake.discord.token' }))).toBe('console');
  });
});
