// An alert storm (issue 24): two `vpsops serve` replicas on one Redis, real Bolt against a fake
// Slack (and discord.js against a fake Discord), a fake PagerDuty Events API, all on loopback. 30 watched servers of one location fail at
// once: the channel gets ONE grouped alert naming all 30 by hostname, within Slack's limit of about
// one post per second, and PagerDuty one incident; when they recover, one recovery and one resolve.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startSimulator, type SimulatorHandle } from '../../src/simulator/index.js';
import { SEED_IDS } from '../../src/simulator/seed-ids.js';
import { stopAll } from '../support/cleanup.js';
import { startFakeDiscord } from '../support/fake-discord.js';
import { startFakePagerDuty, type FakePagerDuty } from '../support/fake-pagerduty.js';
import {
  buttonClickPayload,
  interactionForm,
  overflowChoicePayload,
  postSigned,
  slashCommandForm,
} from '../support/fake-slack-requests.js';
import { FakeSlack } from '../support/fake-slack.js';
import { startRedisServer } from '../support/redis-server.js';
import { startServeReplica, startServeReplicas, type ServeReplica } from '../support/serve-replica.js';
import { waitFor } from '../support/wait-for.js';
import { discordView } from '../support/discord-view.js';

const SECRET = 'storm-signing-secret';
const OPERATOR = 'U0STORMOPS';
const CHANNEL = 'C0STORM';
const KEY = 'R0UTINGKEY0123456789abcdef012345';
const STORM = 30;

/** Whether every server's detail was read after `since`: each watch has had its first poll. */
function polledSince(sim: SimulatorHandle, servers: readonly { uuid: string }[], since: number): boolean {
  const read = sim
    .requests()
    .filter((r) => r.endpoint === 'instance.detail' && r.time >= since)
    .map((r) => r.path);
  return servers.every((server) => read.some((path) => path.includes(server.uuid)));
}

/** After a pause for any late event: nothing triggered the page again after its first resolve (review 1.3). */
async function staysResolved(pd: FakePagerDuty, key: string): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  const actions = pd.events.filter((e) => e.dedup_key === key).map((e) => e.event_action);
  expect(actions.slice(actions.indexOf('resolve'))).not.toContain('trigger');
  expect(pd.alerts().get(key)).toBe('resolved');
}

describe.concurrent('an alert storm on Slack with two replicas', { timeout: 240_000 }, () => {
  it('posts one grouped alert naming all 30 servers, at most one post per second, and pages once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vpsops-storm-'));
    writeFileSync(join(dir, 'policy.yaml'), `roles:\n  operator: [slack:${OPERATOR}]\n  viewer: ["*"]\n`);
    const sim = await startSimulator({ instances: 60 });
    const slack = await new FakeSlack().start();
    const redis = await startRedisServer();
    const pd = await startFakePagerDuty({ routingKeys: [KEY] });
    const replicas: ServeReplica[] = [];
    try {
      const env = {
        VPSOPS_POLICY: join(dir, 'policy.yaml'),
        HOSTING_API_URL: sim.url,
        HOSTING_API_KEY: sim.apiKey,
        REDIS_URL: redis.url,
        VPSOPS_REDIS_PREFIX: 'storm-e2e:',
        VPSOPS_WATCH_INTERVAL_SECONDS: '1',
        SLACK_BOT_TOKEN: slack.botToken,
        SLACK_SIGNING_SECRET: SECRET,
        SLACK_API_URL: slack.apiUrl,
        PAGERDUTY_ROUTING_KEY: KEY,
        PAGERDUTY_EVENTS_URL: pd.url,
        LOG_LEVEL: 'info',
      };
      replicas.push(...(await startServeReplicas(['a', 'b'], dir, env)));
      const jakarta = sim.state
        .listInstances()
        .filter((i) => i.locationId === SEED_IDS.locations.jakarta && i.status === 'Running')
        .slice(0, STORM);
      expect(jakarta).toHaveLength(STORM);
      // Watches are set through both replicas, as a load balancer would spread the commands, all
      // sent at once (one after another they took seconds).
      await Promise.all(
        jakarta.map((server, n) =>
          postSigned(
            `http://127.0.0.1:${replicas[n % 2]!.port}/slack/events`,
            slashCommandForm({
              text: `watch ${server.uuid}`,
              userId: OPERATOR,
              channelId: CHANNEL,
              responseUrl: slack.newResponseUrl(),
            }),
            { secret: SECRET },
          ),
        ),
      );
      const watching = () => slack.channelMessages(CHANNEL).filter((m) => m.text.includes('Watching'));
      await waitFor(() => watching().length === STORM, 'every watch set', 60_000);
      // Every watch polled at least once (1 s interval) before the storm.
      const set = Date.now();
      await waitFor(() => polledSince(sim, jakarta, set), 'every watch polled', 30_000);
      const before = slack.callsTo('chat.postMessage').length;
      const stormAt = Date.now();

      for (const server of jakarta) sim.state.setStatus(server.uuid, 'Error');
      const card = await waitFor(
        () => slack.channelMessages(CHANNEL).find((m) => m.text.includes(`${STORM} servers need attention`)),
        'the grouped alert naming all 30',
        90_000,
      );
      const blocks = JSON.stringify(card.blocks);
      for (const server of jakarta) expect(blocks).toContain(server.hostname);
      await new Promise((resolve) => setTimeout(resolve, 3_000));

      const posts = slack.callsTo('chat.postMessage').slice(before);
      expect(posts.length).toBeLessThanOrEqual(3);
      // Slack's limit: about one post per second per channel (a burst of 3 at most).
      const times = posts.map((p) => p.at);
      for (let i = 0; i + 3 < times.length; i += 1)
        expect(times[i + 3]! - times[i]!).toBeGreaterThanOrEqual(1_000);
      // Edits of the group card are coalesced: at most one per 5 s (plus the first).
      const elapsed = Date.now() - stormAt;
      expect(card.edits).toBeLessThanOrEqual(2 + Math.ceil(elapsed / 5_000));
      const triggers = pd.events.filter((e) => e.event_action === 'trigger');
      // One PagerDuty alert (issue 38): re-sent under its one dedup key as the storm grew by half, naming the storm.
      expect(new Set(triggers.map((e) => e.dedup_key))).toEqual(new Set([triggers[0]!.dedup_key]));
      expect(triggers.length).toBeLessThanOrEqual(8);
      expect(triggers.at(-1)!.payload?.summary).toMatch(/^\d+ servers need attention/);
      expect(triggers[0]!.dedup_key).toMatch(/\S/);

      for (const server of jakarta) sim.state.setStatus(server.uuid, 'Running');
      await waitFor(
        () =>
          slack.channelMessages(CHANNEL).find((m) => m.text.includes(`All ${STORM} servers of the storm`)),
        'the one recovery',
        90_000,
      );
      await waitFor(
        () => pd.alerts().get(triggers[0]!.dedup_key) === 'resolved',
        'the incident resolved in PagerDuty',
        30_000,
      );
      await staysResolved(pd, triggers[0]!.dedup_key);
      const recoveries = slack.channelMessages(CHANNEL).filter((m) => /recovered/.test(m.text));
      // The group card (now "30 servers recovered") and the one recovery notice.
      expect(recoveries.length).toBeLessThanOrEqual(2);
      const all = pd.events.filter((e) => e.event_action === 'trigger');
      expect(new Set(all.map((e) => e.dedup_key))).toEqual(new Set([triggers[0]!.dedup_key]));
      // Re-sent as it shrank by half (three times at most from 30), never after it ended.
      expect(all.length).toBeLessThanOrEqual(triggers.length + 3);
      for (const r of replicas) expect(r.stderr()).not.toContain(KEY);
    } finally {
      await stopAll(
        ...replicas.map((r) => () => r.stop()),
        () => slack.close(),
        () => pd.close(),
        () => redis.stop(),
        () => sim.close(),
        () => rmSync(dir, { recursive: true, force: true }),
      );
    }
  });
});

describe.concurrent('an alert storm on Discord with two replicas', { timeout: 240_000 }, () => {
  it('posts one grouped alert naming all 30 servers and pages once', async () => {
    const USER = { id: '100000000000000001', username: 'dora' };
    const dir = mkdtempSync(join(tmpdir(), 'vpsops-storm-discord-'));
    writeFileSync(join(dir, 'policy.yaml'), `roles:\n  operator: [discord:${USER.id}]\n  viewer: ["*"]\n`);
    const sim = await startSimulator({ instances: 60 });
    const discord = await startFakeDiscord();
    const redis = await startRedisServer();
    const pd = await startFakePagerDuty({ routingKeys: [KEY] });
    const replicas: ServeReplica[] = [];
    try {
      const env = {
        VPSOPS_POLICY: join(dir, 'policy.yaml'),
        HOSTING_API_URL: sim.url,
        HOSTING_API_KEY: sim.apiKey,
        REDIS_URL: redis.url,
        VPSOPS_REDIS_PREFIX: 'storm-discord-e2e:',
        VPSOPS_WATCH_INTERVAL_SECONDS: '1',
        DISCORD_TOKEN: discord.botToken,
        DISCORD_APPLICATION_ID: discord.world.applicationId,
        DISCORD_API_URL: discord.apiUrl,
        DISCORD_PUBLIC_KEY: discord.publicKeyHex,
        PAGERDUTY_ROUTING_KEY: KEY,
        PAGERDUTY_EVENTS_URL: pd.url,
        LOG_LEVEL: 'info',
      };
      replicas.push(...(await startServeReplicas(['a', 'b'], dir, env)));
      const urls = replicas.map((r) => `http://127.0.0.1:${r.port}/discord/interactions`);
      const jakarta = sim.state
        .listInstances()
        .filter((i) => i.locationId === SEED_IDS.locations.jakarta && i.status === 'Running')
        .slice(0, STORM);
      expect(jakarta).toHaveLength(STORM);
      await Promise.all(
        jakarta.map((server, n) =>
          discord.http.slash(urls[n % 2]!, USER, ['watch'], { instance: server.uuid }),
        ),
      );
      const messages = () => [...discord.store.messages.values()];
      await waitFor(
        () => messages().filter((m) => discordView(m).text.includes('Watching')).length === STORM,
        'every watch set',
        60_000,
      );
      const set = Date.now();
      await waitFor(() => polledSince(sim, jakarta, set), 'every watch polled', 30_000);
      const channelPosts = () =>
        discord.calls.filter((c) => c.method === 'POST' && /^\/channels\/\d+\/messages$/.test(c.path));
      const before = channelPosts().length;

      for (const server of jakarta) sim.state.setStatus(server.uuid, 'Error');
      const card = await waitFor(
        () => messages().find((m) => discordView(m).text.includes(`${STORM} servers need attention`)),
        'the grouped alert naming all 30',
        90_000,
      );
      const shown = discordView(card).text;
      for (const server of jakarta) expect(shown).toContain(server.hostname);
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      expect(channelPosts().length - before).toBeLessThanOrEqual(3);
      const triggers = pd.events.filter((e) => e.event_action === 'trigger');
      // One PagerDuty alert for the storm, re-sent under its one dedup key as it grew (issue 38).
      expect(new Set(triggers.map((e) => e.dedup_key))).toEqual(new Set([triggers[0]!.dedup_key]));
      expect(triggers.length).toBeLessThanOrEqual(8);

      for (const server of jakarta) sim.state.setStatus(server.uuid, 'Running');
      await waitFor(
        () => messages().find((m) => discordView(m).text.includes(`All ${STORM} servers of the storm`)),
        'the one recovery',
        90_000,
      );
      await waitFor(
        () => pd.alerts().get(triggers[0]!.dedup_key) === 'resolved',
        'the incident resolved in PagerDuty',
        30_000,
      );
      await staysResolved(pd, triggers[0]!.dedup_key);
      for (const r of replicas) expect(r.stderr()).not.toContain(discord.botToken);
      for (const r of replicas) expect(r.stderr()).not.toContain(KEY);
    } finally {
      await stopAll(
        ...replicas.map((r) => () => r.stop()),
        () => discord.close(),
        () => pd.close(),
        () => redis.stop(),
        () => sim.close(),
        () => rmSync(dir, { recursive: true, force: true }),
      );
    }
  });
});

describe.concurrent('an alert on a server changed through the bot, on Slack', { timeout: 120_000 }, () => {
  it('shows the change, who made it, the backup age, and a menu whose Metrics runs for the chooser', async () => {
    const WEB2 = SEED_IDS.instances.web2;
    const dir = mkdtempSync(join(tmpdir(), 'vpsops-enriched-'));
    writeFileSync(
      join(dir, 'policy.yaml'),
      `roles:\n  operator: [slack:${OPERATOR}]\n  viewer: ["*"]\nrunbooks:\n  "web-*": https://wiki.example/runbooks/web\n`,
    );
    const sim = await startSimulator();
    const slack = await new FakeSlack().start();
    const replicas: ServeReplica[] = [];
    try {
      const env = {
        VPSOPS_POLICY: join(dir, 'policy.yaml'),
        HOSTING_API_URL: sim.url,
        HOSTING_API_KEY: sim.apiKey,
        VPSOPS_WATCH_INTERVAL_SECONDS: '1',
        SLACK_BOT_TOKEN: slack.botToken,
        SLACK_SIGNING_SECRET: SECRET,
        SLACK_API_URL: slack.apiUrl,
        LOG_LEVEL: 'info',
      };
      replicas.push(await startServeReplica('a', dir, env));
      const events = `http://127.0.0.1:${replicas[0]!.port}/slack/events`;
      const slash = (text: string) =>
        postSigned(
          events,
          slashCommandForm({
            text,
            userId: OPERATOR,
            channelId: CHANNEL,
            responseUrl: slack.newResponseUrl(),
          }),
          { secret: SECRET },
        );
      await slash(`watch ${WEB2}`);
      await waitFor(
        () => slack.channelMessages(CHANNEL).find((m) => m.text.includes('Watching web-2')),
        'the watch',
        30_000,
      );
      // A confirmed change through the bot: instance stop, Confirm clicked by the operator.
      await slash(`instance stop ${WEB2}`);
      const card = await waitFor(
        () => slack.channelMessages(CHANNEL).find((m) => JSON.stringify(m.blocks).includes('"vps_confirm"')),
        'the stop card',
        30_000,
      );
      const actions = (card.blocks as { type: string; elements?: { action_id: string; value: string }[] }[])
        .filter((b) => b.type === 'actions')
        .flatMap((b) => b.elements ?? []);
      const confirm = actions.find((e) => e.action_id === 'vps_confirm')!;
      await postSigned(
        events,
        interactionForm(
          buttonClickPayload({
            actionId: confirm.action_id,
            value: confirm.value,
            userId: OPERATOR,
            channelId: CHANNEL,
            messageTs: card.ts,
            responseUrl: slack.newResponseUrl(),
          }),
        ),
        { secret: SECRET },
      );
      await waitFor(
        () => sim.state.getInstance(WEB2)?.status === 'Stopped' || undefined,
        'web-2 stopped',
        30_000,
      );
      // The server fails only once the bot has recorded the stop as done (the simulator stops it
      // before the bot has its answer); failing earlier, the alert rightly names no change.
      const audit = join(dir, 'data-a', 'audit.jsonl');
      await waitFor(
        () =>
          existsSync(audit) &&
          readFileSync(audit, 'utf8')
            .split('\n')
            .filter(Boolean)
            .map((line) => JSON.parse(line) as { command?: string; result?: string })
            .some((r) => r.command === 'instance stop' && r.result === 'ok'),
        'the stop recorded as done',
        30_000,
      );
      sim.state.setStatus(WEB2, 'Error');
      const alert = await waitFor(
        () =>
          slack
            .channelMessages(CHANNEL)
            .find(
              (m) =>
                m.text.includes('web-2: needs attention') && JSON.stringify(m.blocks).includes('Last backup'),
            ),
        'the enriched alert',
        30_000,
      );
      const shown = JSON.stringify(alert.blocks);
      expect(shown).toMatch(/Last change through the bot: instance stop by u0stormops at [\d:]+ UTC/);
      expect(shown).toMatch(/Last backup[^}]*(ago|never)/);
      expect(shown).toContain(`uuid ${WEB2}`);
      type Element = { type: string; text?: { text: string }; options?: Option[] };
      type Option = { text: { text: string }; value: string; url?: string };
      const blocks = alert.blocks as { type: string; elements?: Element[] }[];
      const rows = blocks
        .filter((b) => b.type === 'actions')
        .map((b) => b.elements?.map((e) => e.text?.text ?? e.type));
      expect(rows).toEqual([['Acknowledge', 'Snooze 1 h', 'Show', 'overflow']]);
      const menu = blocks.flatMap((b) => b.elements ?? []).find((e) => e.type === 'overflow')!;
      expect(menu.options?.map((o) => [o.text.text, o.url ?? o.value])).toEqual([
        ['Metrics', `instance metrics ${WEB2}`],
        ['Silence 1 h', `silence ${WEB2} 1h`],
        ['Runbook', 'https://wiki.example/runbooks/web'],
      ]);
      // Choosing Metrics in the menu runs `instance metrics` as the operator typed it.
      const metrics = menu.options![0]!;
      const responseUrl = slack.newResponseUrl();
      const uploads = slack.callsTo('files.completeUploadExternal').length;
      await postSigned(
        events,
        interactionForm(
          overflowChoicePayload({
            actionId: 'vps_menu',
            value: metrics.value,
            userId: OPERATOR,
            channelId: CHANNEL,
            messageTs: alert.ts,
            responseUrl,
          }),
        ),
        { secret: SECRET },
      );
      await waitFor(
        () => slack.callsTo('files.completeUploadExternal').length > uploads || undefined,
        'the metrics chart chosen in the menu',
        30_000,
      );
    } finally {
      await stopAll(
        ...replicas.map((r) => () => r.stop()),
        () => slack.close(),
        () => sim.close(),
        () => rmSync(dir, { recursive: true, force: true }),
      );
    }
  });
});
