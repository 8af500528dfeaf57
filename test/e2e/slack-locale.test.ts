// Slack answers each user in their own language: real Bolt against the fake Slack, whose users.info
// (include_locale) says id-ID for one user and en-US for another — the core's texts and the
// adapter's own (a card's expiry) alike; a failing users.info still answers, in English.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SEED_IDS } from '../../src/simulator/seed-ids.js';
import { SLACK_CHANNEL, SLACK_USERS, startSlackWorld, type SlackWorld } from '../support/fake-slack-world.js';
import { waitFor } from '../support/wait-for.js';

const WEB1 = SEED_IDS.instances.web1;
let world: SlackWorld;

beforeEach(async () => {
  world = await startSlackWorld();
});

afterEach(async () => {
  await world.close();
});

/** The blocks of every channel message, as one text, once one mentions `needle`. */
function channelTextWith(needle: string): Promise<string> {
  return waitFor(
    () => {
      const text = JSON.stringify(world.slack.channelMessages(SLACK_CHANNEL).map((m) => m.blocks));
      return text.includes(needle) ? text : undefined;
    },
    `a channel message containing ${needle}`,
    15_000,
  );
}

describe('Slack: each user in their own language', () => {
  it('answers a user whose Slack locale is id-ID in Indonesian', { timeout: 30_000 }, async () => {
    world.slack.userLocales.set(SLACK_USERS.operator, 'id-ID');
    const answer = await world.slash(`instance show ${WEB1}`, SLACK_USERS.operator);
    expect(answer.status).toBe(200);
    const text = await channelTextWith('Lokasi');
    expect(text).toContain('Berjalan (Running)');
    expect(text).toMatch(/Rp \d/);
    expect(world.slack.callsTo('users.info')[0]?.args).toMatchObject({ user: SLACK_USERS.operator });
    // The adapter's own words on a card (its expiry) too, and users.info is asked once (cached).
    await world.slash(`instance stop ${WEB1}`, SLACK_USERS.operator);
    const card = await channelTextWith('Kedaluwarsa <!date^');
    expect(card).not.toContain('Expires');
    expect(world.slack.callsTo('users.info')).toHaveLength(1);
  });

  it('answers an en-US user in English', { timeout: 30_000 }, async () => {
    world.slack.userLocales.set(SLACK_USERS.operator, 'id-ID');
    await world.slash(`instance show ${WEB1}`, SLACK_USERS.viewer);
    const text = await channelTextWith('Location');
    expect(text).not.toContain('Lokasi');
  });

  it('still answers, in English, when users.info fails', { timeout: 30_000 }, async () => {
    world.slack.failNext('users.info', { kind: 'error', error: 'internal_error' });
    await world.slash(`instance show ${WEB1}`, SLACK_USERS.operator);
    await channelTextWith('Location');
  });
});
