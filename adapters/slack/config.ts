// Slack's part of the configuration: its variables, which are secrets, and its settings
// (config.slack). The catalogue (src/app/adapters.ts) hands it to src/config.ts.
import { configFragment, optionalText, optionalUrl } from '../../src/adapter-kit/config-fragment.js';
import { ConfigError } from '../../src/core/index.js';

/** Slack's OAuth client: one app installed in many workspaces, each install stored as a tenant. */
export interface SlackOAuthConfig {
  clientId: string;
  clientSecret: string;
  stateSecret: string;
}

/** Slack's settings (its routes are mounted on serve's one HTTP server, on PORT). */
export interface SlackSettings {
  botToken?: string;
  signingSecret?: string;
  appToken?: string;
  apiUrl?: string;
  /** OAuth mode (one app, many workspaces): SLACK_CLIENT_ID, SLACK_CLIENT_SECRET, SLACK_STATE_SECRET. */
  oauth?: SlackOAuthConfig;
}

const OAUTH_VARS = ['SLACK_CLIENT_ID', 'SLACK_CLIENT_SECRET', 'SLACK_STATE_SECRET'] as const;

/** Slack's variables as validated one by one. */
type SlackEnv = Partial<
  Record<(typeof OAUTH_VARS)[number] | 'SLACK_BOT_TOKEN' | 'SLACK_SIGNING_SECRET' | 'SLACK_APP_TOKEN', string>
>;

/**
 * OAuth mode's settings, undefined when it is off: all three OAuth variables or none, never beside
 * a single bot token; ConfigError naming what is missing or conflicting. (That OAuth mode also
 * needs VPSOPS_ENCRYPTION_KEY is checked by src/config.ts, which owns that variable.)
 */
export function slackOAuthFrom(env: SlackEnv): SlackOAuthConfig | undefined {
  const set = OAUTH_VARS.filter((name) => env[name] !== undefined);
  if (set.length === 0) return undefined;
  const problems: string[] = [];
  const missing = OAUTH_VARS.filter((name) => env[name] === undefined);
  if (missing.length > 0)
    problems.push(`${missing.join(', ')} must be set too (Slack OAuth mode needs all three)`);
  if (!env.SLACK_SIGNING_SECRET) problems.push('SLACK_SIGNING_SECRET must be set in Slack OAuth mode');
  if (env.SLACK_BOT_TOKEN)
    problems.push(
      'SLACK_BOT_TOKEN must be unset in Slack OAuth mode (each workspace gets its own token at install)',
    );
  if (env.SLACK_APP_TOKEN)
    problems.push('SLACK_APP_TOKEN must be unset in Slack OAuth mode (it runs over HTTP)');
  if (problems.length > 0) throw new ConfigError(`Invalid configuration — ${problems.join('; ')}`);
  return {
    clientId: env.SLACK_CLIENT_ID ?? '',
    clientSecret: env.SLACK_CLIENT_SECRET ?? '',
    stateSecret: env.SLACK_STATE_SECRET ?? '',
  };
}

export const slackConfig = configFragment({
  key: 'slack',
  env: {
    SLACK_BOT_TOKEN: optionalText,
    SLACK_SIGNING_SECRET: optionalText,
    SLACK_APP_TOKEN: optionalText,
    SLACK_API_URL: optionalUrl,
    SLACK_CLIENT_ID: optionalText,
    SLACK_CLIENT_SECRET: optionalText,
    SLACK_STATE_SECRET: optionalText,
  },
  secretEnv: [
    'SLACK_BOT_TOKEN',
    'SLACK_SIGNING_SECRET',
    'SLACK_APP_TOKEN',
    'SLACK_CLIENT_SECRET',
    'SLACK_STATE_SECRET',
  ],
  settings: (e): SlackSettings => {
    const oauth = slackOAuthFrom(e);
    return {
      botToken: e.SLACK_BOT_TOKEN,
      signingSecret: e.SLACK_SIGNING_SECRET,
      appToken: e.SLACK_APP_TOKEN,
      apiUrl: e.SLACK_API_URL,
      ...(oauth ? { oauth } : {}),
    };
  },
  secrets: (s) => ({
    SLACK_BOT_TOKEN: s.botToken,
    SLACK_SIGNING_SECRET: s.signingSecret,
    SLACK_APP_TOKEN: s.appToken,
    SLACK_CLIENT_SECRET: s.oauth?.clientSecret,
    SLACK_STATE_SECRET: s.oauth?.stateSecret,
  }),
  tenancy: (s) =>
    s.oauth
      ? { kind: 'many', mode: 'Slack OAuth mode', sealed: 'the stored tokens and keys' }
      : s.botToken
        ? { kind: 'one', mode: 'a single-workspace Slack bot token', manyInstead: 'Slack OAuth mode' }
        : { kind: 'none' },
  redacted: (s, hide) => ({
    ...s,
    botToken: hide(s.botToken),
    signingSecret: hide(s.signingSecret),
    appToken: hide(s.appToken),
    ...(s.oauth
      ? {
          oauth: {
            ...s.oauth,
            clientSecret: hide(s.oauth.clientSecret) ?? '',
            stateSecret: hide(s.oauth.stateSecret) ?? '',
          },
        }
      : {}),
  }),
});

/** Slack runs when its signing secret and either its bot token or its OAuth client (many workspaces) are set. */
export function slackEnabled(settings: SlackSettings): boolean {
  return Boolean((settings.botToken || settings.oauth) && settings.signingSecret);
}
