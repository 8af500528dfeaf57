// The incident's story end to end, below the chat adapters: two replicas on one store (the embedded
// store, as one process's replicas share it, and Redis) on each platform. A scripted incident —
// watch, failure, Acknowledge, a stop confirmed by a second person, silence, recovery — is told by
// `timeline` line for line (whichever replica answers), exported (the files' bytes, CSV and
// Markdown), caught up on and handed over, and after a restart — the store and the audit trail
// opened afresh, the embedded one read back from disk — a new replica tells the same story.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app/create-app.js';
import { loadConfig } from '../../src/app/config/load.js';
import type { Actor, Platform, Responder } from '../../src/core/ports.js';
import type { BotStore } from '../../src/core/store.js';
import type { Button, Message } from '../../src/render/message.js';
import { renderText } from '../../src/render/text.js';
import { startSimulator } from '../../src/simulator/index.js';
import { SEED_IDS } from '../../src/simulator/seed-ids.js';
import { openEmbeddedStore } from '../../src/store/embedded/embedded-store.js';
import { openAuditLog } from '../../src/store/embedded/file-audit-log.js';
import { openRedisStore } from '../../src/store/redis/redis-store.js';
import { stopAll } from '../support/cleanup.js';
import { postLog } from '../support/recording-poster.js';
import { checkRendered } from '../support/render-conformance.js';
import { startRedisServer, type TestRedisServer } from '../support/redis-server.js';
import { waitFor } from '../support/wait-for.js';
import { QUICK_PACING, watchReplica } from '../support/watch-rig.js';

const WEB1 = SEED_IDS.instances.web1;
const CHANNEL = 'C0STORY';
const dir = mkdtempSync(join(tmpdir(), 'vpsops-story-'));
let redis: TestRedisServer;
beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(async () => {
  await redis?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const people = (platform: Platform) => {
  const id = (slack: string, discord: string) => (platform === 'slack' ? slack : discord);
  return {
    ops: { platform, userId: id('UOPS', '200000000000000001'), displayName: 'oscar' } satisfies Actor,
    admin: { platform, userId: id('UADM', '200000000000000002'), displayName: 'alice' } satisfies Actor,
  };
};

/** A text-only view of what a reply said (tables as lines). */
const said = (messages: Message[]) => messages.map((m) => renderText(m)).join('\n');

/** A responder keeping what it was given. */
function keeper(actor: Actor): { messages: Message[]; responder: Responder } {
  const messages: Message[] = [];
  const ref = { platform: actor.platform, channelId: CHANNEL, id: 'reply' };
  return {
    messages,
    responder: {
      reply: async (message) => (messages.push(message), ref),
      update: async (_ref, message) => void messages.push(message),
      announce: async (message) => void messages.push(message),
    },
  };
}

async function dispatch(app: App, actor: Actor, text: string): Promise<Message[]> {
  const kept = keeper(actor);
  const input = { kind: 'text' as const, text };
  await app.dispatcher.dispatch(
    { id: `i${Math.random()}`, platform: actor.platform, actor, channelId: CHANNEL, input },
    kept.responder,
  );
  // Every answer (the timeline's table, the export, catch-up, hand-off) keeps Slack's and Discord's limits.
  for (const message of kept.messages) expect(checkRendered(message)).toEqual([]);
  return kept.messages;
}

async function confirm(app: App, actor: Actor, button: Button | undefined): Promise<string> {
  if (!button?.pending) throw new Error('no confirm button');
  const kept = keeper(actor);
  const { token } = button.pending;
  const { platform } = actor;
  await app.dispatcher.act(
    { id: `a${Math.random()}`, platform, actor, channelId: CHANNEL, token, action: 'confirm' },
    kept.responder,
  );
  return said(kept.messages);
}

/** The rows of `timeline`'s table: the words of each line, time left out. */
const lines = (messages: Message[]) =>
  messages.flatMap((m) => m.blocks.flatMap((b) => (b.type === 'table' ? b.rows.map((r) => r[1]) : [])));

/** A store the replicas share; opened again (from `dir`, or on the same Redis prefix) after a restart. */
const STORES: { name: string; open: (platform: Platform, dir: string) => Promise<BotStore> }[] = [
  { name: 'the embedded store', open: (_platform, dir) => openEmbeddedStore(dir) },
  {
    name: 'Redis',
    open: (platform) => openRedisStore({ url: redis.url, prefix: `story-${platform}:` }),
  },
];

describe.each(['slack', 'discord'] as const)('the incident’s story on %s', (platform) => {
  it.each(STORES)(
    'is told the same by two replicas and a restarted one ($name)',
    { timeout: 90_000 },
    async ({ open }) => {
      const { ops, admin } = people(platform);
      const policyPath = join(dir, `policy-${platform}.yaml`);
      writeFileSync(
        policyPath,
        `roles:\n  admin: [${platform}:${admin.userId}]\n  operator: [${platform}:${ops.userId}]\n  viewer: ["*"]\naliases:\n  web-1: ${WEB1}\napprovals:\n  two_person: ["instance stop"]\n`,
      );
      const sim = await startSimulator();
      const stateDir = mkdtempSync(join(dir, 'state-'));
      const auditPath = join(mkdtempSync(join(dir, 'audit-')), 'audit');
      let store = await open(platform, stateDir);
      let audit = await openAuditLog(auditPath);
      const log = postLog(platform);
      const config = loadConfig({
        VPSOPS_DATA_DIR: mkdtempSync(join(dir, 'data-')),
        VPSOPS_POLICY: policyPath,
        LOG_LEVEL: 'silent',
        HOSTING_API_URL: sim.url,
        HOSTING_API_KEY: sim.apiKey,
        VPSOPS_RATE_LIMIT_USER_PER_MINUTE: '0',
      });
      const replica = (name: string) => watchReplica(config, { store, audit }, log.poster(name), QUICK_PACING);
      const apps: App[] = [];
      try {
        apps.push(await replica('a'), await replica('b'));
        const [a, b] = apps as [App, App];
        expect(said(await dispatch(a, ops, 'watch web-1'))).toMatch(/Watching web-1/);
        sim.state.setStatus(WEB1, 'Error');
        await waitFor(() => log.posts(/needs attention/).length === 1, 'the status alert');
        const ack = log.posts(/needs attention/)[0]!.message.actions?.find((x) => x.label === 'Acknowledge');
        expect(said(await dispatch(b, ops, ack!.command!))).toMatch(/Acknowledged/);
        const preview = await dispatch(a, ops, 'instance stop web-1');
        const approve = preview[0]?.actions?.find((x) => x.pending?.answer === 'confirm');
        expect(await confirm(b, admin, approve)).toMatch(/Stop requested for web-1/);
        expect(said(await dispatch(a, ops, 'silence web-1 1h kernel upgrade'))).toMatch(/web-1/);
        sim.state.setStatus(WEB1, 'Running');
        await waitFor(
          async () => lines(await dispatch(b, ops, 'timeline')).some((l) => /recovered/.test(l ?? '')),
          'the recovery in the story',
          20_000,
        );
        await dispatch(b, admin, 'note customer told at 14:00');

        const expected = [
          '🔴 web-1: alert — Status Error',
          '👀 web-1 acknowledged by oscar — status',
          '⚙️ instance stop web-1 by oscar · approved by alice · outcome: ok',
          /^🔕 web-1 silenced by oscar — until \d{4}-\d\d-\d\d \d\d:\d\d UTC · kernel upgrade$/,
          '✅ web-1 recovered — status',
          '📝 note by alice — customer told at 14:00',
        ];
        const check = (got: (string | undefined)[], wanted = expected) => {
          expect(got).toHaveLength(wanted.length);
          wanted.forEach((line, i) =>
            typeof line === 'string' ? expect(got[i]).toBe(line) : expect(got[i]).toMatch(line),
          );
        };
        check(lines(await dispatch(a, ops, 'timeline')));
        // The note concerns no server: --server leaves it out.
        check(lines(await dispatch(b, admin, 'timeline --server web-1')), expected.slice(0, -1));

        const exported = (await dispatch(a, ops, 'timeline export --format csv'))[0]!;
        const csv = new TextDecoder().decode(exported.attachments![0]!.data).split('\r\n');
        expect(csv[0]).toBe('time,event,server,by,to,approver,command,outcome,detail');
        expect(csv.slice(1, -1).map((row) => row.split(',').slice(1, 8).join(','))).toEqual([
          'alert,web-1,,,,,',
          'acknowledged,web-1,oscar,,,,',
          'action,web-1,oscar,,alice,instance stop,ok',
          'silenced,web-1,oscar,,,,',
          'recovered,web-1,,,,,',
          'note,,alice,,,,',
        ]);
        expect(csv.at(-1)).toBe('');
        // Each row's time in UTC ISO 8601, in order, and its detail.
        const times = csv.slice(1, -1).map((row) => row.split(',')[0]!);
        times.forEach((time) => expect(time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/));
        expect([...times].sort()).toEqual(times);
        const details = csv.slice(1, -1).map((row) => row.split(',').slice(8).join(','));
        expect(details.filter((_, i) => i !== 3)).toEqual([
          'Status Error',
          'status',
          '',
          'status',
          'customer told at 14:00',
        ]);
        expect(details[3]).toMatch(/^until \d{4}-\d\d-\d\d \d\d:\d\d UTC · kernel upgrade$/);
        // The Markdown file: a heading, the range, then the timeline's lines as a table.
        const md = (await dispatch(b, ops, 'timeline export'))[0]!.attachments![0]!;
        expect(md.filename).toMatch(/^timeline-.+\.md$/);
        const mdLines = new TextDecoder().decode(md.data).split('\n');
        expect(mdLines[0]).toMatch(/^# Timeline of /);
        const table = mdLines.slice(mdLines.indexOf('| --- | --- |') + 1, -1);
        check(table.map((row) => /^\| [^|]+ \| (.*) \|$/.exec(row)?.[1]));
        expect(mdLines.at(-1)).toBe('');

        const catchup = said(await dispatch(b, admin, 'catchup --since 1h'));
        expect(catchup).toMatch(/Silences\s+.*web-1/);
        expect(catchup).toContain('instance stop web-1 by oscar · approved by alice');
        const handoff = await dispatch(
          a,
          ops,
          `handoff ${platform === 'slack' ? '<@UADM|alice>' : `<@${admin.userId}>`}`,
        );
        expect(handoff[0]?.title).toMatch(/^Hand-off: oscar → /);
        expect(said(handoff)).toContain('note by alice — customer told at 14:00');

        for (const app of apps.splice(0)) await app.close();
        // The restart: the store and the audit trail opened afresh, as a new process opens them.
        await store.close();
        store = await open(platform, stateDir);
        await audit.close();
        audit = await openAuditLog(auditPath);
        const c = await replica('c');
        apps.push(c);
        const after = lines(await dispatch(c, ops, 'timeline'));
        check(after.slice(0, -1));
        expect(after.at(-1)).toMatch(/^🤝 oscar handed over to /);
      } finally {
        await stopAll(
          ...apps.map((app) => () => app.close()),
          () => audit.close(),
          () => sim.close(),
          () => store.close(),
        );
      }
    },
  );
});
