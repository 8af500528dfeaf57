// Instances whose hostnames are 255 characters long or carry emoji and mrkdwn marks can be deleted
// from Slack and from Discord: the card shows the whole name, the typed-name dialog takes it whole
// (Discord's input allows 4,000 characters, its label is never a cut name), and the delete happens.
import { afterEach, describe, expect, it } from 'vitest';
import { TYPED_CONFIRM_CALLBACK, TYPED_INPUT } from '../../adapters/slack/modal.js';
import { SEED_IDS } from '../../src/simulator/seed-ids.js';
import type { SimulatorHandle } from '../../src/simulator/index.js';
import type { StoredMessage as DiscordMessage } from '../support/fake-discord-store.js';
import { DISCORD_USERS, startDiscordWorld, type DiscordWorld } from '../support/fake-discord-world.js';

import { buttonClickPayload, viewSubmissionPayload } from '../support/fake-slack-requests.js';
import { SLACK_CHANNEL, SLACK_USERS, startSlackWorld, type SlackWorld } from '../support/fake-slack-world.js';
import { waitFor } from '../support/wait-for.js';
import { discordView } from '../support/discord-view.js';

const WEB2 = SEED_IDS.instances.web2;
const LONG = `${'long-name-'.repeat(24)}${'x'.repeat(15)}`;
const EMOJI = '🦄_prod*web~✨-1';
const visible = (value: unknown) => JSON.stringify(value).replace(/\u200d/g, '');

let slackWorld: SlackWorld | undefined;
let discordWorld: DiscordWorld | undefined;

afterEach(async () => {
  await slackWorld?.close();
  await discordWorld?.close();
  slackWorld = undefined;
  discordWorld = undefined;
});

/** Gives the seeded web-2 the hostname under test (the simulator's estate is plain data). */
function rename(sim: SimulatorHandle, hostname: string): void {
  const instance = sim.state.live.instances.get(WEB2);
  if (!instance) throw new Error('web-2 is not seeded');
  instance.hostname = hostname;
}

describe.each([
  ['a 255-character hostname', LONG],
  ['an emoji hostname with mrkdwn marks', EMOJI],
])('deleting an instance with %s', (_what, hostname) => {
  it('works from Slack', async () => {
    expect(LONG).toHaveLength(255);
    const w = (slackWorld = await startSlackWorld({ timing: { terminateMs: 300 } }));
    rename(w.sim, hostname);
    await w.slash(`instance delete ${WEB2}`);
    const card = await waitFor(
      () =>
        w.slack.channelMessages(SLACK_CHANNEL).find((m) => visible(m.blocks).includes('vps_confirm_typed')),
      'the preview card',
      5_000,
    );
    expect(visible(card.blocks)).toContain(hostname);
    const actions = (card.blocks as { type: string; elements?: { value?: string }[] }[]).find(
      (b) => b.type === 'actions',
    );
    const click = buttonClickPayload({
      actionId: 'vps_confirm_typed',
      value: actions?.elements?.[0]?.value ?? '',
      userId: SLACK_USERS.operator,
      channelId: SLACK_CHANNEL,
      messageTs: card.ts,
      responseUrl: w.slack.newResponseUrl(),
    });
    await w.interact(click);
    const open = await waitFor(() => w.slack.callsTo('views.open')[0], 'views.open', 5_000);
    const view = open.args['view'] as { private_metadata: string; blocks: unknown[] };
    expect(visible(view.blocks)).toContain(hostname);
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
    await waitFor(() => w.sim.countRequests('instance.delete') === 1, 'the delete', 8_000);
  });

  it('works from Discord', async () => {
    const w = (discordWorld = await startDiscordWorld({ timing: { terminateMs: 300 } }));
    rename(w.sim, hostname);
    const slash = w.discord.slash(DISCORD_USERS.operator, ['instance', 'delete'], { instance: WEB2 });
    const card = await waitFor(() => {
      const m = slash.originalId ? w.discord.store.messages.get(slash.originalId) : undefined;
      return m && m.components.length > 0 ? m : undefined;
    }, 'the preview card');
    const ids = (m: DiscordMessage) => discordView(m).customIds;
    const confirm = ids(card).find((id) => id.startsWith('vps:typed-confirm:')) ?? '';
    const token = confirm.slice(confirm.lastIndexOf(':') + 1);
    // The card shows the whole name (Discord markdown escapes removed), so it can be typed back.
    expect(discordView(card).text.replace(/\\/g, '')).toContain(hostname);
    const click = w.discord.click(DISCORD_USERS.operator, card.id, confirm);
    const modal = await waitFor(() => click.modal, 'the hostname modal');
    const input = (modal['components'] as { components: { max_length: number; label: string }[] }[])[0]
      ?.components[0];
    expect(input?.max_length).toBeGreaterThanOrEqual(255);
    expect(input?.label).not.toContain('…');
    w.discord.submitModal(DISCORD_USERS.operator, card.id, `vps:typed:${token}`, { typed: hostname });
    await waitFor(() => w.sim.countRequests('instance.delete') === 1, 'the delete', 8_000);
  });
});
