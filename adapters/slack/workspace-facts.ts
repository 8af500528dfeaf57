// Per-tenant policy on Slack (OAuth mode): who administers the workspace (`users.info` is_admin /
// is_owner of a member of the workspace's own team, never a Slack Connect guest) and who is in a user group (`usergroups.users.list`), asked with the workspace's own
// bot token and cached per workspace for a few minutes. A failed lookup counts as "no" (the person
// stays a viewer) and is remembered briefly, so an outage costs one call per person, not one per command.
import { ExpiringMap } from '../../src/adapter-kit/expiring-map.js';
import type { MemberFacts } from '../../src/adapter-kit/tenant-ports.js';
import type { Logger } from '../../src/logger.js';
import { currentTenant } from '../../src/adapter-kit/tenant-context.js';
import { slackTeamOf } from './installation-store.js';

/** What users.info says of a person that decides whether they administer a workspace. */
export interface SlackUserFacts {
  is_admin?: boolean;
  is_owner?: boolean;
  /** The person's home team: a Slack Connect guest's is another organisation's. */
  team_id?: string;
  is_stranger?: boolean;
}

/** An admin or owner of the workspace `teamId` itself: an external (Slack Connect) person's home-org flags count for nothing. */
export function ownTeamAdmin(user: SlackUserFacts | undefined, teamId: string | undefined): boolean {
  if (!user || !teamId || user.team_id !== teamId || user.is_stranger === true) return false;
  return user.is_admin === true || user.is_owner === true;
}

/** Asks users.info whether `userId` administers the team `teamId` itself; false when the call fails. */
export async function askOwnTeamAdmin(
  client: Pick<SlackDirectoryClient, 'users'>,
  userId: string,
  teamId: string,
): Promise<boolean> {
  try {
    return ownTeamAdmin((await client.users.info({ user: userId })).user, teamId);
  } catch {
    return false;
  }
}

/** The two Web API methods asked (Bolt's WebClient has them). */
export interface SlackDirectoryClient {
  users: { info(args: { user: string }): Promise<{ user?: SlackUserFacts }> };
  usergroups: { users: { list(args: { usergroup: string }): Promise<{ users?: string[] }> } };
}

export interface WorkspaceFactsOptions {
  /** How long an answer is kept (default 5 min: a new admin or group member waits that long at most). */
  ttlMs?: number;
  /** How long a failed lookup is remembered as "no" (default 30 s). */
  failureTtlMs?: number;
  now?: () => number;
  logger?: Logger;
}

/** Slack's answers for the tenant policy, cached per workspace. */
export function slackWorkspaceFacts(
  client: SlackDirectoryClient,
  options: WorkspaceFactsOptions = {},
): MemberFacts {
  const now = options.now ?? Date.now;
  const ttlMs = options.ttlMs ?? 5 * 60_000;
  const failureTtlMs = options.failureTtlMs ?? 30_000;
  const admins = new ExpiringMap<boolean>(now, 50_000);
  const groups = new ExpiringMap<readonly string[]>(now, 10_000);
  // Ids repeat across workspaces only by accident; the workspace is part of every key anyway.
  const key = (id: string) => `${currentTenant()?.id ?? ''}\u241f${id}`;
  return {
    async isAdmin(actor) {
      const known = admins.get(key(actor.userId));
      if (known !== undefined) return known;
      try {
        const { user } = await client.users.info({ user: actor.userId });
        const admin = ownTeamAdmin(user, slackTeamOf(currentTenant()?.id));
        admins.set(key(actor.userId), admin, ttlMs);
        return admin;
      } catch (error) {
        options.logger?.warn({ err: error }, 'slack users.info failed; not counted as a workspace admin');
        admins.set(key(actor.userId), false, failureTtlMs);
        return false;
      }
    },
    async inGroup(actor, groupId) {
      let members = groups.get(key(groupId));
      if (members === undefined) {
        try {
          members = (await client.usergroups.users.list({ usergroup: groupId })).users ?? [];
          groups.set(key(groupId), members, ttlMs);
        } catch (error) {
          options.logger?.warn({ err: error }, 'slack usergroups.users.list failed; group counted as empty');
          members = [];
          groups.set(key(groupId), members, failureTtlMs);
        }
      }
      return members.includes(actor.userId);
    },
  };
}
