// Seen ids: remembered per kind from API results, bounded (the least recently seen go first),
// completed by id or label prefix, and suggested when an id is cut off or mistyped.
import { describe, expect, it } from 'vitest';
import {
  closestSeenIds,
  completeSeenIds,
  MAX_SEEN_PER_KIND,
  rememberSeenIds,
} from '../../../../src/core/instances/seen-ids.js';
import { createMemoryStore } from '../../../../src/store/memory/table-store.js';
import { withSeenIdSuggestion } from '../../../../src/core/instances/seen-id-hints.js';
import { UserError } from '../../../../src/core/errors.js';
import { renderText } from '../../../../src/render/text.js';

const A = '0d4f1a5e-3b7c-4e8a-9f21-6c5d4b3a2e10';
const B = '5a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

describe('seen ids', () => {
  it('completes by id prefix or label, per kind, and names the id in the choice', async () => {
    const store = createMemoryStore();
    await rememberSeenIds(
      store,
      'snapshot',
      [
        { id: A, label: 'nightly' },
        { id: B, label: 'pre-deploy' },
      ],
      1,
    );
    expect(await completeSeenIds(store, 'snapshot', '5A1B')).toEqual([
      { name: `pre-deploy (snapshot · ${B})`, value: B },
    ]);
    expect((await completeSeenIds(store, 'snapshot', 'night')).map((c) => c.value)).toEqual([A]);
    expect(await completeSeenIds(store, 'backup', '')).toEqual([]);
  });

  it('keeps at most MAX_SEEN_PER_KIND ids, dropping the least recently seen', async () => {
    const store = createMemoryStore();
    const many = Array.from({ length: MAX_SEEN_PER_KIND }, (_, n) => ({ id: uuid(n) }));
    await rememberSeenIds(store, 'ip', many, 1);
    await rememberSeenIds(store, 'ip', [{ id: A }], 2);
    const kept = await store.collection<{ id: string }>('seen-ids:ip').list();
    expect(kept).toHaveLength(MAX_SEEN_PER_KIND);
    expect(kept.map((k) => k.id)).toContain(A);
  });

  it('suggests the closest ids for a cut-off or mistyped id, never the id itself', async () => {
    const store = createMemoryStore();
    await rememberSeenIds(store, 'network', [{ id: A }, { id: B }], 1);
    expect(await closestSeenIds(store, 'network', '5a1b2c3d-4e5f')).toEqual([B]);
    expect(await closestSeenIds(store, 'network', `${A.slice(0, -1)}1`)).toEqual([A]);
    expect(await closestSeenIds(store, 'network', A)).toEqual([]);
    expect(await closestSeenIds(store, 'network', uuid(42))).toEqual([]);
  });
});

describe('the "did you mean" line under a malformed id', () => {
  it('names the close seen ids in the asker’s language', async () => {
    const store = createMemoryStore();
    await rememberSeenIds(store, 'network', [{ id: A }, { id: B }], 1);
    const error = new UserError('invalid-argument', 'bad id');
    error.badId = { kind: 'network', given: '5a1b2c3d-4e5f' };
    const refusal = { title: 'Invalid argument', tone: 'error' as const, blocks: [] };
    expect(renderText(await withSeenIdSuggestion(store, refusal, error, 'en'))).toContain(
      `Did you mean ${B}? (network ids seen recently)`,
    );
    expect(renderText(await withSeenIdSuggestion(store, refusal, error, 'id'))).toContain(
      `Maksud Anda ${B}? (id network yang baru-baru ini terlihat)`,
    );
  });
});

describe('seen ids writes', () => {
  it('does not write an id seen again soon with the same label', async () => {
    const store = createMemoryStore();
    const seen = store.collection<{ id: string }>('seen-ids:backup');
    let puts = 0;
    const put = seen.put.bind(seen);
    store.collection = (() => ({
      ...seen,
      put: async (id: string, v: { id: string }) => ((puts += 1), put(id, v)),
    })) as never;
    await rememberSeenIds(
      store,
      'backup',
      [
        { id: A, label: 'x' },
        { id: B, label: 'y' },
      ],
      1_000,
    );
    expect(puts).toBe(2);
    await rememberSeenIds(
      store,
      'backup',
      [
        { id: A, label: 'x' },
        { id: B, label: 'renamed' },
      ],
      2_000,
    );
    expect(puts).toBe(3);
    await rememberSeenIds(store, 'backup', [{ id: A, label: 'x' }], 2_000 + 60 * 60_000);
    expect(puts).toBe(4);
  });
});
