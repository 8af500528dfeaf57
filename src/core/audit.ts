// Append-only audit trail (JSON lines, audit.jsonl in the data dir): every invocation and every
// confirmation action leaves exactly one record, with secret arguments redacted.
import { appendFile, mkdir, open } from 'node:fs/promises';
import { join } from 'node:path';
import type { AuditRecord, CommandDefinition } from './command.js';

/** File name of the audit trail inside the data dir. */
export const AUDIT_FILE = 'audit.jsonl';

/** How much of the file's tail `recent` reads (records older than this are not listed). */
const TAIL_BYTES = 2 * 1024 * 1024;

/** The audit trail: append, and read back the recent history of one channel. */
export interface AuditLog {
  write(record: AuditRecord): Promise<void>;
  /** Records of one channel (optionally one platform), newest first. */
  recent(channelId: string, limit: number, platform?: string): Promise<AuditRecord[]>;
  close(): Promise<void>;
}

const REDACTED = '[redacted]';

/** Arguments as they may be written down: secrets replaced, long strings cut. */
export function redactArgs(
  def: CommandDefinition | undefined,
  values: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    if (def?.args[key]?.secret) out[key] = REDACTED;
    else out[key] = typeof value === 'string' && value.length > 200 ? `${value.slice(0, 200)}…` : value;
  }
  return out;
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

/** Opens (creating the data dir) the audit log; appends are serialised in order. */
export async function openAuditLog(dataDir: string): Promise<AuditLog> {
  await mkdir(dataDir, { recursive: true });
  const path = join(dataDir, AUDIT_FILE);
  let queue: Promise<void> = Promise.resolve();
  return {
    write(record) {
      const line = `${JSON.stringify(record)}\n`;
      const append = () => appendFile(path, line, { mode: 0o600 });
      queue = queue.then(append, append);
      return queue;
    },
    async recent(channelId, limit, platform) {
      await queue.catch(() => {});
      const records: AuditRecord[] = [];
      for (const line of (await readTail(path)).split('\n')) {
        if (!line.trim()) continue;
        try {
          const record = JSON.parse(line) as AuditRecord;
          if (record.channelId === channelId && (!platform || record.platform === platform))
            records.push(record);
        } catch {
          // A torn last line (crash mid-write) is skipped, not fatal.
        }
      }
      return records.reverse().slice(0, Math.max(0, limit));
    },
    close: () => queue.catch(() => {}),
  };
}
