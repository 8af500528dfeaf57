// Console tables fit the terminal: piped (width unknown) the console lays tables out in 80
// columns, wrapping long cells inside their own column, so no line is wider than 80 and ids stay
// whole on one line, ready to copy.
import { afterAll, describe, expect, it } from 'vitest';
import { SEED_IDS } from '../../src/simulator/seed-ids.js';
import { createCliWorld } from '../support/console-cli.js';

const world = createCliWorld(`roles:\n  admin: ["console:alice"]\n  viewer: ["*"]\n`);
afterAll(() => world.remove());

const width = (line: string) => [...line].length;

/** The table's lines in an answer: the header above the rule down to the first blank line. */
function tableOf(answer: string): string[] {
  const lines = answer.split('\n');
  const rule = lines.findIndex((line) => /^─+(?: {2}─+)*$/.test(line));
  const end = lines.indexOf('', rule);
  return lines.slice(rule - 1, end === -1 ? undefined : end);
}

describe('console tables at 80 columns', { timeout: 60_000 }, () => {
  it('keeps the widest listings within 80 columns, wrapping cells, not lines', async () => {
    const run = await world.run(['console'], {
      stdin: 'backup list web-1\nbilling reports\nsnapshot list web-1\naudit\nexit\n',
    });
    expect(run.code).toBe(0);
    const [, backups = '', reports = '', snapshots = '', audit = ''] = run.stdout.split('vps> ');
    for (const answer of [backups, reports, snapshots, audit]) {
      const table = tableOf(answer);
      expect(table.length, answer).toBeGreaterThan(2);
      expect(
        table.find((line) => width(line) > 80),
        answer,
      ).toBeUndefined();
    }
    // A backup row wraps its date onto a continuation line inside the Taken column…
    const rows = backups.split('\n');
    const first = rows.findIndex((line) => /^1 d ago/.test(line));
    expect(first).toBeGreaterThan(0);
    expect(rows[first + 1]).toMatch(/^\S+(?: \S+)*$/);
    // …while the uuids stay whole.
    expect(backups).toContain(SEED_IDS.backups.web1Latest);
    expect(snapshots).toMatch(new RegExp(`nightly \\(current\\)\\s+${SEED_IDS.snapshots.web1Daily}`));
    expect(reports).toMatch(/^November 2026\s+2026-12-01/m);
  });
});
