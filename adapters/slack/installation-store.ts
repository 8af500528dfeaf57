// Bolt's InstallationStore over the bot's tenant directory (never Bolt's file store): each
// workspace's installation — its bot token — sealed in the store under "slack:<team id>".
// Org-wide (Enterprise Grid) installs are refused for now.
import type { Installation, InstallationQuery, InstallationStore } from '@slack/bolt';
import type { TenantEvents } from '../../src/adapter-kit/tenant-ports.js';

/** What the store needs of the tenant directory (src/tenants). */
export interface SlackInstallations {
  saveInstallation(
    tenantId: string,
    installation: unknown,
    installer: string | undefined,
    at: number,
  ): Promise<void>;
  installation(tenantId: string): Promise<unknown>;
  /** Who installed the app in the tenant, when it is installed. */
  summary(tenantId: string): Promise<{ installer?: string } | null>;
  forget(tenantId: string): Promise<void>;
}

/** What a re-install asks beyond the directory. */
export interface InstallChecks {
  /** Whether `userId` administers or owns the team itself (users.info with the new bot token); false when unsure. */
  ownTeamAdmin(botToken: string, userId: string, teamId: string): Promise<boolean>;
  /** Audits the install (src/tenants/tenant-events.ts). */
  events?: TenantEvents;
  now?: () => number;
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

/** The team id of a Slack tenant id (undefined for another platform's). */
export const slackTeamOf = (tenantId: string | undefined): string | undefined =>
  tenantId?.startsWith('slack:') ? tenantId.slice('slack:'.length) : undefined;

/**
 * Who is the installer after this install: the first installer stays through re-installs ("Add to
 * Slack" run again by any member) unless the new one administers or owns the workspace itself.
 */
async function installerAfter(
  installations: SlackInstallations,
  checks: InstallChecks,
  installation: Installation,
  teamId: string,
): Promise<{ installer: string; kept: boolean }> {
  const by = installation.user.id;
  const before = (await installations.summary(slackTenantId(teamId)))?.installer;
  if (!before || before === by) return { installer: by, kept: false };
  const token = installation.bot?.token;
  const admin = token ? await checks.ownTeamAdmin(token, by, teamId) : false;
  return admin ? { installer: by, kept: false } : { installer: before, kept: true };
}

/** Bolt's InstallationStore on the tenant directory. */
export function slackInstallationStore(
  installations: SlackInstallations,
  checks: InstallChecks,
): InstallationStore {
  const now = checks.now ?? Date.now;
  return {
    async storeInstallation(installation) {
      const teamId = installation.team?.id;
      if (installation.isEnterpriseInstall || !teamId) throw new OrgInstallRefused();
      const tenantId = slackTenantId(teamId);
      const { installer, kept } = await installerAfter(installations, checks, installation, teamId);
      await installations.saveInstallation(tenantId, installation, installer, now());
      // The audit says who ran the install and who is the installer now (kept: the runner is no admin).
      await checks.events?.({
        tenantId,
        by: `slack:${installation.user.id}`,
        command: 'install',
        args: { installer, installerKept: kept },
        summary: `installer: ${installer}`,
      });
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
