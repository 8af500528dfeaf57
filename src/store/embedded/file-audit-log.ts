// The embedded store's audit trail: append-only JSON lines (audit.jsonl in the data dir), written
// in order, read back from the file's tail; a line torn by a crash is skipped and ended.
import { createReadStream } from 'node:fs';
import { appendFile, mkdir, open } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Redactor } from '../../api/redact.js';
import type { AuditLog, AuditRecord } from '../../core/index.js';
import { answersConfirmation, inChannel } from '../../core/kit/index.js';

/** File name of the audit trail inside the data dir. */
export const AUDIT_FILE = 'audit.jsonl';

/** How much of the file's tail `recent` reads (records older than this are not listed). */
const TAIL_BYTES = 2 * 1024 * 1024;

/** Options of the file audit log. */
export interface AuditLogOptions {
  /** Applied to every line written (config secrets in any encoding → "[redacted]"). */
  redact?: Redactor;
}

async function readTail(path: string): Promise<string> {
  let handle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return '';
    throw error;
  }
  try {
    const { size } = await handle.stat();
    const start = Math.max(0, size - TAIL_BYTES);
    const buffer = Buffer.alloc(size - start);
    await handle.read(buffer, 0, buffer.length, start);
    const text = buffer.toString('utf8');
    return start > 0 ? text.slice(text.indexOf('\n') + 1) : text;
  } finally {
    await handle.close();
  }
}

function parseLine(line: string): AuditRecord | undefined {
  if (!line.trim()) return undefined;
  try {
    return JSON.parse(line) as AuditRecord;
  } catch {
    return undefined; // A torn last line (crash mid-write) is skipped, not fatal.
  }
}

/** The tail's records that `keep` accepts, newest first; a `calling` record only while no outcome follows it. */
function newestFirst(tail: string, limit: number, keep: (record: AuditRecord) => boolean): AuditRecord[] {
  const records: AuditRecord[] = [];
  const closed = new Set<string>();
  for (const line of tail.split('\n').reverse()) {
    const record = parseLine(line);
    if (!record) continue;
    if (record.callId && record.result !== 'calling') closed.add(record.callId);
    if (record.result === 'calling' && record.callId && closed.has(record.callId)) continue;
    if (keep(record)) records.push(record);
  }
  return records.slice(0, Math.max(0, limit));
}

/** Reads the whole file line by line (start-up only): `calling` records whose callId never closed. */
async function scanUnfinished(path: string, before: number): Promise<AuditRecord[]> {
  const open = new Map<string, AuditRecord>();
  let lines;
  try {
    lines = createInterface({ input: createReadStream(path, { encoding: 'utf8' }), crlfDelay: Infinity });
    for await (const line of lines) {
      const record = parseLine(line);
      if (!record?.callId) continue;
      if (record.result === 'calling') open.set(record.callId, record);
      else open.delete(record.callId);
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return [...open.values()].filter((r) => Date.parse(r.time) < before);
}

/** Ends a line torn by a crash mid-write, so the next record does not run into it. */
async function endTornLine(path: string): Promise<void> {
  const tail = await readTail(path);
  if (tail.length > 0 && !tail.endsWith('\n')) await appendFile(path, '\n', { mode: 0o600 });
}

/** Opens (creating the data dir) the audit log; appends are serialised in order. */
export async function openAuditLog(dataDir: string, options: AuditLogOptions = {}): Promise<AuditLog> {
  await mkdir(dataDir, { recursive: true });
  const path = join(dataDir, AUDIT_FILE);
  await endTornLine(path);
  const redact = options.redact ?? ((text: string) => text);
  let queue: Promise<void> = Promise.resolve();
  // Lines written while an append is in flight go out together in the next one (one open/write/
  // close for a burst of records instead of one each); each write settles once its line is on disk.
  let waiting: string[] = [];
  let next: Promise<void> | undefined;
  const flush = () => {
    const lines = waiting.join('');
    waiting = [];
    next = undefined;
    return appendFile(path, lines, { mode: 0o600 });
  };
  return {
    write(record) {
      waiting.push(`${redact(JSON.stringify(record))}\n`);
      next ??= queue = queue.then(flush, flush);
      return next;
    },
    async recent(channelId, limit, platform) {
      await queue.catch(() => {});
      return newestFirst(await readTail(path), limit, (r) => inChannel(r, channelId, platform));
    },
    async recentAcrossChannels(limit) {
      await queue.catch(() => {});
      return newestFirst(await readTail(path), limit, () => true);
    },
    async unfinished(before) {
      await queue.catch(() => {});
      return scanUnfinished(path, before);
    },
    async answered(invocationId) {
      await queue.catch(() => {});
      const [found] = newestFirst(
        await readTail(path),
        1,
        (r) => r.invocationId === invocationId && answersConfirmation(r),
      );
      return found;
    },
    close: () => queue.catch(() => {}),
  };
}
