import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/core/errors.js';
import { discordEnabled } from '../../adapters/discord/config.js';
import { slackEnabled } from '../../adapters/slack/config.js';
import { loadConfig, redactedConfig } from '../../src/app/config/load.js';
import { createLogger } from '../../src/logger.js';

describe('configuration', () => {
  it('has working defaults with an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      policyPath: './vpsops.policy.yaml',
      policyExplicit: false,
      dataDir: './data',
      confirmTtlMs: 120_000,
      currency: 'IDR',
      logLevel: 'info',
      consoleUser: 'console',
      hostingApi: { timeoutMs: 10_000 },
      port: 3000,
    });
    expect(slackEnabled(config.slack)).toBe(false);
    expect(discordEnabled(config.discord)).toBe(false);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      HOSTING_API_URL: 'https://api.example.test/v1',
      HOSTING_API_KEY: 'k-123456',
      VPSOPS_POLICY: '/etc/vpsops.yaml',
      VPSOPS_CONFIRM_TTL_SECONDS: '30',
      VPSOPS_CURRENCY: 'usd',
      SLACK_BOT_TOKEN: 'xoxb-1-23',
      SLACK_SIGNING_SECRET: 'signing-secret',
      PORT: '8080',
      DISCORD_TOKEN: 'discord-token',
      DISCORD_APPLICATION_ID: '42',
      USER: 'ana',
    });
    expect(config.hostingApi).toEqual({
      url: 'https://api.example.test/v1',
      key: 'k-123456',
      timeoutMs: 10_000,
      simulatorRequested: false,
    });
    expect(config.policyExplicit).toBe(true);
    expect(config.confirmTtlMs).toBe(30_000);
    expect(config.currency).toBe('USD');
    expect(config.port).toBe(8080);
    expect(config.consoleUser).toBe('ana');
    expect(slackEnabled(config.slack)).toBe(true);
    expect(discordEnabled(config.discord)).toBe(true);
  });

  it('names bad variables without echoing their values', () => {
    expect(() => loadConfig({ VPSOPS_CONFIRM_TTL_SECONDS: 'soon' })).toThrow(ConfigError);
    expect(() => loadConfig({ HOSTING_API_URL: 'ftp://secret-host' })).toThrow(/HOSTING_API_URL/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
    expect(() => loadConfig({ VPSOPS_TRACK_POLL_MIN_MS: '9000', VPSOPS_TRACK_POLL_MAX_MS: '1000' })).toThrow(
      /POLL_MIN/,
    );
    try {
      loadConfig({ HOSTING_API_URL: 'not a url with secret-abc' });
    } catch (error) {
      expect((error as Error).message).not.toContain('secret-abc');
    }
  });

  it('refuses secrets too short to redact against a real API, naming each variable, not its value', () => {
    const attempt = () =>
      loadConfig({
        HOSTING_API_URL: 'https://api.example.test/v1',
        HOSTING_API_KEY: 'k-1234',
        SLACK_BOT_TOKEN: 'xoxb-longenuf',
        SLACK_SIGNING_SECRET: 'sig',
        REDIS_URL: 'redis://:s3cret@10.0.0.5:6379/0',
      });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(
      'Invalid configuration — HOSTING_API_KEY, SLACK_SIGNING_SECRET, the password in REDIS_URL: ' +
        'a secret must be at least 8 characters (shorter ones cannot be kept out of logs and messages).',
    );
    // Exactly 8 is enough; the simulator (by name, or no API URL at all) takes any secret.
    expect(() =>
      loadConfig({ HOSTING_API_URL: 'https://api.example.test/v1', HOSTING_API_KEY: 'k-123456' }),
    ).not.toThrow();
    expect(() => loadConfig({ HOSTING_API_URL: 'simulator', SLACK_SIGNING_SECRET: 'sig' })).not.toThrow();
    expect(() => loadConfig({ SLACK_SIGNING_SECRET: 'sig' })).not.toThrow();
  });

  it('reads VPSOPS_ADMIN_PORT, unset by default, and refuses it equal to PORT or out of range', () => {
    expect(loadConfig({}).adminPort).toBeUndefined();
    expect(loadConfig({ VPSOPS_ADMIN_PORT: '9090' }).adminPort).toBe(9090);
    expect(() => loadConfig({ PORT: '8080', VPSOPS_ADMIN_PORT: '8080' })).toThrow(
      /VPSOPS_ADMIN_PORT must differ from PORT/,
    );
    expect(() => loadConfig({ VPSOPS_ADMIN_PORT: '3000' })).toThrow(
      /VPSOPS_ADMIN_PORT must differ from PORT/,
    );
    expect(() => loadConfig({ VPSOPS_ADMIN_PORT: '70000' })).toThrow(/VPSOPS_ADMIN_PORT/);
  });

  it('redacts every secret for printing', () => {
    const config = loadConfig({
      HOSTING_API_KEY: 'k-123',
      SLACK_BOT_TOKEN: 'xoxb-1',
      SLACK_SIGNING_SECRET: 's',
      SLACK_APP_TOKEN: 'xapp',
      DISCORD_TOKEN: 'dt',
    });
    const text = JSON.stringify(redactedConfig(config));
    for (const secret of ['k-123', 'xoxb-1', '"s"', 'xapp', '"dt"']) expect(text).not.toContain(secret);
    expect(config.hostingApi.key).toBe('k-123');
  });

  it('logs to the given stream with secrets censored', async () => {
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) });
    const logger = createLogger({ destination: sink, level: 'info' });
    logger.info(
      { apiKey: 'k-123', config: { hostingApi: { key: 'k-456' } }, token: 'tok', password: 'pw' },
      'hello',
    );
    logger.flush();
    const out = lines.join('');
    expect(out).toContain('hello');
    for (const secret of ['k-123', 'k-456', 'tok"', '"pw"']) expect(out).not.toContain(secret);
  });
});

describe('secrets of the configuration', () => {
  it('include the password of REDIS_URL, decoded, so it is redacted in every encoding', async () => {
    const { loadConfig } = await import('../../src/app/config/load.js');
    const { secretsOf } = await import('../../src/app/config/app-config.js');
    const config = loadConfig({ REDIS_URL: 'redis://:s%40cret-pass@127.0.0.1:6379/0' });
    expect(secretsOf(config)).toContain('s@cret-pass');
    expect(secretsOf(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379/0' }))).toEqual([]);
  });

  it('read PAGERDUTY_ROUTING_KEY (a secret, redacted) and PAGERDUTY_EVENTS_URL; without a key nothing is paged', async () => {
    const { loadConfig } = await import('../../src/app/config/load.js');
    const { secretsOf } = await import('../../src/app/config/app-config.js');
    const config = loadConfig({
      PAGERDUTY_ROUTING_KEY: 'R0UTINGKEY0123456789',
      PAGERDUTY_EVENTS_URL: 'http://127.0.0.1:9/v2/enqueue',
    });
    expect(config.paging).toEqual({
      routingKey: 'R0UTINGKEY0123456789',
      eventsUrl: 'http://127.0.0.1:9/v2/enqueue',
    });
    expect(secretsOf(config)).toContain('R0UTINGKEY0123456789');
    expect(loadConfig({}).paging).toBeUndefined();
    expect(() => loadConfig({ PAGERDUTY_EVENTS_URL: 'not a url' })).toThrow(/PAGERDUTY_EVENTS_URL/);
  });
});

describe('alert grouping window', () => {
  it('reads VPSOPS_ALERT_GROUP_WINDOW_SECONDS (default 30 s) and refuses a value that is not a positive whole number', async () => {
    const { loadConfig } = await import('../../src/app/config/load.js');
    expect(loadConfig({}).watch?.groupWindowMs).toBe(30_000);
    expect(loadConfig({ VPSOPS_ALERT_GROUP_WINDOW_SECONDS: '90' }).watch?.groupWindowMs).toBe(90_000);
    expect(() => loadConfig({ VPSOPS_ALERT_GROUP_WINDOW_SECONDS: '0' })).toThrow(
      /VPSOPS_ALERT_GROUP_WINDOW_SECONDS/,
    );
    expect(() => loadConfig({ VPSOPS_ALERT_GROUP_WINDOW_SECONDS: 'soon' })).toThrow(
      /VPSOPS_ALERT_GROUP_WINDOW_SECONDS/,
    );
  });
});

describe('VPSOPS_LOCALE', () => {
  it('takes any BCP 47 tag as the nearest supported language, without a warning', () => {
    const warnings: string[] = [];
    const localeOf = (tag: string) =>
      loadConfig({ VPSOPS_LOCALE: tag }, (line) => warnings.push(line)).locale;
    expect(['id-ID', 'id', 'ID', 'id_ID', 'in'].map(localeOf)).toEqual(['id', 'id', 'id', 'id', 'id']);
    expect(['en-US', 'en-GB', 'en'].map(localeOf)).toEqual(['en', 'en', 'en']);
    expect(localeOf('')).toBe('en');
    expect(warnings).toEqual([]);
  });

  it('starts in English on an unsupported language, with one warning naming the variable and the choices', () => {
    const warnings: string[] = [];
    const config = loadConfig({ VPSOPS_LOCALE: 'fr-FR' }, (line) => warnings.push(line));
    expect(config.locale).toBe('en');
    expect(warnings).toEqual([
      'VPSOPS_LOCALE=fr-FR is not a supported language (en, id): answering in English',
    ]);
  });
});
