// Bolt's InstallationStore over the bot's tenant directory (never Bolt's file store): each
// workspace's installation — its bot token — sealed in the store under "slack:<team id>".
// Org-wide (Enterprise Grid) installs are refused for now.
import type { Installation, InstallationQuery, InstallationStore } from '@slack/bolt';

/** What the store needs of the tenant directory (src/tenants). */
export interface SlackInstallations {
  saveInstallation(
    tenantId: string,
    installation: unknown,
    installer: string | undefined,
    at: number,
  ): Promise<void>;
  installation(tenantId: string): Promise<unknown>;
  forget(tenantId: string): Promise<void>;
}

/** An org-wide install: refused with its own page (see oauthFailurePage). */
export class OrgInstallRefused extends Error {
  constructor() {
    super('org-wide installs are not supported; install the app in each workspace');
    this.name = 'OrgInstallRefused';
  }
}

/** The tenant id of a Slack workspace. */
export const slackTenantId = (teamId: string) => `slack:${teamId}`;

/** Bolt's InstallationStore on the tenant directory. */
export function slackInstallationStore(
  installations: SlackInstallations,
  now: () => number = Date.now,
): InstallationStore {
  return {
    async storeInstallation(installation) {
      const teamId = installation.team?.id;
      if (installation.isEnterpriseInstall || !teamId) throw new OrgInstallRefused();
      await installations.saveInstallation(slackTenantId(teamId), installation, installation.user.id, now());
    },
    async fetchInstallation(query: InstallationQuery<boolean>) {
      const found = query.teamId ? await installations.installation(slackTenantId(query.teamId)) : null;
      // Bolt answers the request as unauthorised when this throws.
      if (!found) throw new Error(`no installation for workspace ${query.teamId ?? '(none)'}`);
      return found as Installation;
    },
    async deleteInstallation(query: InstallationQuery<boolean>) {
      if (query.teamId) await installations.forget(slackTenantId(query.teamId));
    },
  };
}
