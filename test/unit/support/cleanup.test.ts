// The clean-up helpers tests rely on when they fail: every stop step runs even after one throws,
// and a reaper kills the children a failed test left running (and forgets those that exited).
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { childReaper, stopAll } from '../../support/cleanup.js';

describe('stopAll', () => {
  it('runs every step after a failing one, then throws the first error', async () => {
    const ran: string[] = [];
    const failing = stopAll(
      () => ran.push('a'),
      () => {
        throw new Error('first');
      },
      async () => {
        ran.push('c');
        throw new Error('second');
      },
      () => ran.push('d'),
    );
    await expect(failing).rejects.toThrow('first');
    expect(ran).toEqual(['a', 'c', 'd']);
  });
});

describe('childReaper', () => {
  it('kills a child still running and leaves one that exited alone', async () => {
    const reaper = childReaper();
    const stuck = reaper.track(spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)']));
    const done = reaper.track(spawn(process.execPath, ['-e', '0']));
    await new Promise((resolve) => done.once('exit', resolve));
    await reaper.reap();
    expect(stuck.signalCode).toBe('SIGKILL');
    expect(done.exitCode).toBe(0);
    await reaper.reap();
  });
});
