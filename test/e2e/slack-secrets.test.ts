// Secrets over Slack, end to end: the bot token, signing secret and hosting API key never reach a
// log line or the audit trail. That console credentials reach only the requester (and a viewer is
// refused before the API) is stated for every adapter in test/contract/adapter-contract.ts.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { captureLogs, type CapturedLogs } from '../support/capture-logs.js';

import { SLACK_CHANNEL, SLACK_USERS, startSlackWorld, type SlackWorld } from '../support/fake-slack-world.js';
import { waitFor } from '../support/wait-for.js';

let world: SlackWorld;
let logs: CapturedLogs;

beforeEach(async () => {
  logs = captureLogs();
  world = await startSlackWorld({ logger: logs.logger });
});

afterEach(async () => {
  await world.close();
});

/** The audit trail as text, once it records the console invocation. */
async function auditText(): Promise<string> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const text = await readFile(join(world.dataDir, 'audit.jsonl'), 'utf8').catch(() => '');
    if (text.includes('console')) return text;
    if (Date.now() > deadline) throw new Error('timed out waiting for the console audit record');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('Slack keeps its own secrets out of audit and logs', () => {
  it('never logs or audits the bot token, signing secret or hosting API key', async () => {
    const opened = await world.slash('instance console web-1', SLACK_USERS.operator);
    await world.slash('instance show web-1', SLACK_USERS.operator);
    const refused = await world.slash('instance console web-1', SLACK_USERS.viewer);
    await waitFor(() => world.slack.channelMessages(SLACK_CHANNEL).length > 0, 'the show card', 5_000);
    await waitFor(() => world.slack.responsesTo(opened.responseUrl).length > 0, 'the console reply', 5_000);
    await waitFor(() => world.slack.responsesTo(refused.responseUrl).length > 0, 'the refusal', 5_000);
    const audit = await auditText();
    for (const secret of [world.slack.botToken, world.signingSecret, world.sim.apiKey])
      expect(audit).not.toContain(secret);
    const logged = logs.lines.join('\n');
    expect(logs.lines.length, 'the bot logged through the captured logger').toBeGreaterThan(0);
    expect(logged).not.toContain(world.slack.botToken);
    expect(logged).not.toContain(world.signingSecret);
    expect(logged).not.toContain(world.sim.apiKey);
  });
});
