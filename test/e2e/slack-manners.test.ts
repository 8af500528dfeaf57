// Slack manners: help, whoami, bindings and audit answer only the requester (ephemeral, via
// response_url) unless `--public` shares them; help is a short overview; hints name `/vps help`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { SLACK_CHANNEL, startSlackWorld, type SlackWorld } from '../support/fake-slack-world.js';
import { waitFor } from '../support/wait-for.js';

let world: SlackWorld;

beforeAll(async () => {
  world = await startSlackWorld();
});

afterAll(async () => {
  await world.close();
});

const json = (value: unknown) => JSON.stringify(value);

/** The first response posted to the slash command's response_url. */
async function privateAnswer(text: string): Promise<Record<string, unknown>> {
  const { responseUrl } = await world.slash(text);
  return waitFor(() => world.slack.responsesTo(responseUrl)[0]?.body, `the answer to ${text}`, 5_000);
}

describe('Slack manners', { timeout: 60_000 }, () => {
  it('answers help, whoami, use and audit privately, posting nothing in the channel', async () => {
    const before = world.slack.channelMessages(SLACK_CHANNEL).length;
    for (const text of ['help', 'whoami', 'use', 'audit']) {
      expect(await privateAnswer(text), text).toMatchObject({ response_type: 'ephemeral' });
    }
    expect(world.slack.channelMessages(SLACK_CHANNEL).length).toBe(before);
  });

  it('help is a short overview that points at /vps help <group>', async () => {
    const body = await privateAnswer('help');
    expect(json(body)).toContain('/vps help instance');
    expect(json(body)).not.toContain('&lt;instance&gt;');
    expect(json(body).length).toBeLessThan(4_000);
  });

  it('shares whoami in the channel with --public', async () => {
    const before = world.slack.channelMessages(SLACK_CHANNEL).length;
    await world.slash('whoami --public');
    await waitFor(
      () => world.slack.channelMessages(SLACK_CHANNEL).length > before,
      'the public whoami',
      5_000,
    );
    expect(json(world.slack.channelMessages(SLACK_CHANNEL).at(-1)?.blocks)).toContain('You are');
  });

  it('hints name the real command', async () => {
    const body = await privateAnswer('instanc');
    expect(json(body)).toContain('/vps help');
  });
});
