// Slack lists through the whole path: `instance list` answers with a table block, and a Slack that
// refuses table blocks (invalid_blocks) gets the same list again as the monospace table.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SLACK_USERS, startSlackWorld, type SlackWorld } from '../support/fake-slack-world.js';
import { waitFor } from '../support/wait-for.js';

let world: SlackWorld;

beforeEach(async () => {
  world = await startSlackWorld();
});

afterEach(async () => {
  await world.close();
});

type Sent = { blocks?: { type: string; text?: { text?: string } }[] };

/** Everything the bot sent for one slash command: its response_url posts and its Web API messages. */
function sentFor(responseUrl: string): Sent[] {
  return [
    ...world.slack.responsesTo(responseUrl).map((r) => r.body as Sent),
    ...world.slack.callsTo('chat.postMessage').map((c) => c.args as Sent),
  ];
}

const listed = (sent: Sent) => JSON.stringify(sent.blocks ?? []).includes('web-1');

describe('Slack lists as table blocks', { timeout: 60_000 }, () => {
  it('answers instance list with one table block holding the servers', async () => {
    const { responseUrl } = await world.slash('instance list', SLACK_USERS.operator);
    const answer = await waitFor(() => sentFor(responseUrl).find(listed), 'the instance list', 10_000);
    const tables = (answer.blocks ?? []).filter((b) => b.type === 'table');
    expect(tables).toHaveLength(1);
    expect(JSON.stringify(tables[0])).toContain('"raw_text"');
  });

  it('sends the monospace table when Slack answers invalid_blocks to the table block', async () => {
    world.slack.refuseBlockType('table');
    const { responseUrl } = await world.slash('instance list', SLACK_USERS.operator);
    // The refused table block was tried first; what Slack accepted afterwards is the monospace list.
    const answer = await waitFor(
      () => sentFor(responseUrl).find((s) => listed(s) && !JSON.stringify(s.blocks).includes('"table"')),
      'the monospace instance list',
      10_000,
    );
    expect(sentFor(responseUrl).filter(listed).length).toBeGreaterThanOrEqual(2);
    const code = (answer.blocks ?? []).find((b) => b.type === 'section' && b.text?.text?.startsWith('```'));
    expect(code?.text?.text).toContain('web-1');
  });
});
