// Re-running "Add to Slack": the installer mark (who may link the key, and an admin of the tenant
// policy) stays with the first installer unless the member re-installing administers or owns that
// workspace itself (users.info asked with the workspace's new bot token); each install is audited.
// Two workspaces, so one's install never moves the other's mark.
import { randomBytes } from 'node:crypto';
import type { Installation } from '@slack/bolt';
import { describe, expect, it } from 'vitest';
import { slackInstallationStore } from '../../../../adapters/slack/installation-store.js';
import { askOwnTeamAdmin, type SlackUserFacts } from '../../../../adapters/slack/workspace-facts.js';
import type { AuditRecord } from '../../../../src/core/index.js';
import { createEnvelope } from '../../../../src/secrets/envelope.js';
import { createMemoryStore } from '../../../../src/store/memory/table-store.js';
import {
  TENANTS_COLLECTION,
  createTenantDirectory,
  type TenantRecord,
} from '../../../../src/tenants/tenant-directory.js';
import { tenantEvents } from '../../../../src/tenants/tenant-events.js';

/** users.info as each workspace's bot token sees it: admins of that team, and one Slack Connect guest. */
const PEOPLE: Record<string, Record<string, SlackUserFacts>> = {
  TA: {
    UADMIN: { team_id: 'TA', is_admin: true },
    UMEMBER: { team_id: 'TA' },
    UGUEST: { team_id: 'TB', is_admin: true, is_stranger: true },
  },
  TB: { UBFIRST: { team_id: 'TB' }, UBMEMBER: { team_id: 'TB' } },
};

const installation = (teamId: string, userId: string) =>
  ({
    team: { id: teamId, name: teamId },
    enterprise: undefined,
    user: { id: userId, token: undefined, scopes: undefined },
    bot: { token: `xoxb-fake-${teamId}`, userId: `U${teamId}BOT`, id: `B${teamId}`, scopes: ['commands'] },
    isEnterpriseInstall: false,
  }) as unknown as Installation;

function world() {
  const directory = createTenantDirectory(
    createMemoryStore().collection<TenantRecord>(TENANTS_COLLECTION),
    createEnvelope(randomBytes(32)),
  );
  const audited: AuditRecord[] = [];
  const asked: string[] = [];
  const store = slackInstallationStore(directory, {
    ownTeamAdmin: (token, userId, teamId) => {
      const team = token.replace('xoxb-fake-', '');
      asked.push(`${team}:${userId}`);
      const client = {
        users: { info: async ({ user }: { user: string }) => ({ user: PEOPLE[team]?.[user] }) },
      };
      return askOwnTeamAdmin(client, userId, teamId);
    },
    events: tenantEvents({ write: async (record) => void audited.push(record) }),
    now: () => 5,
  });
  return { directory, store, audited, asked };
}

describe('a Slack re-install', () => {
  it('keeps the first installer unless a workspace admin of that team installs again, and audits each', async () => {
    const { directory, store, audited, asked } = world();
    await store.storeInstallation(installation('TA', 'UMEMBER'));
    await store.storeInstallation(installation('TB', 'UBFIRST'));
    // A member, and a Slack Connect guest whose home org calls them admin: the mark stays.
    await store.storeInstallation(installation('TA', 'UGUEST'));
    await store.storeInstallation(installation('TB', 'UBMEMBER'));
    expect((await directory.summary('slack:TA'))?.installer).toBe('UMEMBER');
    expect((await directory.summary('slack:TB'))?.installer).toBe('UBFIRST');
    // The workspace's own admin re-installing takes it over, in that workspace only.
    await store.storeInstallation(installation('TA', 'UADMIN'));
    expect((await directory.summary('slack:TA'))?.installer).toBe('UADMIN');
    expect((await directory.summary('slack:TB'))?.installer).toBe('UBFIRST');
    expect(asked).toEqual(['TA:UGUEST', 'TB:UBMEMBER', 'TA:UADMIN']);
    expect(audited.map((r) => [r.tenant, r.userId, r.command, r.args])).toEqual([
      ['slack:TA', 'UMEMBER', 'install', { installer: 'UMEMBER', installerKept: false }],
      ['slack:TB', 'UBFIRST', 'install', { installer: 'UBFIRST', installerKept: false }],
      ['slack:TA', 'UGUEST', 'install', { installer: 'UMEMBER', installerKept: true }],
      ['slack:TB', 'UBMEMBER', 'install', { installer: 'UBFIRST', installerKept: true }],
      ['slack:TA', 'UADMIN', 'install', { installer: 'UADMIN', installerKept: false }],
    ]);
    expect(JSON.stringify(audited)).not.toContain('xoxb-');
  });
});
