import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../src/core/errors.js';
import {
  createApiCallRecorder,
  summariseCalls,
  type ApiCallEvent,
} from '../../../src/core/audit/api-calls.js';
import { redactArgs } from '../../../src/core/audit/audit.js';
import { openAuditLog } from '../../../src/store/embedded/file-audit-log.js';
import type { AuditRecord } from '../../../src/core/command.js';
import { openEmbeddedStore as openFileStore } from '../../../src/store/embedded/embedded-store.js';
import { createMemoryStore } from '../../../src/store/memory/table-store.js';
import { type PendingConfirmation } from '../../../src/core/store.js';
import { actors, WEB1, WEB2 } from '../../support/core-fakes.js';

const dir = () => mkdtempSync(join(tmpdir(), 'vpsops-store-'));

function pending(token: string, now = Date.now()): PendingConfirmation {
  return {
    token,
    command: 'instance stop',
    args: { instance: { uuid: WEB1, label: 'web-1' } },
    auditArgs: {},
    requester: actors.alice,
    platform: 'slack',
    channelId: 'C1',
    invocationId: 'i1',
    createdAt: now,
    expiresAt: now + 120_000,
    targets: ['web-1'],
    twoPerson: false,
    status: 'pending',
  };
}

function record(channelId: string, command: string): AuditRecord {
  return {
    time: new Date().toISOString(),
    invocationId: 'i',
    platform: 'slack',
    userId: 'U1',
    displayName: 'u',
    channelId,
    command,
    args: {},
    decision: 'allowed',
    result: 'ok',
    durationMs: 1,
  };
}

describe('store', () => {
  it('survives a reopen: bindings, hostnames, pending confirmations and operations', async () => {
    const path = dir();
    const store = await openFileStore(path);
    await store.bindings.put('slack:C1', { uuid: WEB1, label: 'web-1' });
    await store.hostnames.remember(WEB2, 'web-2');
    await store.pending.put(pending('tok1'));
    await store.pending.attachCard('tok1', { platform: 'slack', channelId: 'C1', id: '123.456' });
    await store.operations.put('op1', {
      id: 'op1',
      spec: { kind: 'instance-gone', instanceUuid: WEB1, label: 'web-1', verb: 'terminating' },
      ref: { platform: 'slack', channelId: 'C1', id: '1' },
      actor: actors.alice,
      channelId: 'C1',
      startedAt: 1,
    });
    await store.close();
    const reopened = await openFileStore(path);
    expect(await reopened.bindings.get('slack:C1')).toEqual({ uuid: WEB1, label: 'web-1' });
    expect(await reopened.hostnames.uuidsOf('WEB-2')).toEqual([WEB2]);
    expect((await reopened.pending.get('tok1'))?.cardRef?.id).toBe('123.456');
    expect((await reopened.operations.list()).map((o) => o.id)).toEqual(['op1']);
    await reopened.operations.delete('op1');
    await reopened.bindings.delete('slack:C1');
    await reopened.close();
    const third = await openFileStore(path);
    expect(await third.operations.list()).toEqual([]);
    expect(await third.bindings.get('slack:C1')).toBeNull();
    await third.close();
  });

  it('lets exactly one taker win a pending confirmation', async () => {
    const store = createMemoryStore();
    await store.pending.put(pending('tok'));
    const results = await Promise.all([
      store.pending.take('tok', 'a', 1, 'confirmed'),
      store.pending.take('tok', 'b', 1, 'confirmed'),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect((await store.pending.get('tok'))?.status).toBe('used');
    expect(await store.pending.attachCard('tok', { platform: 'slack', channelId: 'C', id: '1' })).toBe(false);
  });

  it('forgets long-finished confirmations when reopened', async () => {
    const path = dir();
    const store = await openFileStore(path);
    await store.pending.put(pending('old', Date.now() - 10 * 3_600_000));
    await store.pending.put(pending('fresh'));
    await store.close();
    const reopened = await openFileStore(path);
    expect(await reopened.pending.get('old')).toBeNull();
    expect((await reopened.pending.get('fresh'))?.token).toBe('fresh');
    await reopened.close();
  });

  it('refuses a corrupt state file of an earlier version with a clear error', async () => {
    const path = dir();
    writeFileSync(join(path, 'state.json'), '{not json');
    await expect(openFileStore(path)).rejects.toBeInstanceOf(ConfigError);
  });
});

describe('audit log', () => {
  it('appends JSON lines and reads a channel back newest first', async () => {
    const path = dir();
    const audit = await openAuditLog(path);
    await audit.write(record('C1', 'a'));
    await audit.write(record('C2', 'b'));
    await audit.write(record('C1', 'c'));
    expect((await audit.recent('C1', 10)).map((r) => r.command)).toEqual(['c', 'a']);
    expect((await audit.recent('C1', 1)).map((r) => r.command)).toEqual(['c']);
    expect((await audit.recent('C1', 10, 'discord')).length).toBe(0);
    expect(readFileSync(join(path, 'audit.jsonl'), 'utf8').trim().split('\n')).toHaveLength(3);
  });

  it('skips a torn line instead of failing', async () => {
    const path = dir();
    const audit = await openAuditLog(path);
    await audit.write(record('C1', 'a'));
    writeFileSync(join(path, 'audit.jsonl'), `${readFileSync(join(path, 'audit.jsonl'), 'utf8')}{"torn":`);
    expect((await audit.recent('C1', 10)).map((r) => r.command)).toEqual(['a']);
  });

  it('redacts secret arguments', () => {
    const def = { args: { name: { secret: false }, password: { secret: true } } } as never;
    expect(redactArgs(def, { name: 'x', password: 'hunter2' })).toEqual({
      name: 'x',
      password: '[redacted]',
    });
  });
});

describe('api call recorder', () => {
  it('files calls under the invocation that made them, across awaits and concurrent scopes', async () => {
    const recorder = createApiCallRecorder();
    const a: ApiCallEvent[] = [];
    const b: ApiCallEvent[] = [];
    const call = async (endpoint: string, status: number) => {
      await new Promise((resolve) => setImmediate(resolve));
      recorder.onCall({ endpoint, status, durationMs: 2, attempt: 1 });
    };
    await Promise.all([
      recorder.scope(a, async () => {
        await call('instance.detail', 200);
        await call('instance.stop', 409);
      }),
      recorder.scope(b, () => call('instance.detail', 200)),
    ]);
    recorder.onCall({ endpoint: 'outside', durationMs: 1, attempt: 1 });
    expect(a.map((c) => c.endpoint)).toEqual(['instance.detail', 'instance.stop']);
    expect(b.map((c) => c.endpoint)).toEqual(['instance.detail']);
    expect(summariseCalls(a)).toEqual({ apiStatus: 409, apiMs: 4 });
    expect(summariseCalls([])).toEqual({ apiMs: 0 });
  });
});
