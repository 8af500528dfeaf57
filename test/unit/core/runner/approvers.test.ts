// Approvers of a two-person request hear of it (issue 24): a mention in the channel that notifies
// only them, or a direct message each when the policy says `approvals: {notify: dm}` — with roles,
// and anyone a DM did not reach, mentioned in the channel instead. The requester is never asked.
import { describe, expect, it } from 'vitest';
import { renderMessage as renderDiscord, toRestBody } from '../../../../adapters/discord/render.js';
import { notifyApprovers, type Approvers } from '../../../../src/core/runner/approvers.js';
import type { MessageRef, Responder } from '../../../../src/core/ports.js';
import type { PendingConfirmation } from '../../../../src/core/store.js';
import type { Message } from '../../../../src/render/message.js';
import { renderText } from '../../../../src/render/text.js';

const ADMIN = '123456789012345678';
const OTHER_ADMIN = '223456789012345678';
const ROLE = '323456789012345678';
const REQUESTER = '423456789012345678';

const pending = (): PendingConfirmation => ({
  token: 'fake-token',
  command: 'instance delete',
  args: {},
  auditArgs: {},
  requester: { platform: 'discord', userId: REQUESTER, displayName: 'oscar <@&999999999999999999>' },
  platform: 'discord',
  channelId: '523456789012345678',
  invocationId: 'i1',
  createdAt: 0,
  expiresAt: 900_000,
  targets: [],
  twoPerson: true,
  status: 'pending',
});

function channel() {
  const said: Message[] = [];
  const responder: Responder = {
    async reply(): Promise<MessageRef> {
      throw new Error('replies are not expected here');
    },
    async update() {},
    async announce(message) {
      said.push(message);
    },
  };
  return { said, responder };
}

const requester = { actor: { platform: 'discord', userId: REQUESTER, displayName: 'oscar' } } as const;

describe('telling the approvers', () => {
  it('mentions them in the channel, pinging only them (not the requester, not anything a name says)', async () => {
    const { said, responder } = channel();
    const who: Approvers = { users: [ADMIN, REQUESTER], roles: [ROLE], notify: 'channel' };
    await notifyApprovers(pending(), requester, who, responder, 'en');
    expect(said).toHaveLength(1);
    expect(renderText(said[0]!)).toMatch(/asks for approval of instance delete.*Waits 15 min/s);
    const { body } = toRestBody(renderDiscord(said[0]!));
    expect(body['allowed_mentions']).toEqual({ parse: [], roles: [ROLE], users: [ADMIN] });
    expect(body['content']).toBe(`<@&${ROLE}> <@${ADMIN}>`);
    expect(JSON.stringify(body)).not.toContain('<@&999999999999999999>');
  });

  it('sends a direct message each with notify: dm; roles and unreachable people are mentioned in the channel', async () => {
    const { said, responder } = channel();
    const dms: string[] = [];
    const dm = async (_platform: string, userId: string, message: Message) => {
      if (userId === OTHER_ADMIN) throw new Error('cannot open a DM');
      dms.push(`${userId}: ${renderText(message)}`);
    };
    const who: Approvers = { users: [ADMIN, OTHER_ADMIN], roles: [ROLE], notify: 'dm' };
    await notifyApprovers(pending(), requester, who, responder, 'id', dm);
    expect(dms).toHaveLength(1);
    expect(dms[0]).toMatch(new RegExp(`^${ADMIN}: .*meminta persetujuan untuk instance delete di kanal`));
    expect(said).toHaveLength(1);
    const { body } = toRestBody(renderDiscord(said[0]!));
    expect(body['allowed_mentions']).toEqual({ parse: [], roles: [ROLE], users: [OTHER_ADMIN] });
  });

  it('says nothing when nobody is named to approve (only "*" or the requester)', async () => {
    const { said, responder } = channel();
    await notifyApprovers(
      pending(),
      requester,
      { users: [REQUESTER], roles: [], notify: 'channel' },
      responder,
      'en',
    );
    expect(said).toHaveLength(0);
  });
});
