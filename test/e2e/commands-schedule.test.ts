// Actions at a time through the command layer (issue 40): `schedule in|at` shows the command's own
// preview and asks its own confirmation now, Confirm stores exactly that one run; the runner (as
// `vpsops serve` starts it) runs it as the requester and posts the result in the channel; reads are
// refused, a schedule needs a runner, `schedules` lists and `unschedule` cancels (requester or admin).
import { afterEach, describe, expect, it } from 'vitest';
import { ACTORS, DEFAULT_POLICY, startHarness, type Harness } from '../support/command-harness.js';
import { postLog } from '../support/recording-poster.js';
import { renderText } from '../../src/render/text.js';
import type { Message } from '../../src/render/message.js';
import { pendingCard } from '../../src/render/buttons.js';
import { waitFor } from '../support/wait-for.js';
import { SEED_IDS } from '../../src/simulator/seed-ids.js';
import type { AuditRecord } from '../../src/core/command.js';
import { scheduleBook } from '../../src/core/schedule/schedule-book.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const WEB1 = SEED_IDS.instances.web1;
let h: Harness | undefined;

afterEach(async () => {
  await h?.close();
  h = undefined;
});

const statusOf = async (harness: Harness) => (await harness.api.instances.detail(WEB1)).status;
const audit = (harness: Harness): AuditRecord[] =>
  readFileSync(join(harness.dataDir, 'audit.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as AuditRecord);

/** Brings schedule `id` to its time now, through the schedule book (set, not waited for). */
async function dueNow(harness: Harness, id: string): Promise<void> {
  const book = scheduleBook(harness.core.store);
  const schedule = await book.get(id);
  expect(schedule).not.toBeNull();
  await book.put(id, { ...schedule!, runAt: Date.now() });
}

/** A harness whose core runs schedules every 50 ms, posting into `log`. */
async function withRunner(env: Record<string, string> = {}, policy?: string) {
  const harness = await startHarness({
    env: { VPSOPS_TIMEZONE: 'Asia/Jakarta', ...env },
    ...(policy ? { policy } : {}),
  });
  const log = postLog('slack');
  harness.core.startSchedules([log.poster('r1')], 50);
  await waitFor(() => harness.core.store.leases.holder('schedules:runner'), 'the runner lease');
  return { harness, log };
}

describe('schedule', { timeout: 30_000 }, () => {
  it('refuses to schedule when no serve runs schedules on the store', async () => {
    h = await startHarness();
    const out = await h.run('schedule in 30m instance stop web-1');
    expect(out.text).toContain('Nothing would run it');
    expect(out.token).toBeUndefined();
    expect(await h.run('schedules').then((o) => o.text)).toContain('Nothing scheduled here');
  });

  it('previews now, stores the one run at Confirm, and runs it at its time as the requester', async () => {
    const { harness, log } = await withRunner();
    h = harness;
    const preview = await h.run('schedule in 1h instance stop web-1');
    expect(preview.token).toBeDefined();
    expect(preview.text).toContain('Not now: this runs at');
    expect(preview.text).toContain('Asia/Jakarta (UTC+07:00)');
    expect(await statusOf(h)).toBe('Running');
    const confirmed = await h.confirm(preview.token!);
    expect(confirmed.text).toContain('Scheduled: instance stop web-1');
    const id = /Id ([0-9a-f]{8})/.exec(confirmed.text)?.[1];
    expect(id).toBeDefined();
    const listed = await h.run('schedules', ACTORS.viewer);
    expect(listed.text).toContain(id!);
    expect(listed.text).toContain('@oscar');
    expect(await statusOf(h)).toBe('Running');
    // At its time: the card in the channel, the stop sent once, as the requester.
    await dueNow(h, id!);
    await waitFor(
      () => log.entries.some((e) => renderText(e.message).includes('Stop requested')),
      'the run',
      10_000,
    );
    const card = log.entries.map((e) => renderText(e.message)).join('\n');
    expect(card).toContain('⏰ Scheduled by @oscar');
    expect(h.sim.countRequests('instance.stop')).toBe(1);
    await waitFor(
      () => audit(h!).some((r) => r.confirmedBy === `schedule:${id}` && r.result === 'ok'),
      'the run’s record',
    );
    const stops = audit(h).filter((r) => r.command === 'instance stop');
    // Scheduled at the click (audited with its time), run later as the requester behind a write-ahead record.
    expect(stops.find((r) => r.summary?.startsWith(`scheduled ${id}`))).toMatchObject({
      result: 'ok',
      userId: 'UOPS',
    });
    const ran = stops.filter((r) => r.confirmedBy === `schedule:${id}`);
    expect(ran.map((r) => [r.userId, r.result])).toEqual([
      ['UOPS', 'calling'],
      ['UOPS', 'ok'],
    ]);
    expect(await h.run('schedules').then((o) => o.text)).toContain('Nothing scheduled here');
  });

  it('takes Discord’s typed options (when, command) as the same schedule, and declares them for registration', async () => {
    const { harness } = await withRunner();
    h = harness;
    const info = h.core.dispatcher.commands().filter((c) => c.group === 'schedule');
    expect(info.map((c) => [c.name, c.args.map((a) => `${a.name}:${a.kind}:${a.required}`)])).toEqual([
      ['in', ['when:string:true', 'command:string:true']],
      ['at', ['when:string:true', 'command:string:true']],
    ]);
    const said: Message[] = [];
    await h.core.dispatcher.dispatch(
      {
        id: 'discord-1',
        platform: 'slack',
        actor: ACTORS.operator,
        channelId: 'C0INCIDENT',
        input: {
          kind: 'options',
          path: ['schedule', 'in'],
          options: { when: '45m', command: 'instance stop web-1' },
        },
      },
      {
        reply: async (message) => (
          said.push(message),
          { platform: 'slack', channelId: 'C0INCIDENT', id: 'd1' }
        ),
        update: async (_ref, message) => void said.push(message),
      },
    );
    expect(said.map((m) => renderText(m)).join('\n')).toContain('Not now: this runs at');
    expect(pendingCard(said.at(-1))?.token).toBeDefined();
  });

  it('asks the typed name and the two-person approval now; the approver is kept and shown', async () => {
    const { harness, log } = await withRunner(
      {},
      `${DEFAULT_POLICY}approvals:\n  two_person: ["instance delete"]\n`,
    );
    h = harness;
    const preview = await h.run('schedule in 1h instance delete web-1');
    expect(preview.text).toContain('Not now: this runs at');
    // The requester cannot approve their own two-person action; the typed name is still asked.
    expect((await h.confirm(preview.token!, ACTORS.operator, 'web-1')).text).not.toContain('Scheduled:');
    expect((await h.confirm(preview.token!, ACTORS.admin, 'web-2')).text).not.toContain('Scheduled:');
    const approved = await h.confirm(preview.token!, ACTORS.admin, 'web-1');
    expect(approved.text).toContain('Scheduled: instance delete web-1');
    expect(approved.text).toContain('approved by @alice');
    const listed = await h.run('schedules');
    expect(listed.text).toMatch(/instance delete web-1.*@oscar.*@alice/s);
    expect(h.sim.countRequests('instance.delete')).toBe(0);
    expect(log.entries).toHaveLength(0);
  });

  it('refuses reads with a hint, and bad times without scheduling anything', async () => {
    const { harness } = await withRunner();
    h = harness;
    const read = await h.run('schedule in 10m instance show web-1');
    expect(read.text).toContain('changes nothing');
    expect(read.text).toContain('Only commands that change something');
    expect((await h.run('schedule in soon instance stop web-1')).text).toContain('is not a duration');
    expect((await h.run('schedule at 2001-01-01T00:00Z instance stop web-1')).text).toContain(
      'has already passed',
    );
    expect((await h.run('schedule at 25:00 instance stop web-1')).text).toContain('is not a time');
    expect((await h.run('schedules')).text).toContain('Nothing scheduled here');
  });

  it('unschedule: not by another operator, by the requester or an admin; it then never runs', async () => {
    const { harness, log } = await withRunner();
    h = harness;
    const preview = await h.run('schedule at 02:00 instance stop web-1');
    expect(preview.text).toContain('02:00 Asia/Jakarta');
    const id = /Id ([0-9a-f]{8})/.exec((await h.confirm(preview.token!)).text)?.[1] ?? '';
    const other = await h.run(`unschedule ${id}`, ACTORS.operator2);
    expect(other.text).toContain('Only @oscar');
    expect((await h.run('schedules')).text).toContain(id);
    const byAdmin = await h.run(`unschedule ${id}`, ACTORS.admin);
    expect(byAdmin.text).toContain('Unscheduled: instance stop web-1');
    expect((await h.run(`unschedule ${id}`)).text).toContain(`No schedule ${id}`);
    expect((await h.run('schedules')).text).toContain('Nothing scheduled here');
    expect(log.entries).toHaveLength(0);
    const unscheduled = audit(h).filter((r) => r.command === 'unschedule');
    expect(unscheduled.map((r) => r.result)).toEqual(['error', 'ok', 'error']);
  });

  it('tells and skips a run whose server is already in the target state', async () => {
    const { harness, log } = await withRunner();
    h = harness;
    const preview = await h.run('schedule in 1h instance stop web-1');
    const id = /Id ([0-9a-f]{8})/.exec((await h.confirm(preview.token!)).text)?.[1] ?? '';
    await h.api.instances.stop(WEB1);
    await waitFor(async () => (await statusOf(h!)) === 'Stopped', 'web-1 stopped by hand');
    const stops = h.sim.countRequests('instance.stop');
    await dueNow(h, id);
    await waitFor(
      () => log.entries.some((e) => renderText(e.message).includes('Skipped')),
      'the skip',
      10_000,
    );
    expect(log.entries.map((e) => renderText(e.message)).join('\n')).toContain('already');
    expect(h.sim.countRequests('instance.stop')).toBe(stops);
  });
});
