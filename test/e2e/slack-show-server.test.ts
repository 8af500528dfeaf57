// Slack's message shortcut "Show server" (issue 42), the real core against the fake Slack: the
// servers a message names — by hostname, full uuid, unique uuid prefix or public IP, in its text or
// its blocks — answered with their cards to the person who used it alone: an ephemeral post in the
// channel (chat.postEphemeral), or a direct message when the bot is not in that channel; never a
// post the channel sees. The same hidden `instance find` as Discord's "Show server".
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_IDS } from '../../src/simulator/seed-ids.js';
import { SLACK_CHANNEL, SLACK_USERS, startSlackWorld, type SlackWorld } from '../support/fake-slack-world.js';
import { waitFor } from '../support/wait-for.js';

const { web2, db1, cache1 } = SEED_IDS.instances;
const OUTSIDE = 'C0NOTJOINED';
let world: SlackWorld;

beforeAll(async () => {
  world = await startSlackWorld();
  world.slack.removeBotFrom(OUTSIDE);
});
afterAll(async () => {
  await world.close();
});

/** Someone's message in `channel`, and `user` choosing ⋯ → Show server on it. */
function showServer(
  message: { text: string; blocks?: unknown[] },
  channel: string = SLACK_CHANNEL,
  user: string = SLACK_USERS.viewer,
) {
  return world.interact({
    type: 'message_action',
    callback_id: 'vps_show_server',
    trigger_id: `trigger-${Math.random()}`,
    action_ts: '1700000000.000100',
    team: { id: 'T0001', domain: 'acme' },
    user: { id: user, username: 'vera', team_id: 'T0001' },
    channel: { id: channel, name: 'ops' },
    message: { type: 'message', ts: '1700000000.000001', user: 'U0BOB', ...message },
    message_ts: '1700000000.000001',
    response_url: world.slack.newResponseUrl(),
    token: 'legacy-verification-token',
  });
}

const json = (value: unknown) => JSON.stringify(value);
const ephemeralsTo = (user: string, channel = SLACK_CHANNEL) =>
  world.slack.ephemerals.filter((e) => e.user === user && e.channel === channel);

describe('Slack "Show server" message shortcut', () => {
  it('answers only the clicker, ephemerally, with the card of each server named by name, uuid, prefix or IP', async () => {
    const ip = world.sim.state.livePublicIpOf(cache1)?.address ?? '';
    expect(ip).not.toBe('');
    const before = world.slack.channelMessages(SLACK_CHANNEL).length;
    const answer = await showServer({
      text: `web-1 is slow again; ${web2.slice(0, 13)} too, ${ip} timed out`,
      // A card's blocks are read too: the full uuid of db-1 sits only there.
      blocks: [{ type: 'section', text: { type: 'mrkdwn', text: `see ${db1}` } }],
    });
    expect(answer.status).toBe(200);
    const [reply] = await waitFor(() => {
      const found = ephemeralsTo(SLACK_USERS.viewer);
      return found.length > 0 ? found : undefined;
    }, 'the private answer');
    for (const name of ['web-1', 'web-2', 'cache-1', 'db-1']) expect(json(reply?.blocks)).toContain(name);
    expect(json(reply?.blocks)).not.toContain('worker-1');
    // Nothing the channel sees, and the shortcut's response_url stays unused.
    expect(world.slack.channelMessages(SLACK_CHANNEL)).toHaveLength(before);
    expect(world.slack.responses).toHaveLength(0);
    expect(world.slack.takeFindings()).toEqual([]);
  });

  it('says privately, in the clicker’s language, that a message names no server', async () => {
    world.slack.userLocales.set(SLACK_USERS.other, 'id-ID');
    await showServer(
      { text: 'deploy 10.9.8.7 and 0000000 went fine; web-9 is not ours' },
      SLACK_CHANNEL,
      SLACK_USERS.other,
    );
    const [reply] = await waitFor(() => {
      const found = ephemeralsTo(SLACK_USERS.other);
      return found.length > 0 ? found : undefined;
    }, 'the none-found answer');
    expect(json(reply)).toContain('Tidak ada server yang ditemukan');
  });

  it('answers in a direct message when the bot is not in the message’s channel', async () => {
    await showServer({ text: `what is ${web2}?` }, OUTSIDE, SLACK_USERS.admin);
    const dm = await waitFor(() => world.slack.channelMessages(SLACK_USERS.admin)[0], 'the direct message');
    expect(json(dm.blocks)).toContain('web-2');
    // Tried where the message was (refused: not_in_channel), never posted there for everyone.
    expect(world.slack.callsTo('chat.postEphemeral').some((c) => c.args['channel'] === OUTSIDE)).toBe(true);
    expect(world.slack.channelMessages(OUTSIDE)).toEqual([]);
    expect(ephemeralsTo(SLACK_USERS.admin, OUTSIDE)).toEqual([]);
  });

  it('is declared in the manifest under its callback id', () => {
    const manifest = readFileSync(new URL('../../adapters/slack/manifest.yaml', import.meta.url), 'utf8');
    expect(manifest).toMatch(/- name: Show server\n\s+type: message\n\s+callback_id: vps_show_server\n/);
  });
});
