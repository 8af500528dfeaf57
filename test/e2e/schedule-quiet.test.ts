// Planned work does not page (issue 40): `vpsops serve` (embedded store, Slack faked, a fake
// PagerDuty) against a `vpsops simulator` process seen through a small proxy that can make one
// server's detail read "Error". A restart scheduled a few seconds ahead runs; while it restarts
// web-1 reads Error — recorded, but no card and no page — while cache-1, stopped behind the bot's
// back at the same time, is posted and paged. Once web-1 is Running again its silence ends after
// the window (VPSOPS_SCHEDULE_QUIET_MINUTES, 3 s here) and its next failure pages as before.
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_IDS } from '../../src/simulator/seed-ids.js';
import { childReaper, stopAll } from '../support/cleanup.js';
import { startFakePagerDuty, type FakePagerDuty } from '../support/fake-pagerduty.js';
import { FakeSlack, type StoredMessage } from '../support/fake-slack.js';
import { postSigned, slashCommandForm } from '../support/fake-slack-requests.js';
import { clickConfirm, confirmToken } from '../support/slack-confirm.js';
import { startServeReplica, type ServeReplica } from '../support/serve-replica.js';
import { startSimulatorProcess } from '../support/simulator-process.js';
import { waitFor } from '../support/wait-for.js';

const SECRET = 'quiet-signing-secret';
const API_KEY = 'quiet-sim-key';
const KEY = 'R0UTINGKEY0123456789abcdef012345';
const OPERATOR = 'U0QUIETOPS';
const CHANNEL = 'C0QUIET';
const { web1, cache1 } = SEED_IDS.instances;

const dir = mkdtempSync(join(tmpdir(), 'vpsops-quiet-'));
const children = childReaper();
let simUrl = '';
let proxy: Server;
let slack: FakeSlack;
let pd: FakePagerDuty;
let serve: ServeReplica;
/** Servers whose detail the proxy answers with status "Error". */
const erroring = new Set<string>();
/** Whether the proxy refuses restarts (409: nothing done). */
let refuseRestart = false;

/** Forwards to the simulator; a GET of an erroring server's detail comes back with status "Error". */
function startProxy(): Promise<string> {
  proxy = createServer((req, res) => {
    const target = new URL(req.url ?? '/', simUrl);
    if (req.method === 'PATCH' && refuseRestart && target.pathname.endsWith('/restart')) {
      res.writeHead(409, { 'content-type': 'application/json' });
      return void res.end(JSON.stringify({ message: 'Instance is busy' }));
    }
    const upstream = request(target, { method: req.method, headers: req.headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (c: Buffer) => chunks.push(c));
      answer.on('end', () => {
        let body = Buffer.concat(chunks).toString('utf8');
        // From the restart's call on, web-1 reads Error (until the test lets it be Running).
        if (req.method === 'PATCH' && target.pathname.endsWith(`/instance/${web1}/restart`))
          erroring.add(web1);
        const uuid = /\/instance\/([0-9a-f-]+)\/detail$/.exec(target.pathname)?.[1];
        if (req.method === 'GET' && uuid && erroring.has(uuid) && answer.statusCode === 200) {
          const parsed = JSON.parse(body) as { data: { status: string } };
          parsed.data.status = 'Error';
          body = JSON.stringify(parsed);
        }
        const headers = { ...answer.headers, 'content-length': String(Buffer.byteLength(body)) };
        res.writeHead(answer.statusCode ?? 502, headers).end(body);
      });
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  return new Promise((resolve) =>
    proxy.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(proxy.address() as AddressInfo).port}/v1`),
    ),
  );
}

beforeAll(async () => {
  writeFileSync(join(dir, 'policy.yaml'), `roles:\n  operator: [slack:${OPERATOR}]\n  viewer: ["*"]\n`);
  simUrl = await startSimulatorProcess(children, API_KEY, []);
  const apiUrl = await startProxy();
  slack = await new FakeSlack().start();
  pd = await startFakePagerDuty({ routingKeys: [KEY] });
  serve = await startServeReplica('quiet', dir, {
    VPSOPS_POLICY: join(dir, 'policy.yaml'),
    HOSTING_API_URL: apiUrl,
    HOSTING_API_KEY: API_KEY,
    VPSOPS_WATCH_INTERVAL_SECONDS: '1',
    VPSOPS_LEASE_TTL_SECONDS: '2',
    VPSOPS_TRACK_POLL_MIN_MS: '300',
    VPSOPS_TRACK_POLL_MAX_MS: '300',
    VPSOPS_SCHEDULE_QUIET_MINUTES: '0.05',
    VPSOPS_TIMEZONE: 'UTC',
    SLACK_BOT_TOKEN: slack.botToken,
    SLACK_SIGNING_SECRET: SECRET,
    SLACK_API_URL: slack.apiUrl,
    PAGERDUTY_ROUTING_KEY: KEY,
    PAGERDUTY_EVENTS_URL: pd.url,
    LOG_LEVEL: 'info',
  });
});

afterAll(() =>
  stopAll(
    () => serve?.stop(),
    () => children.reap(),
    () => new Promise<void>((resolve) => (proxy ? proxy.close(() => resolve()) : resolve())),
    () => slack?.close(),
    () => pd?.close(),
    () => rmSync(dir, { recursive: true, force: true }),
  ),
);

const events = () => `http://127.0.0.1:${serve.port}/slack/events`;
const text = (m: StoredMessage | undefined) => JSON.stringify(m ?? {});
const posted = (needle: string | RegExp) =>
  slack
    .channelMessages(CHANNEL)
    .filter((m) => (typeof needle === 'string' ? text(m).includes(needle) : needle.test(text(m))));
const pagesOf = (source: string) => pd.events.filter((e) => e.payload?.source === source);

/** Sends a slash command; resolves with what it answered (its response_url posts and new channel messages). */
async function say(command: string, until: (answer: string) => boolean): Promise<string> {
  const before = new Set(slack.messages.keys());
  const url = slack.newResponseUrl();
  const form = slashCommandForm({ text: command, userId: OPERATOR, channelId: CHANNEL, responseUrl: url });
  expect((await postSigned(events(), form, { secret: SECRET })).status).toBe(200);
  const answer = () =>
    JSON.stringify([
      ...slack.responsesTo(url).map((r) => r.body),
      ...[...slack.messages.values()].filter((m) => !before.has(m.ts) && m.channel === CHANNEL),
    ]);
  return waitFor(() => (until(answer()) ? answer() : undefined), `the answer to ${command}`, 20_000).catch(
    (error: Error) => {
      throw new Error(`${error.message}: ${answer().slice(0, 1_500)}`);
    },
  );
}

/** The simulator itself stops or starts a server (the control panel, not the bot): no confirmed action spares it. */
async function behindTheBotsBack(uuid: string, action: 'stop' | 'start'): Promise<void> {
  const res = await fetch(`${simUrl}/instance/${uuid}/${action}`, {
    method: 'PATCH',
    headers: { 'x-apikey': API_KEY },
  });
  expect(res.status).toBe(200);
}

/** `schedule at <in 2 s> instance restart web-1`, confirmed like a restart now. */
async function scheduleRestart(): Promise<void> {
  const runAt = Date.now() + 2_000;
  const iso = new Date(runAt).toISOString().slice(0, 19) + 'Z';
  const before = new Set(slack.messages.keys());
  await say(`schedule at ${iso} instance restart ${web1}`, () => true);
  const card = await waitFor(
    () =>
      [...slack.messages.values()].find((m) => !before.has(m.ts) && m.channel === CHANNEL && confirmToken(m)),
    'the preview card',
    20_000,
  );
  await clickConfirm(slack, events(), card, { userId: OPERATOR, channelId: CHANNEL, secret: SECRET });
  await waitFor(
    () => text(slack.messages.get(card.ts)).includes('Scheduled: instance restart'),
    'the scheduled card',
    20_000,
  );
}

describe('a scheduled restart', { timeout: 90_000 }, () => {
  it('does not page: its server is silenced until Running again + the window, other servers still page', async () => {
    await say(`watch ${web1}`, (a) => a.includes('Watching web-1'));
    await say(`watch ${cache1}`, (a) => a.includes('Watching cache-1'));
    await waitFor(
      async () =>
        (await say('watches', (a) => a.includes('cache-1'))).match(/OK \(Running\)/g)?.length === 2 ||
        undefined,
      'both polled',
      20_000,
    );

    await scheduleRestart();

    // At its time: from the restart's call on, web-1 reads Error (the proxy); cache-1 is stopped
    // from the control panel at the same time.
    const run = await waitFor(
      () => posted('Restart requested for web-1').find((m) => text(m).includes('⏰')),
      'the run',
      30_000,
    );
    await behindTheBotsBack(cache1, 'stop');
    await waitFor(
      () => pagesOf('cache-1').find((e) => e.event_action === 'trigger'),
      'the cache-1 page',
      20_000,
    );
    // web-1's incident is recorded (see `watches`), neither posted nor paged, alone or in a storm.
    await waitFor(
      async () => (await say('watches', (a) => a.includes('web-1'))).includes('ALERT: Status Error'),
      'web-1’s recorded incident',
      20_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 1_000)); // for a card or page that would follow
    const aboutWeb1 = [
      ...pd.events.filter((e) => JSON.stringify(e).includes('web-1')).map((e) => e.payload?.summary),
      ...posted(/need attention|needs attention/)
        .filter((m) => text(m).includes('web-1'))
        .map((m) => m.text),
    ];
    expect(aboutWeb1).toEqual([]);
    await waitFor(() => posted('cache-1: needs attention')[0], 'the cache-1 card', 20_000);
    expect(await say('watches', (a) => a.includes('web-1'))).toContain('ALERT: Status Error · 🔕 silenced');
    // The run says so; `silences` lists it with the schedule's reason.
    expect(text(run)).toContain('🔕 web-1’s alerts are silenced until it is Running again');
    expect(await say('silences', (a) => a.includes('web-1'))).toContain('scheduled instance restart by @');
    expect(await say('timeline', (a) => a.includes('silenced by'))).toMatch(
      /web-1 silenced by [^"]*scheduled instance restart by @/,
    );

    // cache-1 is started again (its incident over, web-1's next one is a card of its own, not a storm).
    await behindTheBotsBack(cache1, 'start');
    const cachePage = pagesOf('cache-1')[0]!.dedup_key;
    await waitFor(() => pd.alerts().get(cachePage) === 'resolved', 'the cache-1 page resolved', 20_000);

    // Running again: the silence ends the window later (announced), and alerts page again.
    erroring.delete(web1);
    await waitFor(() => posted('Silence of web-1 ended')[0], 'the end of the silence', 30_000);
    expect(pagesOf('web-1')).toEqual([]);
    erroring.add(web1);
    await waitFor(() => pagesOf('web-1').find((e) => e.event_action === 'trigger'), 'the web-1 page', 20_000);
    await waitFor(() => posted('web-1: needs attention')[0], 'the web-1 card', 20_000);
  });

  it('that fails keeps no silence: the server never went down', async () => {
    erroring.delete(web1);
    refuseRestart = true;
    await scheduleRestart();
    const run = await waitFor(
      () => posted(/does not allow|Instance is busy/).find((m) => text(m).includes('⏰')),
      'the failed run',
      30_000,
    );
    expect(text(run)).not.toContain('🔕');
    // Ended once the run is over (just after its card).
    await waitFor(
      async () =>
        (await say('silences', (x) => x.includes('Silences') || x.includes('Nothing'))).includes(
          'Nothing is silenced',
        ),
      'no silence',
      20_000,
    );
  });
});
