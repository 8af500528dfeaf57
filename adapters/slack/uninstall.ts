// OAuth mode: a workspace that uninstalls the app or revokes its bot token is forgotten at once —
// its installation, data key and linked hosting API key (its audit records stay).
import type { App } from '@slack/bolt';
import type { Logger } from '../../src/logger.js';
import { slackTenantId, type SlackInstallations } from './installation-store.js';

/** Registers app_uninstalled and tokens_revoked. */
export function registerUninstall(app: App, installations: SlackInstallations, logger?: Logger): void {
  const forget = async (teamId: string | undefined, why: string) => {
    if (!teamId) return;
    await installations.forget(slackTenantId(teamId));
    logger?.info({ tenant: slackTenantId(teamId), why }, 'slack: workspace forgotten');
  };
  app.event('app_uninstalled', async ({ body }) => forget(body.team_id, 'app_uninstalled'));
  app.event('tokens_revoked', async ({ body, event }) => {
    // Only the bot token matters: user tokens are never kept.
    if ((event.tokens.bot ?? []).length > 0) await forget(body.team_id, 'tokens_revoked');
  });
}
