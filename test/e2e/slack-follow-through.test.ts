// Issue 6 over Slack, end to end: metric charts uploaded as PNGs, confirmed operations followed
// until the card says how they ended, one public notice per destructive action, and tracking (and
// typed confirmations) surviving a restart of the bot over the same data dir.
import { afterEach, describe, expect, it } from 'vitest';
import { TYPED_CONFIRM_CALLBACK, TYPED_INPUT } from '../../adapters/slack/modal.js';
import { SEED_IDS } from '../../src/simulator/seed-ids.js';
import { type StoredMessage } from '../support/fake-slack.js';
import { buttonClickPayload, viewSubmissionPayload } from '../support/fake-slack-requests.js';
import { SLACK_CHANNEL, SLACK_USERS, startSlackWorld, type SlackWorld } from '../support/fake-slack-world.js';
import { waitFor } from '../support/wait-for.js';

const WEB1 = SEED_IDS.instances.web1;
const WEB2 = SEED_IDS.instances.web2;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

let world: SlackWorld | undefined;

afterEach(async () => {
  await world?.close();
  world = undefined;
});

async function open(options: Parameters<typeof startSlackWorld>[0] = {}): Promise<SlackWorld> {
  world = await startSlackWorld(options);
  return world;
}

const json = (value: unknown) => JSON.stringify(value);

function cardWith(w: SlackWorld, needle: string): Promise<StoredMessage> {
  return waitFor(
    () => w.slack.channelMessages(SLACK_CHANNEL).find((m) => json(m.blocks).includes(needle)),
    `a card containing ${needle}`,
    5_000,
  );
}

function tokenOf(card: StoredMessage): string {
  const actions = (card.blocks as { type: string; elements?: { value?: string }[] }[]).find(
    (b) => b.type === 'actions',
  );
  const token = actions?.elements?.[0]?.value;
  if (!token) throw new Error('card has no buttons');
  return token;
}

function click(w: SlackWorld, card: StoredMessage, actionId: string) {
  return w.interact(
    buttonClickPayload({
      actionId,
      value: tokenOf(card),
      userId: SLACK_USERS.operator,
      channelId: SLACK_CHANNEL,
      messageTs: card.ts,
      responseUrl: w.slack.newResponseUrl(),
    }),
  );
}

/** Clicks Confirm on a typed card, then types `hostname` into the modal it opened. */
async function confirmTyped(w: SlackWorld, card: StoredMessage, hostname: string): Promise<void> {
  const before = w.slack.callsTo('views.open').length;
  await click(w, card, 'vps_confirm_typed');
  const open = await waitFor(() => w.slack.callsTo('views.open')[before], 'views.open', 5_000);
  const view = open.args['view'] as { private_metadata: string };
  await w.interact(
    viewSubmissionPayload({
      userId: SLACK_USERS.operator,
      callbackId: TYPED_CONFIRM_CALLBACK,
      privateMetadata: view.private_metadata,
      blockId: TYPED_INPUT.blockId,
      actionId: TYPED_INPUT.actionId,
      typed: hostname,
    }),
  );
}

/** Public channel posts that are notices of an executed action ("@x stopped web-1 (confirmed …)"). */
const notices = (w: SlackWorld, verb: string) =>
  w.slack
    .channelMessages(SLACK_CHANNEL)
    .filter((m) => new RegExp(`@\\S+ ${verb} \\S+ \\(confirmed`).test(m.text));

/** The operations in the bot's store, once the tracker's asynchronous write has landed. */
async function storedOperations(w: SlackWorld) {
  for (let i = 0; i < 100; i += 1) {
    const ops = await w.bot.store.operations.list();
    if (ops.length > 0) return ops;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return [];
}

const cardText = (w: SlackWorld, card: StoredMessage) => json(w.slack.messages.get(card.ts)?.blocks);

describe('Slack follow-through', () => {
  it('uploads the day chart of instance metrics into the channel as a PNG', async () => {
    const w = await open();
    await w.slash('instance metrics web-1 --period day');
    await cardWith(w, 'last 24 hours');
    const upload = await waitFor(
      () => [...w.slack.uploads.values()].find((u) => u.completed),
      'the upload',
      8_000,
    );
    expect(upload.channel).toBe(SLACK_CHANNEL);
    expect(upload.filename).toMatch(/web-1.*day.*\.png$/);
    expect(upload.data.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(upload.data.length).toBeGreaterThan(1_000);
  });

  it('follows a confirmed delete until the card says the instance was deleted', async () => {
    const w = await open({ timing: { terminateMs: 300 } });
    await w.slash(`instance delete ${WEB2}`);
    const card = await cardWith(w, 'vps_confirm_typed');
    await confirmTyped(w, card, 'web-2');
    await waitFor(() => cardText(w, card).includes('web-2 deleted'), 'the card to say deleted', 8_000);
    expect(cardText(w, card)).toMatch(/web-2 deleted — done in \d+ s/);
    expect(cardText(w, card)).not.toContain('vps_confirm');
    expect(w.sim.state.getInstance(WEB2)).toBeUndefined();
    expect(await w.bot.store.operations.list()).toEqual([]);
  });

  it('posts exactly one public notice per executed destructive action, also when confirmed in the private dialog', async () => {
    const w = await open({ timing: { terminateMs: 200 } });
    await w.slash(`instance stop ${WEB1}`);
    const stopCard = await cardWith(w, 'vps_confirm"');
    await click(w, stopCard, 'vps_confirm');
    await waitFor(() => cardText(w, stopCard).includes('done in'), 'the stop to finish', 8_000);

    await w.slash(`instance delete ${WEB2}`);
    const deleteCard = await cardWith(w, 'vps_confirm_typed');
    await confirmTyped(w, deleteCard, 'web-2');
    await waitFor(() => cardText(w, deleteCard).includes('web-2 deleted'), 'the delete to finish', 8_000);

    const [stopped] = notices(w, 'stopped');
    expect(notices(w, 'stopped')).toHaveLength(1);
    expect(stopped?.text).toMatch(/@u0oscar stopped web-1 \(confirmed \d\d:\d\d:\d\d UTC\)/);
    expect(notices(w, 'deleted')).toHaveLength(1);
    expect(json(w.slack.responses)).not.toMatch(/stopped web-1 \(confirmed/);
  });

  it('finishes a delete followed by a bot that was restarted, editing the card with the bot token', async () => {
    const w = await open({ timing: { terminateMs: 400 }, tracking: { pollMinMs: 60_000 } });
    await w.slash(`instance delete ${WEB2}`);
    const card = await cardWith(w, 'vps_confirm_typed');
    await confirmTyped(w, card, 'web-2');
    await waitFor(() => w.sim.countRequests('instance.delete') === 1, 'the delete call', 5_000);
    await waitFor(() => w.tracker.active().length === 1, 'the operation to be followed', 5_000);
    await waitFor(() => !cardText(w, card).includes('vps_confirm'), 'the confirmed card', 5_000);
    expect(await storedOperations(w)).toHaveLength(1);

    expect(await w.restart()).toBe(1);
    await waitFor(
      () => cardText(w, card).includes('web-2 deleted'),
      'the resumed card to say deleted',
      8_000,
    );
    expect(cardText(w, card)).toMatch(/web-2 deleted — done in \d+ s/);
    expect(w.slack.callsTo('chat.update').at(-1)?.args).toMatchObject({
      channel: SLACK_CHANNEL,
      ts: card.ts,
    });
    expect(await w.bot.store.operations.list()).toEqual([]);
  });

  it('still opens the hostname dialog for a card posted before a restart, and deletes on the right name', async () => {
    const w = await open();
    await w.slash(`instance delete ${WEB2}`);
    const card = await cardWith(w, 'vps_confirm_typed');
    await w.restart();
    await confirmTyped(w, card, 'web-2');
    await waitFor(() => w.sim.countRequests('instance.delete') === 1, 'the delete call', 5_000);
    expect(w.sim.state.getInstance(WEB2)?.status).toBe('Terminating');
  });
});
