// The embedded store's journal format. Each journal starts with a header record naming it (a random
// id), and every line is `<checksum>\t<json>` where the checksum covers the previous line's checksum
// too (a chain): a line that was removed, moved, replaced or added by hand — a bare JSON line
// among checksummed ones included — fails it. A cut at a line boundary leaves a valid chain, so a
// small mark file beside the journal records how many lines of which journal were written: fewer
// lines than the mark says is a cut, i.e. data loss. Journals of earlier versions (one checksum per
// line, or bare JSON lines before checksums) are read once and rewritten in this format.
import { createHash, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { TableWrite } from '../memory/table-store.js';

/** Journal file name inside the data dir. */
export const JOURNAL_FILE = 'state.journal';
/** How many lines of which journal were written, beside it. */
export const MARK_FILE = 'state.journal.mark';
const HEADER_TABLE = '#journal';
const HEX = /^[0-9a-f]{12}$/;

const sha = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 12);
const chained = (previous: string, json: string): string => sha(`${previous}\n${json}`);

function decode(json: string): TableWrite | null {
  try {
    const parsed = JSON.parse(json) as { t?: unknown; k?: unknown; v?: unknown };
    if (typeof parsed.t !== 'string' || typeof parsed.k !== 'string') return null;
    return { table: parsed.t, key: parsed.k, value: parsed.v ?? null };
  } catch {
    return null;
  }
}

const jsonOf = (write: TableWrite): string =>
  JSON.stringify({ t: write.table, k: write.key, v: write.value });

/** What a journal holds: its writes, the lines that failed, and which journal it is. */
export interface JournalRead {
  writes: TableWrite[];
  /** Torn, corrupt or unchained lines (set aside, counted). */
  corrupt: number;
  /** Record lines found, good or not (the header excluded). */
  lines: number;
  /** The header's id; null for a missing, empty or earlier-version journal. */
  id: string | null;
}

/** Journals of earlier versions: a checksum of the line alone, or bare JSON before checksums. */
function readEarlier(lines: string[]): JournalRead {
  // A bare line is accepted only in a journal that has no checksum at all (written before them).
  const checksummed = lines.some((line) => line.includes('\t'));
  const writes: TableWrite[] = [];
  let corrupt = 0;
  for (const line of lines) {
    const tab = line.indexOf('\t');
    const json = tab < 0 ? line : line.slice(tab + 1);
    const valid = tab < 0 ? !checksummed : sha(json) === line.slice(0, tab);
    const write = valid ? decode(json) : null;
    if (write) writes.push(write);
    else corrupt += 1;
  }
  return { writes, corrupt, lines: lines.length, id: null };
}

/** Reads the journal at `path` (an absent one is empty). */
export async function readJournal(path: string): Promise<JournalRead> {
  let raw: string;
  try {
    raw = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      return { writes: [], corrupt: 0, lines: 0, id: null };
    throw error;
  }
  const lines = raw.split('\n').filter((line) => line.trim());
  const [first = '', ...records] = lines;
  const headerJson = first.slice(first.indexOf('\t') + 1);
  if (!headerJson.startsWith(`{"t":"${HEADER_TABLE}"`)) return readEarlier(lines);
  const header = decode(headerJson);
  const headerOk = chained('', headerJson) === first.slice(0, first.indexOf('\t')) && header !== null;
  const writes: TableWrite[] = [];
  let corrupt = headerOk ? 0 : 1;
  let previous = first.slice(0, first.indexOf('\t'));
  for (const line of records) {
    const tab = line.indexOf('\t');
    const sum = tab < 0 ? '' : line.slice(0, tab);
    const write =
      tab >= 0 && chained(previous, line.slice(tab + 1)) === sum ? decode(line.slice(tab + 1)) : null;
    if (write) writes.push(write);
    else corrupt += 1;
    // A damaged line still names its checksum: the lines after it chain from that.
    if (HEX.test(sum)) previous = sum;
  }
  return { writes, corrupt, lines: records.length, id: headerOk ? (header?.key ?? null) : null };
}

/** Encodes writes as chained lines of one journal. */
export interface JournalEncoder {
  readonly id: string;
  /** The header line (the first of the file). */
  readonly header: string;
  /** Lines for `writes`, chained after the last line encoded; `commit` advances the chain. */
  encode(writes: readonly TableWrite[]): { text: string; commit(): void };
}

/** A fresh journal's encoder. */
export function journalEncoder(): JournalEncoder {
  const id = randomUUID();
  const headerJson = jsonOf({ table: HEADER_TABLE, key: id, value: 2 });
  let last = chained('', headerJson);
  const header = `${last}\t${headerJson}\n`;
  return {
    id,
    header,
    encode(writes) {
      let sum = last;
      const text = writes
        .map((write) => {
          const json = jsonOf(write);
          sum = chained(sum, json);
          return `${sum}\t${json}\n`;
        })
        .join('');
      // The chain moves on only once the lines are in the file (a refused write leaves no line).
      return { text, commit: () => (last = sum) };
    },
  };
}

/** The mark's text: fixed width, so each overwrite in place replaces all of the last one. */
export const markText = (id: string, lines: number): string =>
  `${JSON.stringify({ journal: id, lines })}`.padEnd(79) + '\n';

/** The mark beside the journal, or null when there is none or it cannot be read. */
export async function readMark(path: string): Promise<{ journal: string; lines: number } | null> {
  try {
    const parsed = JSON.parse(await readFile(path, 'utf8')) as { journal?: unknown; lines?: unknown };
    return typeof parsed.journal === 'string' && typeof parsed.lines === 'number'
      ? { journal: parsed.journal, lines: parsed.lines }
      : null;
  } catch {
    return null;
  }
}
