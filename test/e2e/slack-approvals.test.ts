// Two-person approval over Slack: the typed-name dialog opens only for someone who may approve
// (an admin other than the requester); the requester and people the policy does not allow get a
// private explanation instead, and nothing runs until an eligible approver types the name.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TYPED_CONFIRM_CALLBACK, TYPED_INPUT } from '../../adapters/slack/modal.js';
import { SEED_IDS } from '../../src/simulator/seed-ids.js';
import { type StoredMessage } from '../support/fake-slack.js';
import { buttonClickPayload, viewSubmissionPayload } from '../support/fake-slack-requests.js';
import { SLACK_CHANNEL, SLACK_USERS, startSlackWorld, type SlackWorld } from '../support/fake-slack-world.js';
import { waitFor } from '../support/wait-for.js';

const WEB2 = SEED_IDS.instances.web2;
let world: SlackWorld;

beforeEach(async () => {
  world = await startSlackWorld({ twoPerson: ['instance delete'] });
});

afterEach(async () => {
  await world.close();
});

const json = (value: unknown) => JSON.stringify(value);

function approveButton(card: StoredMessage): { action_id: string; value: string; text: { text: string } } {
  const actions = (card.blocks as { type: string; elements?: unknown[] }[]).find((b) => b.type === 'actions');
  return actions?.elements?.[0] as { action_id: string; value: string; text: { text: string } };
}

async function requestDelete(): Promise<StoredMessage> {
  await world.slash(`instance delete ${WEB2}`, SLACK_USERS.operator);
  return waitFor(
    () =>
      world.slack.channelMessages(SLACK_CHANNEL).find((m) => json(m.blocks).includes('vps_confirm_typed')),
    'the approval card',
    5_000,
  );
}

/** Clicks Approve as `userId`; resolves with what Slack received privately for that click. */
async function clickApprove(card: StoredMessage, userId: string): Promise<string> {
  const responseUrl = world.slack.newResponseUrl();
  const button = approveButton(card);
  const answer = await world.interact(
    buttonClickPayload({
      actionId: button.action_id,
      value: button.value,
      userId,
      channelId: SLACK_CHANNEL,
      messageTs: card.ts,
      responseUrl,
    }),
  );
  expect(answer.status).toBe(200);
  return responseUrl;
}

const privateText = (url: string) =>
  json([
    ...world.slack.responsesTo(url).map((r) => r.body),
    ...world.slack.callsTo('chat.postEphemeral').map((c) => c.args),
  ]);

describe('Slack two-person approval', { timeout: 60_000 }, () => {
  it('mentions the eligible approvers in the channel, and the request waits VPSOPS_APPROVAL_TTL_SECONDS (900), not the 120 s of other cards', async () => {
    const before = Math.floor(Date.now() / 1000);
    const card = await requestDelete();
    const notice = await waitFor(
      () => world.slack.channelMessages(SLACK_CHANNEL).find((m) => m.text.includes('asks for approval')),
      'the approvers notice',
      5_000,
    );
    // The admin is a real mention; the requester (an operator) is not asked to approve their own request.
    expect(json(notice.blocks)).toContain(`Approvers: <@${SLACK_USERS.admin}>`);
    expect(json(notice.blocks)).not.toContain(`<@${SLACK_USERS.operator}>`);
    expect(notice.text).toContain('instance delete');
    const expiry = Number(/<!date\^(\d+)\^/.exec(json(card.blocks))?.[1]);
    expect(expiry - before).toBeGreaterThanOrEqual(899);
    expect(expiry - before).toBeLessThanOrEqual(905);
  });

  it('explains privately to the requester and to a non-admin instead of opening the dialog', async () => {
    const card = await requestDelete();
    expect(approveButton(card).text.text).toBe('Approve');

    const asRequester = await clickApprove(card, SLACK_USERS.operator);
    const refusal = await waitFor(
      () => privateText(asRequester).includes('needs a second person') && privateText(asRequester),
      'the refusal to the requester',
      5_000,
    );
    expect(refusal).toContain('an admin other than you must confirm it');

    const asOperator = await clickApprove(card, SLACK_USERS.other);
    await waitFor(
      () => privateText(asOperator).includes('Only an admin other than'),
      'the refusal to a non-admin',
      5_000,
    );
    expect(world.slack.callsTo('views.open')).toHaveLength(0);
    expect(world.sim.countRequests('instance.delete')).toBe(0);
    // The card still waits for an approver.
    expect(json(world.slack.messages.get(card.ts)?.blocks)).toContain('vps_confirm_typed');
  });

  it('opens the dialog for an admin who is not the requester, and the approval runs once', async () => {
    const card = await requestDelete();
    await clickApprove(card, SLACK_USERS.admin);
    const open = await waitFor(() => world.slack.callsTo('views.open')[0], 'views.open', 5_000);
    const view = open.args['view'] as { private_metadata: string };
    const answer = await world.interact(
      viewSubmissionPayload({
        userId: SLACK_USERS.admin,
        callbackId: TYPED_CONFIRM_CALLBACK,
        privateMetadata: view.private_metadata,
        blockId: TYPED_INPUT.blockId,
        actionId: TYPED_INPUT.actionId,
        typed: 'web-2',
      }),
    );
    expect(answer.body).toBe('');
    await waitFor(() => world.sim.countRequests('instance.delete') === 1, 'the delete call', 5_000);
    await waitFor(() => (world.slack.messages.get(card.ts)?.edits ?? 0) >= 1, 'the card edit', 5_000);
    expect(world.sim.countRequests('instance.delete')).toBe(1);
    expect(world.slack.callsTo('views.open')).toHaveLength(1);
    // Approver and requester are named by mention on the settled card.
    expect(json(world.slack.messages.get(card.ts)?.blocks)).toMatch(
      new RegExp(
        `Confirmed by <@${SLACK_USERS.admin}> at \\d\\d:\\d\\d:\\d\\d UTC · requested by <@${SLACK_USERS.operator}>`,
      ),
    );
  });
});
