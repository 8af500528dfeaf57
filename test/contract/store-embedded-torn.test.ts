// A journal append that fails part-way (disk full mid-write) must not take later acknowledged
// writes with it: the torn bytes are cut off, so the next batch starts on a line of its own.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openEmbeddedStore } from '../../src/store/embedded/embedded-store.js';

describe('embedded store: a torn append', () => {
  it.each([
    ['the fragment is cut off', false],
    ['even the cut fails (the next write rewrites the journal whole)', true],
  ])('keeps every write acknowledged after it readable at the next open: %s', async (_, cutFails) => {
    const dir = await mkdtemp(join(tmpdir(), 'vpsops-store-'));
    let tearNext = false;
    try {
      const store = await openEmbeddedStore(dir, {
        appendLines: async (handle, text) => {
          if (!tearNext) return handle.appendFile(text);
          tearNext = false;
          // Shadows the handle's own truncate for this one failure.
          if (cutFails)
            handle.truncate = () => Promise.reject(Object.assign(new Error('EIO'), { code: 'EIO' }));
          await handle.appendFile(text.slice(0, Math.floor(text.length / 2)));
          throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
        },
      });
      try {
        await store.bindings.put('slack:C0', { uuid: 'u0', label: 'before' });
        tearNext = true;
        await expect(store.bindings.put('slack:C1', { uuid: 'u1', label: 'torn' })).rejects.toMatchObject({
          code: 'STORE_WRITE_REFUSED',
        });
        await store.bindings.put('slack:C2', { uuid: 'u2', label: 'after-1' });
        await store.bindings.put('slack:C3', { uuid: 'u3', label: 'after-2' });
      } finally {
        await store.close();
      }
      const reopened = await openEmbeddedStore(dir);
      try {
        expect(await reopened.bindings.get('slack:C0')).toEqual({ uuid: 'u0', label: 'before' });
        expect(await reopened.bindings.get('slack:C1')).toBeNull();
        expect(await reopened.bindings.get('slack:C2')).toEqual({ uuid: 'u2', label: 'after-1' });
        expect(await reopened.bindings.get('slack:C3')).toEqual({ uuid: 'u3', label: 'after-2' });
        expect(reopened.faults?.()).toMatchObject({ corruptRecords: 0, dataLosses: 0 });
      } finally {
        await reopened.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
