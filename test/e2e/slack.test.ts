// End to end over Slack: signed requests into the real Bolt app, the real core and commands, the
// hosting-API simulator behind them, and a fake Slack recording every message, edit and modal.
// What every adapter promises (preview, confirm, cancel, typed name, expiry, private errors and
// secrets) is stated once in test/contract/adapter-contract.ts; this file keeps what is Slack's own.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TYPED_CONFIRM_CALLBACK, TYPED_INPUT } from '../../adapters/slack/modal.js';
import { SEED_IDS } from '../../src/simulator/seed-ids.js';
import { type StoredMessage } from '../support/fake-slack.js';
import {
  buttonClickPayload,
  postSigned,
  slashCommandForm,
  viewSubmissionPayload,
} from '../support/fake-slack-requests.js';
import { SLACK_CHANNEL, SLACK_USERS, startSlackWorld, type SlackWorld } from '../support/fake-slack-world.js';
import { waitFor } from '../support/wait-for.js';

const WEB1 = SEED_IDS.instances.web1;
const WEB2 = SEED_IDS.instances.web2;

let world: SlackWorld;

beforeEach(async () => {
  world = await startSlackWorld();
});

afterEach(async () => {
  await world.close();
});

const json = (value: unknown) => JSON.stringify(value);

/** The first channel message whose blocks mention `needle`. */
function cardWith(needle: string): Promise<StoredMessage> {
  return waitFor(
    () => world.slack.channelMessages(SLACK_CHANNEL).find((m) => json(m.blocks).includes(needle)),
    `a card containing ${needle}`,
    5_000,
  );
}

/** Token carried by the card's Confirm button. */
function tokenOf(card: StoredMessage): string {
  const actions = (card.blocks as { type: string; elements?: { value?: string }[] }[]).find(
    (b) => b.type === 'actions',
  );
  const token = actions?.elements?.[0]?.value;
  if (!token) throw new Error('card has no buttons');
  return token;
}

function click(
  card: StoredMessage,
  actionId: string,
  userId: string,
  responseUrl = world.slack.newResponseUrl(),
) {
  return world.interact(
    buttonClickPayload({
      actionId,
      value: tokenOf(card),
      userId,
      channelId: SLACK_CHANNEL,
      messageTs: card.ts,
      responseUrl,
    }),
  );
}

/** Everything Slack received for one response_url, as text. */
const responseText = (url: string) => json(world.slack.responsesTo(url).map((r) => r.body));

describe('Slack end to end', () => {
  it('acks a read command and then answers with Block Kit in the channel', async () => {
    const answer = await world.slash(`instance show ${WEB1}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toBe('');
    const reply = await cardWith('web-1');
    expect(reply.blocks.length).toBeGreaterThan(0);
    expect(answer.receivedAt).toBeLessThanOrEqual(world.slack.callsTo('chat.postMessage')[0]?.at ?? Infinity);
  });

  it('calls the hosting API once when Confirm is clicked twice at the same moment', async () => {
    await world.slash(`instance stop ${WEB1}`);
    const card = await cardWith('vps_confirm');
    await Promise.all([
      click(card, 'vps_confirm', SLACK_USERS.operator),
      click(card, 'vps_confirm', SLACK_USERS.operator),
    ]);
    await waitFor(() => (world.slack.messages.get(card.ts)?.edits ?? 0) >= 1, 'the card edit', 5_000);
    await waitFor(
      () =>
        world.slack.responses.some((r) =>
          new RegExp(`Already confirmed by <@${SLACK_USERS.operator}> at \\d\\d:\\d\\d:\\d\\d UTC`).test(
            json(r.body),
          ),
        ),
      'the refusal',
      5_000,
    );
    expect(world.sim.countRequests('instance.stop')).toBe(1);
  });

  it('refuses a Confirm from someone else naming the requester with a mention', async () => {
    await world.slash(`instance stop ${WEB1}`);
    const card = await cardWith('vps_confirm');
    await click(card, 'vps_confirm', SLACK_USERS.other);
    await waitFor(
      () =>
        world.slack.responses.some((r) =>
          json(r.body).includes(`Only <@${SLACK_USERS.operator}>, who asked for it, can confirm this.`),
        ),
      'the refusal',
      5_000,
    );
  });

  it('refuses a Confirm click by someone other than the requester, privately, and calls nothing', async () => {
    await world.slash(`instance stop ${WEB1}`);
    const card = await cardWith('vps_confirm');
    const url = world.slack.newResponseUrl();
    await click(card, 'vps_confirm', SLACK_USERS.other, url);
    await waitFor(() => world.slack.responsesTo(url).length > 0, 'the refusal', 5_000);
    expect(world.slack.responsesTo(url)[0]?.body).toMatchObject({ response_type: 'ephemeral' });
    expect(responseText(url)).toMatch(/only @u0oscar/i);
    expect(world.sim.countRequests('instance.stop')).toBe(0);
    expect(world.slack.messages.get(card.ts)?.edits).toBe(0);
  });

  it('refuses an expired confirmation and shows the card as expired', async () => {
    await world.slash(`instance stop ${WEB1}`);
    const card = await cardWith('vps_confirm');
    world.advanceClock(10 * 60_000);
    const url = world.slack.newResponseUrl();
    await click(card, 'vps_confirm', SLACK_USERS.operator, url);
    await waitFor(() => world.slack.messages.get(card.ts)?.edits === 1, 'the expired card', 5_000);
    expect(json(world.slack.messages.get(card.ts)?.blocks)).toMatch(/Expired/);
    await waitFor(() => responseText(url).includes('expired'), 'the private refusal', 5_000);
    expect(world.sim.countRequests('instance.stop')).toBe(0);
    expect(world.sim.state.getInstance(WEB1)?.status).toBe('Running');
  });

  it('deletes only after the hostname is typed back in the modal', async () => {
    await world.slash(`instance delete ${WEB2}`);
    const card = await cardWith('vps_confirm_typed');
    await click(card, 'vps_confirm_typed', SLACK_USERS.operator);
    const open = await waitFor(() => world.slack.callsTo('views.open')[0], 'views.open', 5_000);
    const view = open.args['view'] as { private_metadata: string };
    const submit = (typed: string) =>
      world.interact(
        viewSubmissionPayload({
          userId: SLACK_USERS.operator,
          callbackId: TYPED_CONFIRM_CALLBACK,
          privateMetadata: view.private_metadata,
          blockId: TYPED_INPUT.blockId,
          actionId: TYPED_INPUT.actionId,
          typed,
        }),
      );

    // A typo keeps the modal open with the error under the input.
    const wrong = await submit('web-1');
    expect(wrong.status).toBe(200);
    expect(JSON.parse(wrong.body)).toMatchObject({
      response_action: 'errors',
      errors: { [TYPED_INPUT.blockId]: expect.stringContaining('type web-2 exactly') as unknown },
    });
    expect(world.sim.countRequests('instance.delete')).toBe(0);
    expect(world.sim.state.getInstance(WEB2)?.status).toBe('Running');

    expect((await submit('web-2')).status).toBe(200);
    await waitFor(() => world.sim.countRequests('instance.delete') === 1, 'the delete call', 5_000);
    expect(world.sim.state.getInstance(WEB2)?.status).toBe('Terminating');
    await waitFor(() => (world.slack.messages.get(card.ts)?.edits ?? 0) >= 1, 'the card edit', 5_000);
    expect(world.sim.countRequests('instance.delete')).toBe(1);
    expect(json(world.slack.messages.get(card.ts)?.blocks)).not.toContain('vps_confirm');
  });

  it("shows and checks the typed name from the core's pending record after a restart (a fresh adapter, no local state)", async () => {
    await world.slash(`instance delete ${WEB2}`);
    const card = await cardWith('vps_confirm_typed');
    await world.restart();
    await click(card, 'vps_confirm_typed', SLACK_USERS.operator);
    const open = await waitFor(() => world.slack.callsTo('views.open')[0], 'views.open', 5_000);
    const view = open.args['view'] as {
      private_metadata: string;
      title: { text: string };
      blocks: unknown[];
    };
    expect(view.title.text).toBe('Confirm instance delete');
    expect(json(view.blocks)).toContain('Type web-2 to confirm');
    const wrong = await world.interact(
      viewSubmissionPayload({
        userId: SLACK_USERS.operator,
        callbackId: TYPED_CONFIRM_CALLBACK,
        privateMetadata: view.private_metadata,
        blockId: TYPED_INPUT.blockId,
        actionId: TYPED_INPUT.actionId,
        typed: 'web-1',
      }),
    );
    expect(JSON.parse(wrong.body)).toMatchObject({
      response_action: 'errors',
      errors: { [TYPED_INPUT.blockId]: expect.stringContaining('type web-2 exactly') as unknown },
    });
    expect(world.sim.countRequests('instance.delete')).toBe(0);
  });

  it('rejects a bad signature and a stale timestamp with 401 and executes nothing', async () => {
    // Start-up may already have called the API (learning alias hostnames); count from here.
    const before = world.sim.requests().length;
    const events = `http://127.0.0.1:${world.adapter.port}/slack/events`;
    const form = slashCommandForm({
      text: `instance show ${WEB1}`,
      userId: SLACK_USERS.operator,
      channelId: SLACK_CHANNEL,
      responseUrl: world.slack.newResponseUrl(),
    });
    expect((await postSigned(events, form, { secret: 'not-the-secret' })).status).toBe(401);
    const stale = Math.floor(Date.now() / 1000) - 5 * 60 - 30;
    expect((await postSigned(events, form, { secret: world.signingSecret, timestamp: stale })).status).toBe(
      401,
    );
    expect(
      (await postSigned(events, form, { secret: world.signingSecret, signature: 'v0=deadbeef' })).status,
    ).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(world.sim.requests()).toHaveLength(before);
    expect(world.slack.callsTo('chat.postMessage')).toHaveLength(0);
    expect(world.slack.responses).toHaveLength(0);
  });

  it('still acks and says clearly that the hosting API is unreachable when it is down', async () => {
    await world.sim.close();
    const answer = await world.slash(`instance show ${WEB1}`);
    expect(answer.status).toBe(200);
    const said = await waitFor(
      () => {
        const all = json([
          ...world.slack.channelMessages(SLACK_CHANNEL).map((m) => m.blocks),
          ...world.slack.responses,
        ]);
        return /could not be reached/.test(all) && all;
      },
      'the error message',
      8_000,
    );
    expect(said).toMatch(/The hosting API could not be reached/);
    expect(answer.receivedAt).toBeLessThanOrEqual(
      world.slack.calls.find((c) => c.method !== 'auth.test')?.at ?? Infinity,
    );
  });

  it('retries chat.postMessage after a 429 and the message still arrives', async () => {
    world.slack.failNext('chat.postMessage', { kind: 'rate-limited', retryAfterSeconds: 1 });
    await world.slash(`instance show ${WEB1}`);
    const reply = await cardWith('web-1');
    expect(reply).toBeDefined();
    expect(world.slack.callsTo('chat.postMessage').length).toBe(2);
  });

  it('escapes mention injection typed into a command', async () => {
    await world.slash('instance show <!channel>');
    await world.slash('instance show web-1 <@U0ADMIN>');
    const said = await waitFor(
      () => {
        const all = json(world.slack.responses.map((r) => r.body));
        return all.includes('!channel') && all.includes('U0ADMIN') && all;
      },
      'both replies',
      5_000,
    );
    expect(said).not.toMatch(/<!channel>|<@U0ADMIN>/);
    expect(said).toContain('&lt;!channel&gt;');
    expect(said).toContain('&lt;@U0ADMIN&gt;');
  });
});
