// Slack's part of the configuration: its variables, which are secrets, and its settings
// (config.slack). The catalogue (src/app/adapters.ts) hands it to src/config.ts.
import { configFragment, optionalText, optionalUrl } from '../../src/config-fragment.js';

/** Slack's settings; `port` is serve's PORT, where /slack/events is mounted. */
export interface SlackSettings {
  botToken?: string;
  signingSecret?: string;
  appToken?: string;
  apiUrl?: string;
  port: number;
}

export const slackConfig = configFragment({
  key: 'slack',
  env: {
    SLACK_BOT_TOKEN: optionalText,
    SLACK_SIGNING_SECRET: optionalText,
    SLACK_APP_TOKEN: optionalText,
    SLACK_API_URL: optionalUrl,
  },
  secretEnv: ['SLACK_BOT_TOKEN', 'SLACK_SIGNING_SECRET', 'SLACK_APP_TOKEN'],
  settings: (e, shared): SlackSettings => ({
    botToken: e.SLACK_BOT_TOKEN,
    signingSecret: e.SLACK_SIGNING_SECRET,
    appToken: e.SLACK_APP_TOKEN,
    apiUrl: e.SLACK_API_URL,
    port: shared.port,
  }),
  secrets: (s) => ({
    SLACK_BOT_TOKEN: s.botToken,
    SLACK_SIGNING_SECRET: s.signingSecret,
    SLACK_APP_TOKEN: s.appToken,
  }),
  redacted: (s, hide) => ({
    ...s,
    botToken: hide(s.botToken),
    signingSecret: hide(s.signingSecret),
    appToken: hide(s.appToken),
  }),
});

/** Slack runs when both its bot token and signing secret are set. */
export function slackEnabled(settings: SlackSettings): boolean {
  return Boolean(settings.botToken && settings.signingSecret);
}
