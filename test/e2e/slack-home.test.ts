// Slack's App Home: the requests waiting for a person's approval, published for that person, with
// Approve / Deny that answer like `approve` — one click runs the action once, a second is refused.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HOME_ACTIONS } from '../../adapters/slack/home-view.js';
import { homeClickPayload, homeOpenedEvent, postSigned } from '../support/fake-slack-requests.js';
import type { StoredMessage } from '../support/fake-slack.js';
import { SLACK_CHANNEL, SLACK_USERS, startSlackWorld, type SlackWorld } from '../support/fake-slack-world.js';
import { waitFor } from '../support/wait-for.js';

let world: SlackWorld;

beforeEach(async () => {
  world = await startSlackWorld({ twoPerson: ['instance stop'] });
  world.slack.memberships.set(SLACK_USERS.admin, [SLACK_CHANNEL]);
});

afterEach(async () => {
  await world.close();
});

const json = (value: unknown) => JSON.stringify(value);

async function openHome(userId: string): Promise<void> {
  const events = `http://127.0.0.1:${world.adapter.port}/slack/events`;
  const answer = await postSigned(events, homeOpenedEvent({ userId }), { secret: world.signingSecret });
  expect(answer.status).toBe(200);
}

/** The last Home published for `userId` (views.publish), once there is one. */
const homeOf = (userId: string, what: string, has: (view: string) => boolean = () => true) =>
  waitFor(
    () => {
      const calls = world.slack.callsTo('views.publish').filter((c) => c.args['user_id'] === userId);
      const last = calls.at(-1);
      return last && has(json(last.args['view'])) ? json(last.args['view']) : undefined;
    },
    what,
    15_000,
  );

async function requestStop(): Promise<{ card: StoredMessage; token: string }> {
  await world.slash('instance stop web-1', SLACK_USERS.operator);
  const card = await waitFor(
    () => world.slack.channelMessages(SLACK_CHANNEL).find((m) => json(m.blocks).includes('vps_confirm')),
    'the approval card',
    5_000,
  );
  const buttons = (card.blocks as { elements?: { action_id?: string; value?: string }[] }[]).flatMap(
    (b) => b.elements ?? [],
  );
  const token = buttons.find((e) => e.action_id === 'vps_confirm')?.value ?? '';
  expect(token).not.toBe('');
  return { card, token };
}

const dmTo = (userId: string) =>
  json(
    world.slack
      .callsTo('chat.postMessage')
      .filter((c) => c.args['channel'] === userId)
      .map((c) => c.args),
  );

describe('Slack App Home', { timeout: 60_000 }, () => {
  it('publishes to the approver their Home with the operator’s request and its Approve / Deny, and to the requester without them', async () => {
    const { token } = await requestStop();
    await openHome(SLACK_USERS.admin);
    const home = await homeOf(SLACK_USERS.admin, 'the admin’s Home');
    expect(home).toContain('"type":"home"');
    expect(home).toContain(HOME_ACTIONS.approve);
    expect(home).toContain(HOME_ACTIONS.deny);
    expect(home).toContain(`"value":"${token}"`);
    expect(home).toContain(`<@${SLACK_USERS.operator}>`);
    expect(home).toContain('Waiting for your approval (1)');

    await openHome(SLACK_USERS.operator);
    const own = await homeOf(SLACK_USERS.operator, 'the requester’s Home');
    expect(own).not.toContain(HOME_ACTIONS.approve);
    expect(own).toContain('Waiting for your approval (0)');
    expect(own).toContain('Your requests still waiting (1)');
  });

  it('runs the request once on Approve from the Home, edits its card, and refuses a second click', async () => {
    const { card, token } = await requestStop();
    const click = () =>
      world.interact(
        homeClickPayload({ actionId: HOME_ACTIONS.approve, value: token, userId: SLACK_USERS.admin }),
      );
    expect((await click()).status).toBe(200);
    await waitFor(() => world.sim.countRequests('instance.stop') === 1, 'the stop', 10_000);
    await waitFor(
      () => /approved|Confirmed/i.test(json(world.slack.messages.get(card.ts)?.blocks)),
      'the card edited to approved',
      10_000,
    );

    expect((await click()).status).toBe(200);
    await waitFor(
      () => dmTo(SLACK_USERS.admin).includes('Already confirmed by'),
      'the refusal in DM',
      10_000,
    );
    expect(world.sim.countRequests('instance.stop')).toBe(1);
  });

  it('refuses the requester’s own Approve from their Home (a second person must approve)', async () => {
    const { token } = await requestStop();
    await world.interact(
      homeClickPayload({ actionId: HOME_ACTIONS.approve, value: token, userId: SLACK_USERS.operator }),
    );
    await waitFor(() => dmTo(SLACK_USERS.operator).includes('needs a second person'), 'the refusal', 10_000);
    expect(world.sim.countRequests('instance.stop')).toBe(0);
  });

  it('answers `me` privately with the same plate: the request waiting for the admin’s approval', async () => {
    await requestStop();
    const { responseUrl } = await world.slash('me', SLACK_USERS.admin);
    const answer = await waitFor(
      () => world.slack.responsesTo(responseUrl).find((r) => json(r.body).includes('On your plate')),
      'the plate',
      10_000,
    );
    expect(answer.body['response_type']).toBe('ephemeral');
    expect(json(answer.body)).toContain('Waiting for your approval (1)');
    expect(json(answer.body)).toContain('instance stop');
    expect(world.slack.channelMessages(SLACK_CHANNEL).some((m) => m.text.includes('On your plate'))).toBe(
      false,
    );
  });
});
