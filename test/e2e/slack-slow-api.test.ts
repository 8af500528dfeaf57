// A slow hosting API over Slack: the requester gets a private "still working…" note, then the
// answer; a read that outlives its budget ends with a clear "did not answer in time" message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_IDS } from '../../src/simulator/seed-ids.js';

import { SLACK_CHANNEL, startSlackWorld, type SlackWorld } from '../support/fake-slack-world.js';
import { waitFor } from '../support/wait-for.js';

let world: SlackWorld;

beforeAll(async () => {
  world = await startSlackWorld({ env: { VPSOPS_PROGRESS_AFTER_MS: '200', VPSOPS_READ_BUDGET_MS: '1500' } });
});

afterAll(async () => {
  await world.close();
});

const json = (value: unknown) => JSON.stringify(value);

describe('a slow hosting API over Slack', { timeout: 60_000 }, () => {
  it('tells the requester privately that it is still working, then answers', async () => {
    world.sim.faults.inject({ endpoint: 'instance.detail', kind: 'latency', ms: 700, times: 1 });
    const before = world.slack.channelMessages(SLACK_CHANNEL).length;
    const { responseUrl } = await world.slash(`instance show ${SEED_IDS.instances.web1}`);
    const note = await waitFor(() => world.slack.responsesTo(responseUrl)[0]?.body, 'the note', 5_000);
    expect(note).toMatchObject({ response_type: 'ephemeral' });
    expect(json(note)).toContain('Still working on `instance show`');
    const card = await waitFor(
      () =>
        world.slack
          .channelMessages(SLACK_CHANNEL)
          .slice(before)
          .find((m) => json(m.blocks).includes('203.0.113.10')),
      'the instance card',
      5_000,
    );
    expect(json(card.blocks)).not.toContain('Still working');
  });

  it('gives up on a read after the budget with a clear message, changing nothing', async () => {
    world.sim.faults.inject({ endpoint: 'instance.detail', kind: 'latency', ms: 1_900, times: 1 });
    const before = world.slack.channelMessages(SLACK_CHANNEL).length;
    await world.slash(`instance show ${SEED_IDS.instances.web1}`);
    const answer = await waitFor(
      () =>
        world.slack
          .channelMessages(SLACK_CHANNEL)
          .slice(before)
          .find((m) => json(m.blocks).includes('in time')),
      'the timeout answer',
      5_000,
    );
    expect(json(answer.blocks)).toContain('no answer from the hosting API within 2 s');
    expect(json(answer.blocks)).toContain('nothing was changed');
  });

  it('gives up on a destructive preview at the read budget and says nothing was sent', async () => {
    // A hung API: each attempt would wait out the client timeout, and reads are retried.
    world.sim.faults.inject({ endpoint: 'instance.detail', kind: 'hang', times: 3 });
    const before = world.slack.channelMessages(SLACK_CHANNEL).length;
    await world.slash(`instance stop ${SEED_IDS.instances.web2}`);
    const answer = await waitFor(
      () =>
        world.slack
          .channelMessages(SLACK_CHANNEL)
          .slice(before)
          .find((m) => json(m.blocks).includes('in time')),
      'the timeout answer',
      8_000,
    );
    world.sim.faults.clear();
    expect(json(answer.blocks)).toContain('nothing was sent');
    expect(json(answer.blocks)).not.toContain('may still have happened');
    expect(world.sim.countRequests('instance.stop')).toBe(0);
  });

  it('answers a fast API without any note', async () => {
    const { responseUrl } = await world.slash('whoami');
    const answer = await waitFor(() => world.slack.responsesTo(responseUrl)[0]?.body, 'the answer', 5_000);
    expect(json(answer)).not.toContain('Still working');
    expect(world.slack.responsesTo(responseUrl)).toHaveLength(1);
  });
});
