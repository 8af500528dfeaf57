// Slack OAuth mode: one app installed in many workspaces through Bolt's own flow — GET
// /slack/install (state bound to the browser by a cookie) then GET /slack/oauth_redirect — with
// the scopes of bot-scopes.ts (SLACK_BOT_SCOPES, kept equal to manifest.yaml) and each installation
// kept by slackInstallationStore.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HTTPReceiverOptions, InstallationStore } from '@slack/bolt';

type CallbackOptions = NonNullable<NonNullable<HTTPReceiverOptions['installerOptions']>['callbackOptions']>;
import { SLACK_BOT_SCOPES } from './bot-scopes.js';
import { OrgInstallRefused } from './installation-store.js';
import { DEFAULT_LOCALE, parseLocale, t, type Locale } from '../../src/core/index.js';

/** The two OAuth routes, mounted on serve's HTTP server for GET. */
export const INSTALL_PATH = '/slack/install';
export const REDIRECT_PATH = '/slack/oauth_redirect';

/** Slack's OAuth client of the app (SLACK_CLIENT_ID, SLACK_CLIENT_SECRET, SLACK_STATE_SECRET). */
export interface SlackOAuthOptions {
  clientId: string;
  clientSecret: string;
  stateSecret: string;
}

/**
 * The browser's language from Accept-Language: the supported tag it prefers most (q-values honoured),
 * so "id-ID,id;q=0.9,en;q=0.8" → Indonesian and "en-US,id;q=0.5" → English; English when neither.
 */
export function browserLocale(acceptLanguage: string | undefined): Locale {
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((entry) => {
      const [tag = '', ...params] = entry.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { locale: parseLocale(tag), q: q === undefined ? 1 : Number(q) };
    })
    .filter((choice) => choice.locale !== null && choice.q > 0)
    .sort((a, b) => b.q - a.q);
  return ranked[0]?.locale ?? DEFAULT_LOCALE;
}

/** An install page in the browser's language: its title as heading, one paragraph. */
function page(req: IncomingMessage, res: ServerResponse, status: number, which: InstallPage): void {
  const locale = browserLocale(req.headers['accept-language']);
  const title = t(locale, `slack.install.${which}Title`);
  const text = t(locale, `slack.install.${which}Text`);
  const escape = (value: string) => value.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'content-language': locale });
  res.end(
    `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><title>${escape(title)}</title></head>` +
      `<body><h1>${escape(title)}</h1><p>${escape(text)}</p></body></html>`,
  );
}

type InstallPage = 'done' | 'org' | 'failed';

/** The pages a finished install shows: success, an org-wide install refused, or why it failed. */
export const oauthCallbackOptions: CallbackOptions = {
  success: (_installation, _options, req: IncomingMessage, res: ServerResponse) =>
    page(req, res, 200, 'done'),
  failure: (error, _options, req: IncomingMessage, res: ServerResponse) => {
    if (error instanceof OrgInstallRefused) return page(req, res, 400, 'org');
    // A forged, replayed (InstallStateRefused) or expired state, an unknown code: nothing was installed.
    page(req, res, 400, 'failed');
  },
};

/** The HTTPReceiver options that turn OAuth on. */
export function oauthReceiverOptions(
  oauth: SlackOAuthOptions,
  installationStore: InstallationStore,
  clientOptions: { slackApiUrl?: string },
  /** Signed states, taken once in the bot's store when used (oauth-state.ts). */
  stateStore: NonNullable<HTTPReceiverOptions['installerOptions']>['stateStore'],
): Partial<HTTPReceiverOptions> {
  return {
    clientId: oauth.clientId,
    clientSecret: oauth.clientSecret,
    stateSecret: oauth.stateSecret,
    scopes: [...SLACK_BOT_SCOPES],
    installationStore,
    installerOptions: {
      installPath: INSTALL_PATH,
      redirectUriPath: REDIRECT_PATH,
      // The install page first (Slack's button): its visit sets the state cookie in the browser.
      directInstall: false,
      stateVerification: true,
      stateStore,
      callbackOptions: oauthCallbackOptions,
      clientOptions,
    },
  };
}
