// People appear as Slack mentions (<@U…>) built from their user id on confirmation cards and the
// public announcement; a display name full of markup stays inert text, and nothing the bot sends
// broadcasts (@channel, @here, @everyone).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SEED_IDS } from '../../src/simulator/seed-ids.js';
import { type StoredMessage } from '../support/fake-slack.js';
import { buttonClickPayload, postSigned, slashCommandForm } from '../support/fake-slack-requests.js';
import { SLACK_CHANNEL, SLACK_USERS, startSlackWorld, type SlackWorld } from '../support/fake-slack-world.js';
import { waitFor } from '../support/wait-for.js';

const WEB1 = SEED_IDS.instances.web1;
const HOSTILE_NAME = '<!channel> *boss* <@U0ALICE>';
let world: SlackWorld;

beforeEach(async () => {
  world = await startSlackWorld();
});

afterEach(async () => {
  await world.close();
});

const json = (value: unknown) => JSON.stringify(value);

/** Everything the bot sent to Slack: Web API calls and response_url posts. */
const everythingSent = () =>
  json([world.slack.calls.map((c) => c.args), world.slack.responses.map((r) => r.body)]);

async function slashAs(text: string, userId: string, userName: string): Promise<void> {
  const form = slashCommandForm({
    text,
    userId,
    userName,
    channelId: SLACK_CHANNEL,
    responseUrl: world.slack.newResponseUrl(),
  });
  const answer = await postSigned(`http://127.0.0.1:${world.adapter.port}/slack/events`, form, {
    secret: world.signingSecret,
  });
  expect(answer.status).toBe(200);
}

function confirmButton(card: StoredMessage): { action_id: string; value: string } {
  const actions = (card.blocks as { type: string; elements?: unknown[] }[]).find((b) => b.type === 'actions');
  return actions?.elements?.[0] as { action_id: string; value: string };
}

describe('Slack mentions', { timeout: 60_000 }, () => {
  it('names the requester and confirmer by mention, never by their markup-laden display name', async () => {
    await slashAs(`instance stop ${WEB1}`, SLACK_USERS.operator, HOSTILE_NAME);
    const card = await waitFor(
      () => world.slack.channelMessages(SLACK_CHANNEL).find((m) => json(m.blocks).includes('vps_confirm')),
      'the preview card',
      5_000,
    );
    expect(json(card.blocks)).toContain(`Requested by <@${SLACK_USERS.operator}>`);

    const button = confirmButton(card);
    await world.interact(
      buttonClickPayload({
        actionId: button.action_id,
        value: button.value,
        userId: SLACK_USERS.operator,
        channelId: SLACK_CHANNEL,
        messageTs: card.ts,
        responseUrl: world.slack.newResponseUrl(),
      }),
    );
    await waitFor(() => (world.slack.messages.get(card.ts)?.edits ?? 0) >= 1, 'the card edit', 5_000);
    expect(json(world.slack.messages.get(card.ts)?.blocks)).toContain(
      `Confirmed by <@${SLACK_USERS.operator}>`,
    );
    const notice = await waitFor(
      () => world.slack.channelMessages(SLACK_CHANNEL).find((m) => json(m.blocks).includes('(confirmed')),
      'the public announcement',
      5_000,
    );
    expect(json(notice.blocks)).toMatch(new RegExp(`<@${SLACK_USERS.operator}> stopped web-1 \\(confirmed`));

    const sent = everythingSent();
    // Only mentions the bot built from user ids: the display name's markup never became one.
    expect(sent).not.toMatch(/<!channel>|<!here>|<!everyone>/);
    expect(sent).not.toContain('<@U0ALICE>');
    expect(world.sim.countRequests('instance.stop')).toBe(1);
  });
});
