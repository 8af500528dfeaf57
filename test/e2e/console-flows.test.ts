// Confirmation prompts, Tab completion and history of the real console against the embedded
// simulator: what the operator types decides whether the hosting API is ever called.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SEED_IDS } from '../../src/simulator/seed-ids.js';
import { startConsoleSession, type ConsoleSession } from '../support/console-session.js';

const I = SEED_IDS.instances;
let session: ConsoleSession | undefined;
afterEach(async () => {
  await session?.close();
  session = undefined;
});

async function open(options: Parameters<typeof startConsoleSession>[0] = {}): Promise<ConsoleSession> {
  session = await startConsoleSession(options);
  return session;
}

describe('console confirmations', () => {
  it('stops the instance only after y at the Confirm? prompt', async () => {
    const s = await open();
    const preview = await s.send('/vps instance stop web-1');
    expect(preview).toMatch(/Stop web-1\?/);
    expect(preview).toMatch(/Confirm\? \[y\/N\] $/);
    expect(s.app.simulator!.countRequests('instance.stop')).toBe(0);
    const result = await s.send('y');
    expect(result).toMatch(/Stop requested for web-1/);
    expect(result).toMatch(/Confirmed by @alice/);
    expect(s.app.simulator!.state.getInstance(I.web1)?.status).toBe('Stopped');
  });

  it('cancels on n and never calls the API', async () => {
    const s = await open();
    await s.send('instance stop web-1');
    const result = await s.send('n');
    expect(result).toMatch(/Cancelled by @alice/);
    expect(s.app.simulator!.countRequests('instance.stop')).toBe(0);
    expect(s.app.simulator!.state.getInstance(I.web1)?.status).toBe('Running');
  });

  it('deletes only when the hostname is typed back', async () => {
    const s = await open();
    const preview = await s.send('instance delete web-1 --remove-ip');
    expect(preview).toMatch(/Type web-1 to delete it \(or press Enter to cancel\): $/);
    const result = await s.send('web-1');
    expect(result).toMatch(/Delete requested for web-1/);
    expect(s.app.simulator!.countRequests('instance.delete')).toBe(1);
    expect(s.app.simulator!.state.getInstance(I.web1)?.status ?? 'gone').toMatch(/Terminating|gone/);
  });

  it('refuses a wrong hostname, asks again, and cancels on Enter without touching the instance', async () => {
    const s = await open();
    await s.send('instance delete web-1');
    const wrong = await s.send('web-2');
    expect(wrong).toMatch(/does not match/);
    expect(wrong).toMatch(/Type web-1 to delete it/);
    const cancelled = await s.send('');
    expect(cancelled).toMatch(/Cancelled by @alice/);
    expect(cancelled).toMatch(/vps> $/);
    expect(s.app.simulator!.countRequests('instance.delete')).toBe(0);
    expect(s.app.simulator!.state.getInstance(I.web1)?.status).toBe('Running');
  });

  it('shows a viewer the denial instead of a prompt', async () => {
    const s = await open({ user: 'bob' });
    const denied = await s.send('instance stop web-1');
    expect(denied).not.toMatch(/Confirm\?/);
    expect(denied).toMatch(/viewer|not allowed|denied/i);
    expect(s.app.simulator!.countRequests('instance.stop')).toBe(0);
  });
});

describe('console follow-up of long operations', () => {
  it("prints the tracker's final line under the card once the instance is Stopped, and redraws the prompt", async () => {
    const s = await open({ env: { VPSOPS_TRACK_POLL_MIN_MS: '20', VPSOPS_TRACK_POLL_MAX_MS: '50' } });
    await s.send('instance stop web-1');
    await s.send('y');
    const transcript = await s.waitFor(/done in/);
    const tail = transcript.slice(transcript.lastIndexOf('Stop requested for web-1'));
    expect(tail).toMatch(/web-1.*done in/);
    expect(tail.match(/Stop requested for web-1/g)).toHaveLength(1);
    expect(await s.send('whoami')).toMatch(/Role\s+admin/);
  });
});

describe('console completion and history', () => {
  it('completes command paths, flags and instance names', async () => {
    const s = await open();
    expect(await s.repl.complete('inst')).toEqual([['instance '], 'inst']);
    expect(await s.repl.complete('/vps instance sto')).toEqual([['stop '], 'sto']);
    expect(await s.repl.complete('/vps instance st')).toEqual([['start', 'stop'], 'st']);
    expect(await s.repl.complete('instance delete web-1 --remove-i')).toEqual([
      ['--remove-ip '],
      '--remove-i',
    ]);
    expect(await s.repl.complete('instance metrics web-1 --period w')).toEqual([['week '], 'w']);
    const [hosts] = await s.repl.complete('instance show web');
    expect(hosts).toEqual(expect.arrayContaining(['web-1', 'web-2']));
  });

  it('writes typed commands, not confirmation answers, to the history file', async () => {
    const s = await open();
    await s.send('whoami');
    await s.send('instance stop web-1');
    await s.send('n');
    await s.send('vps help instance');
    const history = readFileSync(join(s.dataDir, 'console_history'), 'utf8');
    expect(history).toBe('whoami\ninstance stop web-1\nvps help instance\n');
  });
});
