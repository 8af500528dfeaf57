// `vpsops serve` with Slack and Discord configured in one process (Bolt is loaded first and brings
// its own undici): `instance metrics` must deliver its chart to both platforms. Before discord.js's
// REST client had its own HTTP agent, every Discord file upload in such a process failed silently.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type SimulatorHandle } from '../../src/simulator/index.js';
import { SEED_IDS } from '../../src/simulator/seed-ids.js';
import { startFakeDiscord, type FakeDiscord } from '../support/fake-discord.js';
import { chartUploadedFor, PNG_SIGNATURE } from '../support/discord-chart.js';

import { FakeSlack } from '../support/fake-slack.js';
import { postSigned, slashCommandForm } from '../support/fake-slack-requests.js';
import { startServeReplica, type ServeReplica } from '../support/serve-replica.js';
import { waitFor } from '../support/wait-for.js';

const DISCORD_USER = { id: '100000000000000001', username: 'dora' };
const SLACK_USER = 'U0ALICE';
const SLACK_CHANNEL = 'C0OPS';
const SECRET = 'dual-signing-secret';

const dir = mkdtempSync(join(tmpdir(), 'vpsops-dual-'));
let sim: SimulatorHandle;
let discord: FakeDiscord;
let slack: FakeSlack;
let replica: ServeReplica | undefined;

beforeAll(async () => {
  writeFileSync(
    join(dir, 'policy.yaml'),
    `roles:\n  operator: [discord:${DISCORD_USER.id}, slack:${SLACK_USER}]\n  viewer: ["*"]\n`,
  );
  sim = await startSimulator();
  discord = await startFakeDiscord();
  slack = await new FakeSlack().start();
});

afterAll(async () => {
  await replica?.stop();
  await discord.close();
  await slack.close();
  await sim.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('vpsops serve with Slack and Discord in one process', { timeout: 180_000 }, () => {
  it('delivers the instance metrics chart to Discord and to Slack', async () => {
    const env: Record<string, string> = {
      VPSOPS_DATA_DIR: join(dir, 'data'),
      VPSOPS_POLICY: join(dir, 'policy.yaml'),
      HOSTING_API_URL: sim.url,
      HOSTING_API_KEY: sim.apiKey,
      SLACK_BOT_TOKEN: slack.botToken,
      SLACK_SIGNING_SECRET: SECRET,
      SLACK_API_URL: slack.apiUrl,
      DISCORD_TOKEN: discord.botToken,
      DISCORD_APPLICATION_ID: discord.world.applicationId,
      DISCORD_API_URL: discord.apiUrl,
      LOG_LEVEL: 'info',
    };
    replica = await startServeReplica('dual', dir, env);
    const port = replica.port;

    const web1 = SEED_IDS.instances.web1;
    const interaction = discord.slash(DISCORD_USER, ['instance', 'metrics'], {
      instance: web1,
      period: 'day',
    });
    const chart = await chartUploadedFor(discord, interaction.token, 45_000);
    expect(chart.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);

    const events = `http://127.0.0.1:${port}/slack/events`;
    const form = slashCommandForm({
      text: `instance metrics ${web1} --period day`,
      userId: SLACK_USER,
      channelId: SLACK_CHANNEL,
      responseUrl: slack.newResponseUrl(),
    });
    expect((await postSigned(events, form, { secret: SECRET })).status).toBe(200);
    const file = await waitFor(
      () => [...slack.uploads.values()].find((u) => u.completed),
      'the chart on Slack',
      45_000,
    );
    expect(file.channel).toBe(SLACK_CHANNEL);
    expect(file.data.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(slack.callsTo('files.getUploadURLExternal')[0]?.args['alt_txt']).toMatch(/web-1/);
  });
});
