// `audit --all-channels` in Slack: an admin sees the actions of every channel (with the channel
// named on each row) and the usual filters apply across them; anyone else is refused plainly, and
// a plain `audit` still covers only the channel it is asked in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { postSigned, slashCommandForm } from '../support/fake-slack-requests.js';
import { SLACK_CHANNEL, SLACK_USERS, startSlackWorld, type SlackWorld } from '../support/fake-slack-world.js';
import { waitFor } from '../support/wait-for.js';

const OTHER_CHANNEL = 'C0OTHERS';
let world: SlackWorld;

beforeAll(async () => {
  world = await startSlackWorld();
});

afterAll(async () => {
  await world.close();
});

/** The answer to `/vps <text>` sent by `userId` in `channelId` (private, or posted there), as JSON text. */
async function answer(text: string, userId: string, channelId = SLACK_CHANNEL): Promise<string> {
  const posted = world.slack.channelMessages(channelId).length;
  const responseUrl = world.slack.newResponseUrl();
  const form = slashCommandForm({ text, userId, channelId, responseUrl });
  await postSigned(`http://127.0.0.1:${world.adapter.port}/slack/events`, form, {
    secret: world.signingSecret,
  });
  const body = await waitFor(
    () => world.slack.responsesTo(responseUrl)[0]?.body ?? world.slack.channelMessages(channelId)[posted],
    `the answer to ${text}`,
    10_000,
  );
  return JSON.stringify(body);
}

describe('Slack audit --all-channels', { timeout: 60_000 }, () => {
  it('shows every channel to an admin, filtered, and refuses everyone else', async () => {
    await answer('instance show web-1', SLACK_USERS.operator, OTHER_CHANNEL);
    await answer('whoami', SLACK_USERS.viewer, SLACK_CHANNEL);

    const all = await answer('audit --all-channels --reads', SLACK_USERS.admin);
    expect(all).toContain(`slack:${OTHER_CHANNEL}`);
    expect(all).toContain(`slack:${SLACK_CHANNEL}`);
    expect(all).toContain('instance show');
    expect(all).toContain('in any channel');

    const filtered = await answer(
      `audit --all-channels --reads --actor ${SLACK_USERS.operator} --command instance`,
      SLACK_USERS.admin,
    );
    expect(filtered).toContain(`slack:${OTHER_CHANNEL}`);
    expect(filtered).not.toContain('whoami');

    const here = await answer('audit --reads', SLACK_USERS.admin);
    expect(here).not.toContain('instance show');
    expect(here).toContain('whoami');

    for (const user of [SLACK_USERS.operator, SLACK_USERS.viewer]) {
      const refused = await answer('audit --all-channels', user);
      expect(refused).toContain('Only admins can read the audit of every channel');
      expect(refused).not.toContain(OTHER_CHANNEL);
    }
  });
});
