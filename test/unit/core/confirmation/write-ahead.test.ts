// The write-ahead audit trail: `calling` is on disk before the hosting API is asked, the outcome
// follows under the same callId, `recent` lists only the outcome, and at start only `calling`
// records older than the configured bound are closed as unknown (interrupted) — a younger one may
// belong to a live replica still waiting on the API.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../../../src/app/config/load.js';
import { interruptedBound } from '../../../../src/app/config/core-variables.js';
import { REPLICA_ID, type AuditLog } from '../../../../src/core/audit/audit.js';
import { openAuditLog } from '../../../../src/store/embedded/file-audit-log.js';
import type { AuditRecord } from '../../../../src/core/command.js';
import { closeInterrupted, INTERRUPTED_LEASE, knownOutcome } from '../../../../src/core/audit/interrupted.js';
import { COLLECTIONS, type CallOutcome, type TrackedOperation } from '../../../../src/core/store.js';
import { createMemoryStore } from '../../../../src/store/memory/table-store.js';
import type { MessageRef, Responder } from '../../../../src/core/ports.js';
import { createLogger, silentLogger } from '../../../../src/logger.js';
import type { Message } from '../../../../src/render/message.js';
import { renderText } from '../../../../src/render/text.js';
import { createMemoryLeases } from '../../../../src/store/memory/memory-leases.js';
import { makeBot, POLICY } from '../../../support/core-fakes.js';
import { callingRecord } from '../../../support/calling-record.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'vpsops-audit-wa-'));
  dirs.push(dir);
  return dir;
}

const lines = (dir: string): AuditRecord[] =>
  readFileSync(join(dir, 'audit.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as AuditRecord);

function calling(callId: string, time: string, extra: Partial<AuditRecord> = {}): AuditRecord {
  return callingRecord(callId, { time, ...extra });
}

function recordingResponder(): Responder & { updates: { ref: MessageRef; message: Message }[] } {
  const updates: { ref: MessageRef; message: Message }[] = [];
  return {
    updates,
    reply: () => Promise.reject(new Error('no replies expected')),
    update: async (ref, message) => void updates.push({ ref, message }),
  };
}

describe('write-ahead audit of a confirmed call', () => {
  it('has `calling` on disk when the handler calls the API, and the outcome after', async () => {
    const { run, act, fake, config } = await makeBot({ policy: POLICY });
    const { token } = await run('instance stop prod-web');
    let seenDuringCall: AuditRecord[] = [];
    const instances = fake.api.instances;
    const stop = instances.stop.bind(instances);
    instances.stop = (uuid) => {
      seenDuringCall = lines(config.dataDir);
      return stop(uuid);
    };
    await act(token!);
    const during = seenDuringCall.at(-1);
    expect(during).toMatchObject({ command: 'instance stop', result: 'calling', replica: REPLICA_ID });
    const after = lines(config.dataDir).at(-1);
    expect(after).toMatchObject({ result: 'ok', callId: during?.callId });
  });
});

describe('AuditLog', () => {
  let log: AuditLog | undefined;
  afterEach(async () => {
    await log?.close();
    log = undefined;
  });

  it('lists an outcome instead of its `calling` record, and a `calling` one while it is open', async () => {
    const dir = tempDir();
    log = await openAuditLog(dir);
    await log.write(calling('a', '2026-01-01T00:00:00.000Z'));
    await log.write(calling('b', '2026-01-01T00:00:01.000Z'));
    await log.write({ ...calling('a', '2026-01-01T00:00:02.000Z'), result: 'ok' });
    const recent = await log.recent('C1', 10);
    expect(recent.map((r) => [r.callId, r.result])).toEqual([
      ['a', 'ok'],
      ['b', 'calling'],
    ]);
  });

  it('finds only unclosed `calling` records older than the bound', async () => {
    const dir = tempDir();
    log = await openAuditLog(dir);
    await log.write(calling('old-open', '2026-01-01T00:00:00.000Z'));
    await log.write(calling('old-closed', '2026-01-01T00:00:00.000Z'));
    await log.write({ ...calling('old-closed', '2026-01-01T00:00:05.000Z'), result: 'unknown' });
    await log.write(calling('young-open', '2026-01-01T00:09:00.000Z'));
    const found = await log.unfinished(Date.parse('2026-01-01T00:05:00.000Z'));
    expect(found.map((r) => r.callId)).toEqual(['old-open']);
  });

  it('ends a line torn by a crash before appending, so the next record stays readable', async () => {
    const dir = tempDir();
    const { writeFileSync } = await import('node:fs');
    writeFileSync(
      join(dir, 'audit.jsonl'),
      `${JSON.stringify(calling('a', '2026-01-01T00:00:00.000Z'))}\n{"time":"2026-01-0`,
    );
    log = await openAuditLog(dir);
    await log.write({ ...calling('a', '2026-01-01T00:00:02.000Z'), result: 'unknown' });
    expect((await log.recent('C1', 10)).map((r) => r.result)).toEqual(['unknown']);
    expect(await log.unfinished(Date.parse('2026-02-01T00:00:00.000Z'))).toEqual([]);
  });

  it('redacts secrets in every line it writes', async () => {
    const dir = tempDir();
    const { createRedactor } = await import('../../../../src/api/redact.js');
    log = await openAuditLog(dir, { redact: createRedactor(['sim_abcdef0123456789abcdef']) });
    await log.write({
      ...calling('x', '2026-01-01T00:00:00.000Z'),
      summary: 'key SIM_ABCDEF0123456789ABCDEF',
    });
    expect(readFileSync(join(dir, 'audit.jsonl'), 'utf8')).not.toMatch(/abcdef0123456789/i);
  });
});

describe('closing interrupted calls at start', () => {
  it('closes old ones as unknown (interrupted), edits their cards, and leaves young ones to their replica', async () => {
    const dir = tempDir();
    const audit = await openAuditLog(dir);
    const ref: MessageRef = { platform: 'slack', channelId: 'C1', id: '1700000000.0001' };
    await audit.write(
      calling('dead', '2026-01-01T00:00:00.000Z', {
        cardRef: ref,
        verify: { check: 'whether web-1 is Stopped', command: 'instance show web-1' },
      }),
    );
    await audit.write(calling('live', '2026-01-01T00:04:30.000Z', { cardRef: { ...ref, id: '2' } }));
    const responder = recordingResponder();
    const closed = await closeInterrupted(
      {
        audit,
        logger: silentLogger(),
        now: () => new Date('2026-01-01T00:05:00.000Z'),
        olderThanMs: 60_000,
        replica: 'me',
      },
      (r) => (r.platform === 'slack' ? responder : null),
    );
    expect(closed).toBe(1);
    expect(responder.updates).toHaveLength(1);
    expect(responder.updates[0]!.ref).toEqual(ref);
    const card = responder.updates[0]!.message;
    expect(card.actions).toBeUndefined();
    expect(card.title).toBe('Outcome unknown (interrupted)');
    expect(renderText(card)).toContain('`instance stop` was confirmed by @alice at 00:00:00 UTC');
    expect(renderText(card)).toContain('Check whether web-1 is Stopped with `instance show web-1`.');
    expect(renderText(card)).toContain('Do not run it again blindly');
    const records = lines(dir);
    expect(records.at(-1)).toMatchObject({
      callId: 'dead',
      result: 'unknown',
      interrupted: true,
      replica: 'me',
    });
    expect(await audit.unfinished(Date.parse('2026-01-01T01:00:00.000Z'))).toHaveLength(1);
    await audit.close();
  });

  it('rewrites no card the store knows better about: a kept outcome, or a card the tracker follows', async () => {
    const dir = tempDir();
    const audit = await openAuditLog(dir);
    const store = createMemoryStore();
    const ref = (id: string): MessageRef => ({ platform: 'slack', channelId: 'C1', id });
    await audit.write(calling('done', '2026-01-01T00:00:00.000Z', { cardRef: ref('1') }));
    await audit.write(calling('not-done', '2026-01-01T00:00:01.000Z', { cardRef: ref('2') }));
    await audit.write(calling('followed', '2026-01-01T00:00:02.000Z', { cardRef: ref('3') }));
    await audit.write(calling('nothing-known', '2026-01-01T00:00:03.000Z', { cardRef: ref('4') }));
    const outcomes = store.collection<CallOutcome>(COLLECTIONS.callOutcomes);
    await outcomes.put('done', { callId: 'done', result: 'ok', summary: 'stop requested for web-1' });
    await outcomes.put('not-done', { callId: 'not-done', result: 'error', errorId: 'audit-unavailable' });
    await store.operations.put('op-1', { id: 'op-1', ref: ref('3') } as TrackedOperation);
    const responder = recordingResponder();
    const closed = await closeInterrupted(
      {
        audit,
        logger: silentLogger(),
        now: () => new Date('2026-01-01T00:05:00.000Z'),
        olderThanMs: 60_000,
        replica: 'me',
        known: knownOutcome(store),
      },
      () => responder,
    );
    expect(closed).toBe(4);
    // Only the card nothing is known about says "unknown".
    expect(responder.updates.map((u) => u.ref.id)).toEqual(['4']);
    const closing = lines(dir).slice(4);
    expect(closing.find((r) => r.callId === 'done')).toMatchObject({
      result: 'ok',
      summary: 'stop requested for web-1',
    });
    expect(closing.find((r) => r.callId === 'done')?.interrupted).toBeUndefined();
    expect(closing.find((r) => r.callId === 'not-done')).toMatchObject({
      result: 'error',
      errorId: 'audit-unavailable',
    });
    expect(closing.find((r) => r.callId === 'followed')).toMatchObject({ result: 'unknown' });
    expect(await outcomes.count()).toBe(0);
    await audit.close();
  });

  it('logs a call closed from its kept outcome as such, never as "closed as unknown"', async () => {
    const dir = tempDir();
    const audit = await openAuditLog(dir);
    const store = createMemoryStore();
    await audit.write(
      calling('done', '2026-01-01T00:00:00.000Z', {
        cardRef: { platform: 'slack', channelId: 'C1', id: '1' },
      }),
    );
    await store
      .collection<CallOutcome>(COLLECTIONS.callOutcomes)
      .put('done', { callId: 'done', result: 'ok' });
    const logged: string[] = [];
    const logger = createLogger({
      level: 'info',
      destination: new PassThrough().on('data', (chunk: Buffer) => logged.push(chunk.toString())),
    });
    const closed = await closeInterrupted(
      {
        audit,
        logger,
        now: () => new Date('2026-01-01T00:05:00.000Z'),
        olderThanMs: 60_000,
        replica: 'me',
        known: knownOutcome(store),
      },
      () => recordingResponder(),
    );
    expect(closed).toBe(1);
    await vi.waitFor(() => expect(logged.join('')).toContain('closed 1 interrupted confirmed call(s)'));
    expect(logged.join('')).toContain('0 as unknown, 1 from their kept outcome');
    expect(logged.join('')).not.toMatch(/as unknown"|outcome unknown/);
    await audit.close();
  });

  it('leaves the calls to the replica holding the closing lease, and closes them once it is free', async () => {
    const dir = tempDir();
    const audit = await openAuditLog(dir);
    await audit.write(
      calling('dead', '2026-01-01T00:00:00.000Z', {
        cardRef: { platform: 'slack', channelId: 'C1', id: '1' },
      }),
    );
    const leases = createMemoryLeases(() => Date.parse('2026-01-01T00:05:00.000Z'));
    const responder = recordingResponder();
    const deps = {
      audit,
      logger: silentLogger(),
      now: () => new Date('2026-01-01T00:05:00.000Z'),
      olderThanMs: 60_000,
      replica: 'me',
      lease: { leases, ttlMs: 30_000 },
    };
    expect(await leases.acquire(INTERRUPTED_LEASE, 'other-replica', 30_000)).toBe(true);
    expect(await closeInterrupted(deps, () => responder)).toBe(0);
    expect(responder.updates).toHaveLength(0);
    await leases.release(INTERRUPTED_LEASE, 'other-replica');
    expect(await closeInterrupted(deps, () => responder)).toBe(1);
    expect(await leases.holder(INTERRUPTED_LEASE)).toBeNull();
    expect(responder.updates).toHaveLength(1);
    await audit.close();
  });

  it('derives the default bound from the hosting-API timeout, and lets it be configured', () => {
    expect(loadConfig({ HOSTING_API_TIMEOUT_MS: '10000' }).audit.interruptedAfterMs).toBe(
      interruptedBound(10_000),
    );
    expect(interruptedBound(10_000)).toBeGreaterThan(3 * 10_000);
    expect(loadConfig({ VPSOPS_INTERRUPTED_AFTER_MS: '0' }).audit.interruptedAfterMs).toBe(0);
  });

  it('the bot closes them through the adapters’ responders, and only once', async () => {
    const { bot, config } = await makeBot({ policy: POLICY, env: { VPSOPS_INTERRUPTED_AFTER_MS: '0' } });
    const audit = await openAuditLog(config.dataDir);
    await audit.write(
      calling('dead', new Date(Date.now() - 1000).toISOString(), {
        cardRef: { platform: 'slack', channelId: 'C1', id: '9' },
      }),
    );
    await audit.close();
    const responder = recordingResponder();
    expect(await bot.closeInterrupted(() => responder)).toBe(1);
    expect(await bot.closeInterrupted(() => responder)).toBe(0);
    expect(responder.updates).toHaveLength(1);
    expect(lines(config.dataDir).filter((r) => r.interrupted)).toHaveLength(1);
  });
});
