// Two `vpsops serve` replicas on one real redis-server, the hosting API in its own process
// (`vpsops simulator`, behind a counting proxy in this test): with Redis frozen (SIGSTOP) every
// command is still answered and nothing destructive runs; and two people confirming the same
// restore on different replicas make one API call, the other being told who holds the server.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_IDS } from '../../src/simulator/seed-ids.js';
import { stopAll } from '../support/cleanup.js';
import { FakeSlack, type StoredMessage } from '../support/fake-slack.js';
import {
  buttonClickPayload,
  interactionForm,
  postSigned,
  slashCommandForm,
  viewSubmissionPayload,
} from '../support/fake-slack-requests.js';
import { TYPED_CONFIRM_CALLBACK, TYPED_INPUT } from '../../adapters/slack/modal.js';
import { startFakeDiscord, type FakeDiscord } from '../support/fake-discord.js';
import { customIds, type StoredInteraction } from '../support/fake-discord-store.js';
import { startRedisServer, type TestRedisServer } from '../support/redis-server.js';
import { startServeReplica, type ServeReplica } from '../support/serve-replica.js';
import { waitFor } from '../support/wait-for.js';
import { discordView } from '../support/discord-view.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BIN = join(ROOT, 'bin', 'vpsops.js');
const SECRET = 'outage-signing-secret';
const API_KEY = 'outage-sim-key';
const ALICE = 'U034OPS';
const CAROL = 'U056OPS';
const CHANNEL = 'C0INCIDENT';
const { web1, cache1 } = SEED_IDS.instances;
const { web1Latest } = SEED_IDS.backups;
const { web2 } = SEED_IDS.instances;
const DORA = { id: '100000000000000001', username: 'dora' };

const dir = mkdtempSync(join(tmpdir(), 'vpsops-outage-'));
let slack: FakeSlack;
let redis: TestRedisServer;
let simulator: ChildProcess | undefined;
let proxy: Server | undefined;
let apiUrl = '';
/** Hosting-API requests seen by the proxy, as "METHOD path". */
const apiRequests: string[] = [];
const replicas: ServeReplica[] = [];
let a: ServeReplica & { events: string };
let b: ServeReplica & { events: string };

/** Starts `vpsops simulator` as a child process; resolves with its base URL. */
async function startSimulatorProcess(): Promise<string> {
  const child = spawn(process.execPath, [BIN, 'simulator', '--port', '0', '--api-key', API_KEY], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: dir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  simulator = child;
  let out = '';
  child.stdout?.on('data', (c: Buffer) => (out += c.toString('utf8')));
  return waitFor(() => /Hosting API simulator on (http:\S+)/.exec(out)?.[1], 'the simulator', 30_000);
}

/** A loopback proxy in front of the simulator that records each request line. */
async function startCountingProxy(target: string): Promise<string> {
  const base = new URL(target);
  const server = createServer((req, res) => {
    apiRequests.push(`${req.method} ${req.url}`);
    const upstream = request(
      { host: base.hostname, port: base.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  proxy = server;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return `http://127.0.0.1:${port}${base.pathname}`;
}

const count = (pattern: RegExp) => apiRequests.filter((r) => pattern.test(r)).length;
const STOPS = /^PATCH .*\/instance\/[^/]+\/stop/;
const RESTORES = /\/backup\/restore\//;
const STORE_MESSAGE = /state store is unreachable/;

async function replica(name: string): Promise<ServeReplica & { events: string }> {
  const started = await startServeReplica(name, dir, {
    VPSOPS_POLICY: join(dir, 'policy.yaml'),
    HOSTING_API_URL: apiUrl,
    HOSTING_API_KEY: API_KEY,
    REDIS_URL: redis.url,
    VPSOPS_REDIS_PREFIX: 'outage-e2e:',
    SLACK_BOT_TOKEN: slack.botToken,
    SLACK_SIGNING_SECRET: SECRET,
    SLACK_API_URL: slack.apiUrl,
    LOG_LEVEL: 'info',
  });
  replicas.push(started);
  return { ...started, events: `http://127.0.0.1:${started.port}/slack/events` };
}

async function slash(events: string, text: string, userId = ALICE): Promise<string> {
  const url = slack.newResponseUrl();
  const answer = await postSigned(
    events,
    slashCommandForm({ text, userId, channelId: CHANNEL, responseUrl: url }),
    {
      secret: SECRET,
    },
  );
  expect(answer.status).toBe(200);
  return url;
}

function tokenOf(card: StoredMessage, actionId = 'vps_confirm'): string {
  const blocks = card.blocks as { elements?: { action_id?: string; value?: string }[] }[];
  return blocks.flatMap((b) => b.elements ?? []).find((e) => e.action_id === actionId)?.value ?? '';
}

async function click(
  events: string,
  card: StoredMessage,
  userId: string,
  actionId = 'vps_confirm',
): Promise<string> {
  const url = slack.newResponseUrl();
  const form = interactionForm(
    buttonClickPayload({
      actionId,
      value: tokenOf(card, actionId),
      userId,
      channelId: CHANNEL,
      messageTs: card.ts,
      responseUrl: url,
    }),
  );
  expect((await postSigned(events, form, { secret: SECRET })).status).toBe(200);
  return url;
}

/** The preview card a command posts in the channel (a new message with a Confirm button naming `what`). */
async function preview(
  events: string,
  text: string,
  what: string,
  userId = ALICE,
  actionId = 'vps_confirm',
): Promise<StoredMessage> {
  const before = new Set(slack.messages.keys());
  await slash(events, text, userId);
  return waitFor(
    () =>
      [...slack.messages.values()].find(
        (m) =>
          !before.has(m.ts) &&
          m.channel === CHANNEL &&
          tokenOf(m, actionId) &&
          JSON.stringify(m.blocks).includes(what),
      ),
    `the preview of ${text}`,
    30_000,
  );
}

const said = (url: string) =>
  slack
    .responsesTo(url)
    .map((r) => JSON.stringify(r.body))
    .join('\n');

beforeAll(async () => {
  writeFileSync(
    join(dir, 'policy.yaml'),
    `roles:\n  operator: [slack:${ALICE}, slack:${CAROL}, discord:${DORA.id}]\n  viewer: ["*"]\n`,
  );
  redis = await startRedisServer();
  apiUrl = await startCountingProxy(await startSimulatorProcess());
  slack = await new FakeSlack().start();
  [a, b] = await Promise.all([replica('a'), replica('b')]);
}, 90_000);

afterAll(async () => {
  redis?.resume();
  await stopAll(
    ...replicas.map((r) => () => r.stop()),
    () => slack?.close(),
    () => new Promise<void>((resolve) => (proxy ? proxy.close(() => resolve()) : resolve())),
    () => simulator?.kill('SIGTERM'),
    () => redis?.stop(),
    () => rmSync(dir, { recursive: true, force: true }),
  );
});

describe('two serve replicas on one Redis, the hosting API in its own process', { timeout: 180_000 }, () => {
  it('answers every command while Redis is frozen, and runs nothing destructive without it', async () => {
    // A card previewed while the store answers, to be confirmed while it does not.
    const card = await preview(a.events, `instance stop ${cache1}`, 'cache-1');
    const stopsBefore = count(STOPS);
    const before = new Set(slack.messages.keys());
    redis.pause();
    const frozenAt = Date.now();
    try {
      const read = await slash(a.events, `instance show ${web1}`);
      const changes = [
        await slash(b.events, `instance stop ${web1}`),
        await click(a.events, card, ALICE),
        await slash(a.events, `backup restore ${web1} ${web1Latest}`),
      ];
      const help = await slash(b.events, 'help');
      // The read ran against the API and answered in the channel.
      await waitFor(
        () =>
          [...slack.messages.values()].some(
            (m) => !before.has(m.ts) && !tokenOf(m) && JSON.stringify(m.blocks).includes('web-1'),
          ),
        `the answer to instance show (${said(read)})`,
        20_000,
      );
      // Each change was refused with the store message (privately, or in the channel as its outcome).
      const refusedHere = () =>
        changes.filter((url) => STORE_MESSAGE.test(said(url))).length +
        [...slack.messages.values()].filter((m) => !before.has(m.ts) && STORE_MESSAGE.test(m.text)).length;
      await waitFor(() => refusedHere() >= changes.length, 'the store message for every change', 20_000);
      await waitFor(() => /help/i.test(said(help)), 'the help answer', 20_000);
      expect(count(STOPS)).toBe(stopsBefore);
      expect(count(RESTORES)).toBe(0);
    } finally {
      // Frozen for 10 s in all, whatever happened above (the waits above count towards them).
      const left = 10_000 - (Date.now() - frozenAt);
      if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
      redis.resume();
    }
  });

  it('answers a read while Redis is frozen: the ack never waits for the store, and the answer says confirmations are paused', async () => {
    const before = new Set(slack.messages.keys());
    redis.pause();
    try {
      const url = slack.newResponseUrl();
      const sent = Date.now();
      const form = slashCommandForm({
        text: `instance show ${cache1}`,
        userId: CAROL,
        channelId: CHANNEL,
        responseUrl: url,
      });
      const answer = await postSigned(b.events, form, { secret: SECRET });
      const ackMs = Date.now() - sent;
      expect(answer.status).toBe(200);
      // A replay check that waited for the store would hold the ack for its deadline (1 s) or more.
      expect(ackMs).toBeLessThan(800);
      const shown = () =>
        [
          said(url),
          ...[...slack.messages.values()]
            .filter((m) => !before.has(m.ts))
            .map((m) => JSON.stringify(m.blocks)),
        ].find((text) => text.includes('cache-1') && text.includes('confirmations are paused'));
      await waitFor(shown, 'the answer with the note', 15_000);
      // Within the usual read budget (VPSOPS_READ_BUDGET_MS, 15 s).
      expect(Date.now() - sent).toBeLessThan(15_000);
      expect(shown()).not.toMatch(STORE_MESSAGE);
    } finally {
      redis.resume();
    }
  });

  it('answers each click once while Redis is frozen: a Confirm and a typed-name dialog, on either replica', async () => {
    const stopCard = await preview(a.events, `instance stop ${cache1}`, 'cache-1');
    const deleteCard = await preview(
      a.events,
      `instance delete ${web2}`,
      'web-2',
      ALICE,
      'vps_confirm_typed',
    );
    const since = Date.now();
    const before = new Set(slack.messages.keys());
    redis.pause();
    try {
      const confirmUrl = await click(b.events, stopCard, ALICE);
      const typedUrl = await click(a.events, deleteCard, ALICE, 'vps_confirm_typed');
      const open = await waitFor(
        () => slack.callsTo('views.open').find((c) => c.at >= since),
        'the typed-name dialog',
        10_000,
      );
      const submitted = await postSigned(
        b.events,
        interactionForm(
          viewSubmissionPayload({
            userId: ALICE,
            callbackId: TYPED_CONFIRM_CALLBACK,
            privateMetadata: (open.args['view'] as { private_metadata: string }).private_metadata,
            blockId: TYPED_INPUT.blockId,
            actionId: TYPED_INPUT.actionId,
            typed: 'web-2',
          }),
        ),
        { secret: SECRET },
      );
      expect(submitted.status).toBe(200);
      // Every store message the bot sent since the freeze: on a response_url, privately or in the channel.
      const onUrl = (url: string) =>
        slack.responsesTo(url).filter((r) => STORE_MESSAGE.test(JSON.stringify(r.body)));
      const elsewhere = () => [
        ...slack
          .callsTo('chat.postEphemeral')
          .filter((c) => c.at >= since && STORE_MESSAGE.test(JSON.stringify(c.args))),
        ...[...slack.messages.values()].filter((m) => !before.has(m.ts) && STORE_MESSAGE.test(m.text)),
      ];
      const total = () => onUrl(confirmUrl).length + onUrl(typedUrl).length + elsewhere().length;
      await waitFor(() => total() >= 2 || undefined, 'an answer to each click', 20_000);
      // Give a second copy of either answer time to show up before counting.
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      expect(onUrl(confirmUrl)).toHaveLength(1);
      expect(total()).toBe(2);
      expect(count(STOPS)).toBe(0);
    } finally {
      redis.resume();
    }
  });

  it('runs one restore when two people confirm the same restore on different replicas, and names the holder to the other', async () => {
    const restore = `backup restore ${web1} ${web1Latest}`;
    const aliceCard = await preview(a.events, restore, web1Latest, ALICE);
    const carolCard = await preview(b.events, restore, web1Latest, CAROL);
    const [aliceAnswer, carolAnswer] = await Promise.all([
      click(a.events, aliceCard, ALICE),
      click(b.events, carolCard, CAROL),
    ]);
    await waitFor(() => count(RESTORES) >= 1, 'the restore', 20_000);
    const refusal = await waitFor(
      () => [aliceAnswer, carolAnswer].find((url) => /is busy/.test(said(url))),
      'a refusal',
      20_000,
    );
    const holder = refusal === aliceAnswer ? CAROL : ALICE;
    expect(said(refusal).toLowerCase()).toContain(holder.toLowerCase());
    expect(said(refusal)).toMatch(/since \d\d:\d\d(:\d\d)? UTC/);
    // Give a stray second execution time to show up before counting for the last time.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(count(RESTORES)).toBe(1);
  });
});

/** The reply Discord shows for interaction `i` (its deferred message, once edited), as text. */
function discordSaid(discord: FakeDiscord, i: StoredInteraction): string {
  const m = i.originalId ? discord.store.messages.get(i.originalId) : undefined;
  return m && m.edits > 0 ? discordView(m).text : '';
}

describe('Discord replicas on the same Redis, frozen', { timeout: 180_000 }, () => {
  it('acks every command at once (HTTP interactions and sharded gateway), answers a read with the note, and each click once', async () => {
    const discord = await startFakeDiscord();
    try {
      const env = {
        VPSOPS_POLICY: join(dir, 'policy.yaml'),
        HOSTING_API_URL: apiUrl,
        HOSTING_API_KEY: API_KEY,
        REDIS_URL: redis.url,
        VPSOPS_REDIS_PREFIX: 'outage-discord-e2e:',
        DISCORD_TOKEN: discord.botToken,
        DISCORD_APPLICATION_ID: discord.world.applicationId,
        DISCORD_API_URL: discord.apiUrl,
        LOG_LEVEL: 'info',
      };
      // Both started side by side (each start is mostly a process booting). With Redis, the gateway
      // runs sharded: the second replica holds the only shard under a store lease.
      const starts = await Promise.allSettled([
        startServeReplica('discord-http', dir, { ...env, DISCORD_PUBLIC_KEY: discord.publicKeyHex }),
        startServeReplica('discord-gateway', dir, env),
      ]);
      for (const start of starts) if (start.status === 'fulfilled') replicas.push(start.value);
      for (const start of starts) if (start.status === 'rejected') throw start.reason;
      const http = (starts[0] as PromiseFulfilledResult<ServeReplica>).value;
      await waitFor(() => discord.identifies.size === 1, 'the shard identified', 30_000);
      const endpoint = `http://127.0.0.1:${http.port}/discord/interactions`;
      // Cards previewed while the store answers, to be confirmed while it does not.
      const card = (i: StoredInteraction, button: RegExp) =>
        waitFor(
          () => {
            const m = i.originalId ? discord.store.messages.get(i.originalId) : undefined;
            const id = m ? customIds(m).find((c) => button.test(c)) : undefined;
            return m && id ? { id: m.id, button: id } : undefined;
          },
          `a card with ${button}`,
          20_000,
        );
      const gatewayStop = await card(
        discord.slash(DORA, ['instance', 'stop'], { instance: web1 }),
        /^vps:confirm:/,
      );
      const httpStop = await card(
        (await discord.http.slash(endpoint, DORA, ['instance', 'stop'], { instance: cache1 })).interaction,
        /^vps:confirm:/,
      );
      const typedDelete = await card(
        discord.slash(DORA, ['instance', 'delete'], { instance: web2 }),
        /^vps:typed-confirm:/,
      );
      // When each interaction's first answer (its ack) reached Discord through the gateway's callback.
      const ackedAt = new Map<string, number>();
      discord.onCall((call) => {
        const token = /^\/interactions\/[^/]+\/([^/]+)\/callback/.exec(call.path)?.[1];
        if (token && !ackedAt.has(token)) ackedAt.set(token, Date.now());
      });
      redis.pause();
      try {
        const sent = Date.now();
        const viaHttp = await discord.http.slash(endpoint, DORA, ['instance', 'show'], { instance: cache1 });
        const httpAckMs = Date.now() - sent;
        expect(viaHttp.status).toBe(200);
        expect(viaHttp.body).toMatchObject({ type: 5 });
        const gatewaySent = Date.now();
        const viaGateway = discord.slash(DORA, ['instance', 'show'], { instance: cache1 });
        const token = viaGateway.token;
        await waitFor(() => ackedAt.get(token), 'the gateway ack', 15_000);
        const gatewayAckMs = (ackedAt.get(token) ?? Infinity) - gatewaySent;
        // An ack that waited for the store would take its deadline (1 s) or more.
        expect(Object.entries({ httpAckMs, gatewayAckMs }).filter(([, ms]) => ms >= 800)).toEqual([]);
        for (const i of [viaHttp.interaction, viaGateway]) {
          const answer = () => {
            const text = discordSaid(discord, i);
            return text.includes('cache-1') && text.includes('confirmations are paused') ? text : undefined;
          };
          await waitFor(answer, 'the answer with the note', 15_000);
          expect(answer()).not.toMatch(STORE_MESSAGE);
        }
        // Each click is answered once with the store message (the gateway's lease outlives this freeze).
        const clicks = [
          discord.click(DORA, gatewayStop.id, gatewayStop.button),
          (await discord.http.click(endpoint, DORA, httpStop.id, httpStop.button)).interaction,
        ];
        const opening = discord.click(DORA, typedDelete.id, typedDelete.button);
        const modal = await waitFor(() => opening.modal, 'the typed-name dialog', 10_000);
        const typedId = /vps:typed:[^"]+/.exec(JSON.stringify(modal))?.[0] ?? '';
        clicks.push(discord.submitModal(DORA, typedDelete.id, typedId, { typed: 'web-2' }));
        const storeAnswers = (i: StoredInteraction) =>
          discord.calls.filter((c) => c.path.includes(i.token) && STORE_MESSAGE.test(JSON.stringify(c.body)));
        await waitFor(
          () => clicks.every((i) => storeAnswers(i).length > 0) || undefined,
          'the store message for every click',
          10_000,
        );
        await new Promise((resolve) => setTimeout(resolve, 2_000));
        expect(clicks.map((i) => storeAnswers(i).length)).toEqual([1, 1, 1]);
        expect(count(STOPS)).toBe(0);
      } finally {
        redis.resume();
      }
    } finally {
      await discord.close();
    }
  });
});
