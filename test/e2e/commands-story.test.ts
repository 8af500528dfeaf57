// The incident's story through the command layer: a two-person stop, notes, then `timeline`
// (lines, paging, --server, --from), its export (the file's bytes), `catchup` and `handoff`, in
// English and Indonesian, every reply through both renderers' conformance checks.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ACTORS, DEFAULT_POLICY, startHarness, type Harness } from '../support/command-harness.js';

const POLICY = `${DEFAULT_POLICY}approvals:\n  two_person: ["instance stop"]\n`;

describe('the incident’s story (commands)', () => {
  let h: Harness;
  afterEach(async () => {
    await h.close();
  });

  it('tells a two-person stop and notes in order, private unless --public, and pages them', async () => {
    h = await startHarness({ policy: POLICY });
    await h.run('note <!channel> *restarted* nginx on web-1', ACTORS.operator);
    const preview = await h.run('instance stop web-1', ACTORS.operator);
    await h.confirm(preview.token!, ACTORS.admin);
    const out = await h.run('timeline', ACTORS.viewer);
    expect(out.said[0]?.visibility).toBe('ephemeral');
    const lines = out.message.blocks.flatMap((b) => (b.type === 'table' ? b.rows.map((r) => r[1]) : []));
    expect(lines).toEqual([
      '📝 note by oscar — <!channel> *restarted* nginx on web-1',
      '⚙️ instance stop web-1 by oscar · approved by alice · outcome: ok',
    ]);
    expect(out.text).toContain('times in UTC');
    expect((await h.run('timeline --public')).said[0]?.visibility).toBe('channel');
    const paged = await h.run('timeline --limit 1 --page 2');
    expect(paged.text).toContain('note by oscar');
    expect(paged.text).not.toContain('instance stop');
    expect(paged.text).toContain('Page 2 of 2');
    expect((await h.run('timeline --server web-2')).text).toContain('Nothing happened to web-2');
    expect((await h.run('timeline --from 2099-01-01T00:00Z')).text).toContain('Nothing happened');
  });

  it('refuses a bad --since, --from or both, saying how to write them', async () => {
    h = await startHarness();
    expect((await h.run('timeline --since soon')).text).toContain('“soon” is not a duration');
    expect((await h.run('timeline --from yesterday')).text).toContain('is not a time');
    expect((await h.run('timeline --since 2h --from 2026-11-27T22:00Z')).text).toContain('not both');
    expect((await h.run('catchup --since 5x')).text).toContain('is not a duration');
  });

  it('exports the story as a Markdown or CSV file whose bytes are the lines, user text escaped', async () => {
    h = await startHarness();
    await h.run('note =SUM(1), | *bold* <@U1>', ACTORS.operator);
    const md = await h.run('timeline export', ACTORS.operator);
    expect(md.said[0]?.visibility).not.toBe('ephemeral');
    const file = md.message.attachments?.[0];
    expect(file?.contentType).toBe('text/markdown');
    expect(file?.filename).toMatch(/^timeline-C0INCIDENT-\d{8}-\d{4}\.md$/);
    const text = new TextDecoder().decode(file!.data);
    expect(text).toMatch(
      /^# Timeline of C0INCIDENT\n\nFrom \d{4}-\d\d-\d\d \d\d:\d\d to \d{4}-\d\d-\d\d \d\d:\d\d · times in UTC\n\n\| Time \| What happened \|\n\| --- \| --- \|\n\| \d{4}-\d\d-\d\d \d\d:\d\d \| 📝 note by oscar — =SUM\(1\), \\\| \\\*bold\\\* \\<@U1\\> \|\n$/,
    );
    const csv = await h.run('export timeline --format csv', ACTORS.operator);
    const bytes = new TextDecoder().decode(csv.message.attachments![0]!.data);
    expect(bytes).toMatch(
      /^time,event,server,by,to,approver,command,outcome,detail\r\n\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z,note,,oscar,,,,,"'=SUM\(1\), \| \*bold\* <@U1>"\r\n$/,
    );
  });

  it('catches up privately and hands over publicly, recording who handed to whom', async () => {
    h = await startHarness();
    await h.run('note checked the disks', ACTORS.operator);
    const catchup = await h.run('catchup --since 1h', ACTORS.viewer);
    expect(catchup.said[0]?.visibility).toBe('ephemeral');
    expect(catchup.text).toContain('Open incidents');
    expect(catchup.text).toContain('note by oscar — checked the disks');
    const handoff = await h.run('handoff <@UOPS2|olga>', ACTORS.operator);
    expect(handoff.said[0]?.visibility).not.toBe('ephemeral');
    expect(handoff.message.title).toBe('Hand-off: oscar → olga');
    expect(handoff.text).toContain('checked the disks');
    expect((await h.run('handoff <@UOPS|oscar>', ACTORS.operator)).text).toContain(
      'cannot hand over to yourself',
    );
    expect((await h.run('handoff #general', ACTORS.operator)).text).toContain('does not name a person');
    const after = await h.run('timeline', ACTORS.operator);
    expect(after.text).toContain('🤝 oscar handed over to olga');
    // What the “Add to timeline” shortcut runs: the message's author named by id.
    await h.run('note the db is back --author U0BOB', ACTORS.operator);
    expect((await h.run('timeline')).text).toContain('📝 note by U0BOB — the db is back');
    expect((await h.run('note x --author <@U1>')).text).toContain('does not name a person');
  });

  it('writes no secret into the story: a note quoting the API key is kept redacted', async () => {
    const key = 'hk-story-secret-key-4f9a2c';
    h = await startHarness({ env: { HOSTING_API_KEY: key } });
    await h.run(`note the key was ${key}, rotated`, ACTORS.operator);
    const journal = await readFile(join(h.dataDir, 'state.journal'), 'utf8');
    expect(journal).toContain('rotated');
    expect(journal).not.toContain(key);
    expect((await h.run('timeline')).text).not.toContain(key);
  });

  it('speaks Indonesian, times with a dot, in VPSOPS_TIMEZONE', async () => {
    h = await startHarness({ locale: 'id', env: { VPSOPS_TIMEZONE: 'Asia/Jakarta' } });
    await h.run('note sudah dicek', ACTORS.operator);
    const out = await h.run('timeline', ACTORS.operator);
    expect(out.text).toContain('📝 catatan dari oscar — sudah dicek');
    expect(out.text).toContain('waktu Asia/Jakarta');
    expect(out.text).toMatch(/\b\d\d\.\d\d\b/);
    expect((await h.run('catchup')).text).toContain('Apa yang berubah, dan oleh siapa');
  });
});
