// The store contract against the embedded store (journal in the data dir), plus what only it has:
// data survives a reopen, a torn or corrupt line is reported and never leaves a confirmation
// pending, a refused journal write changes nothing, one process per data dir, a bounded journal,
// and the old state.json imported once.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { appendFile, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { once } from 'node:events';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/core/errors.js';
import { StoreUnavailableError } from '../../src/core/store-errors.js';
import { createLogger } from '../../src/logger.js';
import { openEmbeddedStore } from '../../src/store/embedded/embedded-store.js';
import { JOURNAL_FILE } from '../../src/store/embedded/journal-file.js';
import { describeStoreContract, pendingFor } from './store-contract.js';

const HOLDER = fileURLToPath(new URL('../support/hold-data-dir.ts', import.meta.url));
const tempDir = () => mkdtemp(join(tmpdir(), 'vpsops-store-'));

describeStoreContract('embedded', async ({ now }) => {
  const dir = await tempDir();
  const store = await openEmbeddedStore(dir, { now });
  return {
    store,
    cleanup: async () => {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
});

describe('embedded store specifics', () => {
  it('reports a torn line loudly, keeps the file aside and treats every pending confirmation as used', async () => {
    const dir = await tempDir();
    try {
      const at = Date.now();
      const first = await openEmbeddedStore(dir);
      await first.pending.put(pendingFor('t1', at));
      await first.pending.put(pendingFor('t2', at));
      await first.pending.take('t2', 'slack:U1', at, 'cancelled');
      await first.bindings.put('slack:C1', { uuid: 'u1', label: 'web-1' });
      await first.close();
      // A torn `used` line: the take of t1 may have happened.
      await appendFile(
        join(dir, JOURNAL_FILE),
        '0123456789ab\t{"t":"pending","k":"t1","v":{"token":"t1","status":"us',
      );
      const logged: string[] = [];
      const sink = new Writable({
        write(chunk: Buffer, _enc, done) {
          logged.push(chunk.toString());
          done();
        },
      });
      const logger = createLogger({ level: 'error', destination: sink });
      const second = await openEmbeddedStore(dir, { logger });
      try {
        expect(await second.pending.get('t1')).toMatchObject({ status: 'used', usedBy: 'state-check' });
        expect(await second.pending.take('t1', 'slack:U1', at, 'confirmed')).toBeNull();
        expect(await second.pending.get('t2')).toMatchObject({ status: 'used', resolution: 'cancelled' });
        expect(await second.pending.count()).toBe(0);
        expect(await second.bindings.list()).toEqual([{ uuid: 'u1', label: 'web-1' }]);
        expect(second.faults?.()).toMatchObject({ corruptRecords: 1 });
        expect((await readdir(dir)).some((name) => name.startsWith(`${JOURNAL_FILE}.corrupt-`))).toBe(true);
        expect(logged.some((line) => /"level":50.*torn or corrupt/.test(line))).toBe(true);
      } finally {
        await second.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('writes the journal before memory: a refused write answers "can\'t write" and changes nothing', async () => {
    const dir = await tempDir();
    let diskFull = false;
    const store = await openEmbeddedStore(dir, {
      appendLines: async (handle, text) => {
        if (diskFull) throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
        await handle.appendFile(text);
      },
    });
    try {
      const at = Date.now();
      await store.pending.put(pendingFor('t1', at));
      await store.ping();
      diskFull = true;
      const error = await store.pending.take('t1', 'slack:U1', at, 'confirmed', 'click-1').then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(StoreUnavailableError);
      expect(error).toMatchObject({ code: 'STORE_WRITE_REFUSED', mayHaveApplied: false });
      expect((error as Error).message).toContain("can't write");
      expect(await store.pending.get('t1')).toMatchObject({ status: 'pending' });
      await expect(store.ping()).rejects.toMatchObject({ code: 'STORE_WRITE_REFUSED' });
      expect(store.faults?.()).toMatchObject({ writeFailures: 2 });
      diskFull = false;
      expect(await store.pending.take('t1', 'slack:U1', at, 'confirmed', 'click-2')).toMatchObject({
        status: 'pending',
      });
      expect(await store.pending.get('t1')).toMatchObject({ status: 'used', takeId: 'click-2' });
      await store.ping();
    } finally {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('keeps every kind of record across a reopen', async () => {
    const dir = await tempDir();
    try {
      const at = Date.now();
      const first = await openEmbeddedStore(dir);
      await first.pending.put(pendingFor('t1', at));
      await first.pending.put(pendingFor('t2', at));
      await first.pending.take('t2', 'slack:U1', at, 'cancelled');
      await first.bindings.put('slack:C1', { uuid: 'u1', label: 'web-1' });
      await first.hostnames.remember('U1', 'Web-1');
      await first.collection('watches').put('w1', { every: 5 });
      await first.close();
      const second = await openEmbeddedStore(dir);
      try {
        expect(await second.pending.get('t1')).toEqual(pendingFor('t1', at));
        expect(await second.pending.get('t2')).toMatchObject({ status: 'used', resolution: 'cancelled' });
        expect(await second.pending.count()).toBe(1);
        expect(await second.bindings.list()).toEqual([{ uuid: 'u1', label: 'web-1' }]);
        expect(await second.hostnames.uuidsOf('web-1')).toEqual(['u1']);
        expect(await second.collection('watches').get('w1')).toEqual({ every: 5 });
      } finally {
        await second.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses a second process the same data dir, naming the holder, until it is gone', async () => {
    const dir = await tempDir();
    const holder = spawn(process.execPath, ['--import', 'tsx', HOLDER, dir], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const [line] = (await once(holder.stdout, 'data')) as [Buffer];
      expect(line.toString()).toContain('ready');
      const error = await openEmbeddedStore(dir).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toContain(`pid ${holder.pid}`);
      expect((error as Error).message).toContain('REDIS_URL');
      holder.kill('SIGKILL');
      await once(holder, 'exit');
      const store = await openEmbeddedStore(dir);
      await store.close();
    } finally {
      holder.kill('SIGKILL');
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('keeps the journal bounded by compacting it after many writes', async () => {
    const dir = await tempDir();
    try {
      const store = await openEmbeddedStore(dir);
      for (let i = 0; i < 5000; i += 1)
        await store.bindings.put(`slack:C${i % 10}`, { uuid: `u${i}`, label: 'x' });
      expect(store.journalLines()).toBeLessThanOrEqual(2 * 10 + 1001);
      await store.close();
      const lines = (await readFile(join(dir, JOURNAL_FILE), 'utf8')).split('\n').filter(Boolean);
      expect(lines.length).toBeLessThanOrEqual(2 * 10 + 1001);
      const reopened = await openEmbeddedStore(dir);
      expect(reopened.journalLines()).toBe(10);
      expect(await reopened.bindings.get('slack:C9')).toEqual({ uuid: 'u4999', label: 'x' });
      await reopened.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('writes a burst of concurrent changes as whole lines and keeps every one across a reopen', async () => {
    const dir = await tempDir();
    try {
      const at = Date.now();
      const store = await openEmbeddedStore(dir);
      const tokens = Array.from({ length: 400 }, (_, i) => `burst-${i}`);
      await Promise.all(
        tokens.map(async (token) => {
          await store.pending.put(pendingFor(token, at));
          expect(
            await store.pending.attachCard(token, { platform: 'slack', channelId: 'C1', id: token }),
          ).toBe(true);
        }),
      );
      await store.close();
      const lines = (await readFile(join(dir, JOURNAL_FILE), 'utf8')).split('\n').filter(Boolean);
      expect(lines.every((line) => /^[0-9a-f]{12}\t\{"t":/.test(line))).toBe(true);
      const reopened = await openEmbeddedStore(dir);
      try {
        expect(await reopened.pending.count()).toBe(400);
        expect(await reopened.pending.get('burst-399')).toMatchObject({ cardRef: { id: 'burst-399' } });
      } finally {
        await reopened.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('imports the state.json of earlier versions once', async () => {
    const dir = await tempDir();
    try {
      const at = Date.now();
      const legacy = {
        pending: { t1: pendingFor('t1', at) },
        bindings: { 'slack:C1': { uuid: 'u1', label: 'web-1' } },
        hostnames: { u1: 'web-1' },
        operations: {},
      };
      await writeFile(join(dir, 'state.json'), JSON.stringify(legacy));
      const store = await openEmbeddedStore(dir);
      try {
        expect(await store.pending.get('t1')).toEqual(pendingFor('t1', at));
        expect(await store.bindings.get('slack:C1')).toEqual({ uuid: 'u1', label: 'web-1' });
        expect(await store.hostnames.hostnameOf('u1')).toBe('web-1');
        expect(existsSync(join(dir, 'state.json'))).toBe(false);
        expect(existsSync(join(dir, 'state.json.imported'))).toBe(true);
      } finally {
        await store.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
