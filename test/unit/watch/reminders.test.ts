// Re-notification (issue 24, escalation): an unacknowledged open alert — single or a storm group —
// is told again once per period across two replicas, at the pacer's lowest priority, mentioning the
// channel's on-call team (and only it) when the policy names one; acknowledge and recovery stop it.
import { describe, expect, it } from 'vitest';
import { renderMessage as renderDiscord, toRestBody } from '../../../adapters/discord/render.js';
import { renderMessage as renderSlack } from '../../../adapters/slack/render.js';
import type { Locale, Platform } from '../../../src/core/index.js';
import { setChannelLocale } from '../../../src/core/channel-language.js';
import type { Message } from '../../../src/render/message.js';
import { createMemoryStore } from '../../../src/store/memory/table-store.js';
import { acknowledge } from '../../../src/watch/rules/alert-rules.js';
import { groupBook } from '../../../src/watch/books/group-book.js';
import { pollOnce } from '../../../src/watch/poll-once.js';
import type { PollDeps } from '../../../src/watch/poll-deps.js';
import { NO_ALERT_METRICS } from '../../../src/watch/ports.js';
import { claimReminder, type ReminderSettings } from '../../../src/watch/reminders.js';
import { createWatchService, watchBook } from '../../../src/watch/books/watch-book.js';
import { fakeHostingApi, instanceDetail } from '../../support/fake-api.js';
import { postLog } from '../../support/recording-poster.js';

const MIN = 60_000;
const uuidOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const SLACK_GROUP = 'S0ONCALL1';
const DISCORD_ROLE = '112233445566778899';

/** `count` watched servers in one channel polled by two replicas on one store, with a clock the test moves. */
async function channel(
  options: {
    count?: number;
    platform?: Platform;
    renotifyMs?: number;
    oncall?: string;
    host?: string;
    language?: Locale;
  } = {},
) {
  const { count = 1, platform = 'slack' } = options;
  const store = createMemoryStore();
  if (options.language)
    await setChannelLocale(store, platform, 'C1', { locale: options.language, setBy: 'U1', at: 0 });
  const service = createWatchService(store);
  const by = { platform, userId: 'U1', displayName: 'oscar' };
  const host = (n: number) => options.host ?? `node-${n}`;
  for (let n = 1; n <= count; n += 1)
    await service.set(platform, 'C1', { instance: { uuid: uuidOf(n), label: host(n) } }, by);
  let status = 'Running';
  const api = fakeHostingApi({
    instances: {
      async detail(uuid: string) {
        return instanceDetail({ uuid, hostname: host(Number(uuid.slice(-12))), status });
      },
    },
  });
  const log = postLog(platform);
  const book = watchBook(store);
  let clock = 1_700_000_000_000;
  const reminders: ReminderSettings = {
    locale: 'en',
    ...(options.oncall ? { oncall: () => options.oncall } : {}),
  };
  const replica = (name: string): PollDeps => ({
    api,
    store,
    book,
    poster: log.poster(name),
    metrics: NO_ALERT_METRICS,
    now: () => clock,
    groups: groupBook(store, 30_000),
    rules: { unreachableAfter: 2, samples: 3, renotifyMs: options.renotifyMs ?? 30 * MIN },
    reminders,
    warn() {},
  });
  const replicas = [replica('r1'), replica('r2')];
  const watches = await book.watches.list();
  // Each poll round, every watch is polled by BOTH replicas (a lease handed over mid-round).
  const pollAll = async (advanceMs: number) => {
    clock += advanceMs;
    for (const w of watches) for (const r of replicas) await pollOnce(r, w);
  };
  const reminders_ = () =>
    log.entries.filter((e) => e.kind === 'post' && /not acknowledged yet/.test(e.message.summary ?? ''));
  return {
    log,
    book,
    watches,
    pollAll,
    reminders: reminders_,
    fail: () => (status = 'Error'),
    recover: () => (status = 'Running'),
    now: () => clock,
  };
}

const oncallLine = (m: Message) => m.blocks.find((b) => b.type === 'context');

describe('re-notification', () => {
  it('reminds about an unacknowledged alert once per period, even when two replicas poll it', async () => {
    const c = await channel();
    c.fail();
    await c.pollAll(MIN);
    for (let i = 0; i < 29; i += 1) await c.pollAll(MIN);
    expect(c.reminders()).toHaveLength(0);
    await c.pollAll(MIN); // 30 min after opening
    expect(c.reminders()).toHaveLength(1);
    for (let i = 0; i < 29; i += 1) await c.pollAll(MIN);
    expect(c.reminders()).toHaveLength(1);
    await c.pollAll(MIN); // 60 min
    expect(c.reminders()).toHaveLength(2);
    expect(c.reminders()[0]!.message.summary).toMatch(/node-1: needs attention for 30 min/);
  });

  it('stops reminding once acknowledged, and after recovery', async () => {
    const c = await channel();
    c.fail();
    await c.pollAll(MIN);
    const [watch] = c.watches;
    const state = (await c.book.alerts.get(watch!.id))!;
    acknowledge(state, 'status', 'oscar', c.now());
    await c.book.alerts.put(watch!.id, state);
    for (let i = 0; i < 70; i += 1) await c.pollAll(MIN);
    expect(c.reminders()).toHaveLength(0);

    const d = await channel();
    d.fail();
    await d.pollAll(MIN);
    d.recover();
    await d.pollAll(MIN);
    d.fail(); // a new incident later starts its own clock
    for (let i = 0; i < 20; i += 1) await d.pollAll(MIN);
    d.recover();
    for (let i = 0; i < 60; i += 1) await d.pollAll(MIN);
    expect(d.reminders()).toHaveLength(0);
  });

  it('is off with a period of 0', async () => {
    const c = await channel({ renotifyMs: 0 });
    c.fail();
    for (let i = 0; i < 100; i += 1) await c.pollAll(MIN);
    expect(c.reminders()).toHaveLength(0);
  });

  it('reminds a storm group once per period for all its members', async () => {
    const c = await channel({ count: 6 });
    c.fail();
    await c.pollAll(1000);
    for (let i = 0; i < 31; i += 1) await c.pollAll(MIN);
    const posts = c.log.entries.filter((e) => e.kind === 'post');
    const reminders = posts.filter((e) => /still failing after/.test(e.message.summary ?? ''));
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.message.summary).toMatch(
      /^6 servers of the storm \(status Error\) still failing after 30 min/,
    );
    // Nothing else: the group card, then the one group reminder.
    expect(posts).toHaveLength(2);
  });

  it('reminds a storm group in its channel’s language (`language id`), not the deployment’s', async () => {
    const c = await channel({ count: 6, language: 'id', oncall: SLACK_GROUP });
    c.fail();
    await c.pollAll(1000);
    for (let i = 0; i < 31; i += 1) await c.pollAll(MIN);
    const posts = c.log.entries.filter((e) => e.kind === 'post');
    const reminders = posts.filter((e) => /masih gagal setelah/.test(e.message.summary ?? ''));
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.message.summary).toMatch(/^6 server dalam badai .* masih gagal setelah 30 menit/);
    expect(oncallLine(reminders[0]!.message)).toMatchObject({ text: 'Piket: @tim piket' });
  });

  it('stops reminding a storm group once its card (its first member’s) is acknowledged', async () => {
    const c = await channel({ count: 6 });
    c.fail();
    await c.pollAll(1000);
    for (const watch of c.watches) {
      const state = (await c.book.alerts.get(watch.id))!;
      const group = state.open.status?.group;
      // The opener's id is in the group id (storm-groups.ts groupId).
      if (group?.includes(watch.id)) {
        acknowledge(state, 'status', 'oscar', c.now());
        await c.book.alerts.put(watch.id, state);
      }
    }
    for (let i = 0; i < 31; i += 1) await c.pollAll(MIN);
    const posts = c.log.entries.filter((e) => e.kind === 'post');
    expect(posts.filter((e) => /still failing after/.test(e.message.summary ?? ''))).toHaveLength(0);
  });

  it('mentions the channel’s on-call user group on Slack, and nothing a hostname says', async () => {
    const c = await channel({ oncall: SLACK_GROUP, host: 'web-<!subteam^S0EVIL1>-<!here>' });
    c.fail();
    for (let i = 0; i < 31; i += 1) await c.pollAll(MIN);
    const [reminder] = c.reminders();
    expect(oncallLine(reminder!.message)).toMatchObject({ text: 'On call: @on-call' });
    const json = JSON.stringify(renderSlack(reminder!.message));
    expect(json).toContain(`<!subteam^${SLACK_GROUP}>`);
    expect(json).not.toContain('<!subteam^S0EVIL1>');
    expect(json).not.toContain('<!here>');
  });

  it('pings only the on-call role on Discord, from the content, with allowed_mentions limited to it', async () => {
    const c = await channel({
      platform: 'discord',
      oncall: DISCORD_ROLE,
      host: 'web-<@&998877665544332211>',
    });
    c.fail();
    for (let i = 0; i < 31; i += 1) await c.pollAll(MIN);
    const [reminder] = c.reminders();
    const { body } = toRestBody(renderDiscord(reminder!.message));
    expect(body['allowed_mentions']).toEqual({ parse: [], roles: [DISCORD_ROLE] });
    expect(body['content']).toContain(`<@&${DISCORD_ROLE}>`);
    expect(JSON.stringify(body)).not.toMatch(/<@&998877665544332211>/);
    // Without an on-call team nothing may ping.
    const plain = toRestBody(
      renderDiscord({ ...reminder!.message, blocks: reminder!.message.blocks.slice(0, 1) }),
    );
    expect(plain.body['allowed_mentions']).toEqual({ parse: [] });
  });

  it('claims each period once across callers', async () => {
    const store = createMemoryStore();
    const claims = await Promise.all(
      [1, 2, 3].map(() => claimReminder(store.ephemeral, 'w:status:0', 0, 30 * MIN, 30 * MIN)),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimReminder(store.ephemeral, 'w:status:0', 0, 60 * MIN, 30 * MIN)).toBe(true);
  });
});
