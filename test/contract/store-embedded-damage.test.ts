// Damage to the embedded store's journal is said, not only counted (issue 44 item 18): damaged lines
// are logged with their count and the file kept aside; a journal cut at a line boundary (which
// leaves every remaining line valid) is found from the mark beside it and reported as data loss;
// a bare JSON line slipped into a checksummed journal is refused like any damaged line; journals of
// earlier versions still open.
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../src/app/create-app.js';
import { loadConfig } from '../../src/app/config/load.js';
import { openEmbeddedStore } from '../../src/store/embedded/embedded-store.js';
import { JOURNAL_FILE } from '../../src/store/embedded/journal-file.js';
import { captureLogs } from '../support/capture-logs.js';
import { pendingFor } from './store-contract.js';

const tempDir = () => mkdtemp(join(tmpdir(), 'vpsops-journal-'));

/** The app's logger over memory, and what it logged so far. */
function capture() {
  const { logger, records } = captureLogs();
  return { logger, logged: records };
}

/** A data dir whose journal holds six pending previews and one binding. */
async function journalOfSix(dir: string): Promise<string[]> {
  const at = Date.now();
  const store = await openEmbeddedStore(dir);
  await store.bindings.put('slack:C1', { uuid: 'u1', label: 'web-1' });
  for (let i = 1; i <= 6; i += 1) await store.pending.put(pendingFor(`t${i}`, at));
  await store.close();
  return (await readFile(join(dir, JOURNAL_FILE), 'utf8')).split('\n').filter(Boolean);
}

describe('embedded journal damage', () => {
  it('reports a journal cut at a line boundary as data loss, and voids what is left pending', async () => {
    const dir = await tempDir();
    try {
      const lines = await journalOfSix(dir);
      await writeFile(join(dir, JOURNAL_FILE), lines.slice(0, Math.ceil(lines.length / 2)).join('\n') + '\n');
      const { logger, logged } = capture();
      const store = await openEmbeddedStore(dir, { logger });
      try {
        expect(store.faults?.()).toMatchObject({ dataLosses: 1, corruptRecords: 0 });
        const loss = logged().find((l) => /data loss/.test(String(l.msg)));
        expect(loss).toMatchObject({ level: 50, missingLines: 4, voidedConfirmations: 2 });
        expect(await store.pending.get('t1')).toMatchObject({ status: 'used', usedBy: 'state-check' });
        expect(await store.pending.get('t6')).toBeNull();
        expect(await store.pending.take('t2', 'slack:U1', Date.now(), 'confirmed')).toBeNull();
      } finally {
        await store.close();
      }
      // Said once: the next open finds a whole journal.
      const again = capture();
      const reopened = await openEmbeddedStore(dir, { logger: again.logger });
      expect(reopened.faults?.()).toMatchObject({ dataLosses: 0, corruptRecords: 0 });
      await reopened.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('reports a journal cut in the middle of a line as a torn line and data loss', async () => {
    const dir = await tempDir();
    try {
      await journalOfSix(dir);
      const raw = await readFile(join(dir, JOURNAL_FILE));
      await writeFile(join(dir, JOURNAL_FILE), raw.subarray(0, Math.floor(raw.length / 2)));
      const store = await openEmbeddedStore(dir);
      try {
        expect(store.faults?.()).toMatchObject({ dataLosses: 1, corruptRecords: 1 });
      } finally {
        await store.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses a bare JSON line inside a checksummed journal, and a line that breaks the chain', async () => {
    const dir = await tempDir();
    try {
      const lines = await journalOfSix(dir);
      const bare = JSON.stringify({ t: 'bindings', k: 'slack:C9', v: { uuid: 'u9', label: 'evil' } });
      // A line moved from elsewhere keeps a valid checksum of its own but not its place in the chain.
      const moved = lines[2]!;
      await writeFile(
        join(dir, JOURNAL_FILE),
        [...lines.slice(0, 2), ...lines.slice(3), moved, bare].join('\n') + '\n',
      );
      const { logger, logged } = capture();
      const store = await openEmbeddedStore(dir, { logger });
      try {
        expect(await store.bindings.get('slack:C9')).toBeNull();
        expect(store.faults?.()).toMatchObject({ corruptRecords: 3 });
        const said = logged().find((l) => /torn or corrupt/.test(String(l.msg)));
        expect(said).toMatchObject({ level: 50, corruptLines: 3 });
        expect(String(said?.msg)).toContain(String(said?.keptAs));
        expect((await readdir(dir)).some((name) => name === (said?.keptAs as string).split('/').pop())).toBe(
          true,
        );
      } finally {
        await store.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('still opens journals of earlier versions: bare lines before checksums, and one checksum per line', async () => {
    const at = Date.now();
    const sum = (json: string) => createHash('sha256').update(json).digest('hex').slice(0, 12);
    const json = (token: string) => JSON.stringify({ t: 'pending', k: token, v: pendingFor(token, at) });
    const bareDir = await tempDir();
    const summedDir = await tempDir();
    try {
      await writeFile(join(bareDir, JOURNAL_FILE), `${json('b1')}\n${json('b2')}\n`);
      const bareOnly = await openEmbeddedStore(bareDir);
      expect(await bareOnly.pending.get('b2')).toMatchObject({ status: 'pending' });
      expect(bareOnly.faults?.()).toMatchObject({ corruptRecords: 0, dataLosses: 0 });
      await bareOnly.close();
      // One checksum per line: its checksummed lines are kept, a bare line among them is refused.
      await writeFile(join(summedDir, JOURNAL_FILE), `${sum(json('c1'))}\t${json('c1')}\n${json('c2')}\n`);
      const summed = await openEmbeddedStore(summedDir);
      expect(await summed.pending.get('c1')).toMatchObject({ status: 'used', usedBy: 'state-check' });
      expect(await summed.pending.get('c2')).toBeNull();
      expect(summed.faults?.()).toMatchObject({ corruptRecords: 1, dataLosses: 0 });
      await summed.close();
    } finally {
      await rm(bareDir, { recursive: true, force: true });
      await rm(summedDir, { recursive: true, force: true });
    }
  });

  it('says the damage in the log of an app started on the data dir', async () => {
    const dir = await tempDir();
    try {
      const lines = await journalOfSix(dir);
      await writeFile(join(dir, JOURNAL_FILE), [...lines, 'garbage'].join('\n') + '\n');
      const { logger, logged } = capture();
      const app = await createApp(loadConfig({ VPSOPS_DATA_DIR: dir, LOG_LEVEL: 'info' }), {
        logger,
        charts: null,
        tracker: null,
      });
      try {
        expect(logged().find((l) => /torn or corrupt/.test(String(l.msg)))).toMatchObject({
          corruptLines: 1,
          voidedConfirmations: 6,
        });
      } finally {
        await app.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
