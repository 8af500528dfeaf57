// Slack OAuth mode: one app installed in many workspaces through Bolt's own flow — GET
// /slack/install (state bound to the browser by a cookie) then GET /slack/oauth_redirect — with
// the scopes of manifest.yaml and each installation kept by slackInstallationStore.
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HTTPReceiverOptions, InstallationStore } from '@slack/bolt';

type CallbackOptions = NonNullable<NonNullable<HTTPReceiverOptions['installerOptions']>['callbackOptions']>;
import { parse } from 'yaml';
import { OrgInstallRefused } from './installation-store.js';

/** The two OAuth routes, mounted on serve's HTTP server for GET. */
export const INSTALL_PATH = '/slack/install';
export const REDIRECT_PATH = '/slack/oauth_redirect';

/** Slack's OAuth client of the app (SLACK_CLIENT_ID, SLACK_CLIENT_SECRET, SLACK_STATE_SECRET). */
export interface SlackOAuthOptions {
  clientId: string;
  clientSecret: string;
  stateSecret: string;
}

/** The bot scopes the manifest asks for: what an install grants, in one place. */
export function manifestBotScopes(): string[] {
  const manifest = parse(readFileSync(new URL('./manifest.yaml', import.meta.url), 'utf8')) as {
    oauth_config?: { scopes?: { bot?: string[] } };
  };
  const scopes = manifest.oauth_config?.scopes?.bot ?? [];
  if (scopes.length === 0) throw new Error('adapters/slack/manifest.yaml lists no bot scopes');
  return scopes;
}

function page(res: ServerResponse, status: number, title: string, text: string): void {
  const escape = (value: string) => value.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  res.end(
    `<!doctype html><html><head><meta charset="utf-8"><title>${escape(title)}</title></head>` +
      `<body><h1>${escape(title)}</h1><p>${escape(text)}</p></body></html>`,
  );
}

/** The pages a finished install shows: success, an org-wide install refused, or why it failed. */
export const oauthCallbackOptions: CallbackOptions = {
  success: (_installation, _options, _req: IncomingMessage, res: ServerResponse) =>
    page(res, 200, 'vpsops is installed', 'Run /vps connect in Slack to link your hosting API key.'),
  failure: (error, _options, _req: IncomingMessage, res: ServerResponse) => {
    if (error instanceof OrgInstallRefused)
      return page(
        res,
        400,
        'Org-wide install not supported',
        'vpsops cannot be installed across a whole Enterprise Grid organisation yet. Install it in each workspace instead.',
      );
    // A forged, replayed or expired state, an unknown code: nothing was installed.
    page(res, 400, 'Installation failed', 'Nothing was installed. Start again from the install page.');
  },
};

/** The HTTPReceiver options that turn OAuth on. */
export function oauthReceiverOptions(
  oauth: SlackOAuthOptions,
  installationStore: InstallationStore,
  clientOptions: { slackApiUrl?: string },
): Partial<HTTPReceiverOptions> {
  return {
    clientId: oauth.clientId,
    clientSecret: oauth.clientSecret,
    stateSecret: oauth.stateSecret,
    scopes: manifestBotScopes(),
    installationStore,
    installerOptions: {
      installPath: INSTALL_PATH,
      redirectUriPath: REDIRECT_PATH,
      // The install page first (Slack's button): its visit sets the state cookie in the browser.
      directInstall: false,
      stateVerification: true,
      callbackOptions: oauthCallbackOptions,
      clientOptions,
    },
  };
}
