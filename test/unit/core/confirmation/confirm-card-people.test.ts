// The card's "requested by" / "approved by" wording follows the one same-person rule (sameActor):
// on the console the OS account is the person whatever the name; other platforms never match by id alone.
import { describe, expect, it } from 'vitest';
import { announcement, confirmedCard } from '../../../../src/core/confirmation/confirm-card.js';
import type { Actor } from '../../../../src/core/ports.js';
import type { PendingConfirmation } from '../../../../src/core/store.js';
import type { Message } from '../../../../src/render/message.js';

const at = new Date('2026-01-02T03:04:05Z');
const result: Message = { blocks: [], summary: 'done', tone: 'success' };

function pendingBy(requester: Actor): PendingConfirmation {
  return {
    token: 't'.repeat(22),
    command: 'instance stop',
    args: {},
    auditArgs: {},
    requester,
    platform: requester.platform,
    channelId: 'C1',
    invocationId: 'i1',
    createdAt: 0,
    expiresAt: 1,
    targets: [],
    twoPerson: false,
    status: 'pending',
  };
}

const text = (m: Message): string => JSON.stringify(m.blocks);

describe('confirmation card people', () => {
  it('one OS account under two console names is the requester confirming, not an approval', () => {
    const asked: Actor = { platform: 'console', userId: 'alice', displayName: 'alice', account: 'uid:1000' };
    const confirmer: Actor = { platform: 'console', userId: 'ops', displayName: 'ops', account: 'uid:1000' };
    const pending = pendingBy(asked);
    expect(text(confirmedCard(result, pending, confirmer, at))).not.toContain('requested by');
    expect(announcement(pending, confirmer, at, 'web-1').summary).toContain('(confirmed 03:04:05 UTC)');
  });

  it('the same user id on another platform is another person', () => {
    const asked: Actor = { platform: 'slack', userId: 'U1', displayName: 'alice' };
    const confirmer: Actor = { platform: 'discord', userId: 'U1', displayName: 'bob' };
    const pending = pendingBy(asked);
    expect(text(confirmedCard(result, pending, confirmer, at))).toContain('requested by');
    expect(announcement(pending, confirmer, at, 'web-1').summary).toContain('approved by');
  });

  it('one name from two OS accounts is two people', () => {
    const asked: Actor = { platform: 'console', userId: 'alice', displayName: 'alice', account: 'uid:1000' };
    const confirmer: Actor = {
      platform: 'console',
      userId: 'alice',
      displayName: 'alice',
      account: 'uid:1001',
    };
    const pending = pendingBy(asked);
    expect(text(confirmedCard(result, pending, confirmer, at))).toContain('requested by');
    expect(announcement(pending, confirmer, at, 'web-1').summary).toContain('approved by');
  });
});
