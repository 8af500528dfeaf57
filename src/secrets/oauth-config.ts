// Slack OAuth mode from the environment: all three OAuth variables or none, never beside a single
// bot token, and never without VPSOPS_ENCRYPTION_KEY (installations hold secrets sealed with it).
import type { SlackOAuthConfig } from '../app-config.js';
import { ConfigError } from '../core/index.js';

/** The environment variables OAuth mode reads (already validated one by one). */
export interface OAuthEnv {
  SLACK_CLIENT_ID?: string | undefined;
  SLACK_CLIENT_SECRET?: string | undefined;
  SLACK_STATE_SECRET?: string | undefined;
  SLACK_BOT_TOKEN?: string | undefined;
  SLACK_SIGNING_SECRET?: string | undefined;
  SLACK_APP_TOKEN?: string | undefined;
  VPSOPS_ENCRYPTION_KEY?: string | undefined;
}

const OAUTH_VARS = ['SLACK_CLIENT_ID', 'SLACK_CLIENT_SECRET', 'SLACK_STATE_SECRET'] as const;

/** OAuth mode's settings, undefined when it is off; ConfigError naming what is missing or conflicting. */
export function slackOAuthFrom(env: OAuthEnv): SlackOAuthConfig | undefined {
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
  if (!env.VPSOPS_ENCRYPTION_KEY)
    problems.push(
      'VPSOPS_ENCRYPTION_KEY must be set in Slack OAuth mode (it encrypts the stored tokens and keys)',
    );
  if (problems.length > 0) throw new ConfigError(`Invalid configuration — ${problems.join('; ')}`);
  return {
    clientId: env.SLACK_CLIENT_ID ?? '',
    clientSecret: env.SLACK_CLIENT_SECRET ?? '',
    stateSecret: env.SLACK_STATE_SECRET ?? '',
  };
}
