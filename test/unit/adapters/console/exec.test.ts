import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { runExec } from '../../../../adapters/console/exec.js';
import { consoleActor } from '../../../../adapters/console/translate.js';
import { createFakeDispatcher } from '../../../support/console-fake-dispatcher.js';
import type { Locale } from '../../../../src/i18n/locale.js';

async function exec(text: string, confirm?: string, locale?: Locale) {
  const dispatcher = createFakeDispatcher();
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
  stderr.on('data', (c: Buffer) => (err += c.toString('utf8')));
  const code = await runExec(dispatcher, {
    text,
    confirm,
    actor: consoleActor('ci'),
    stdout,
    stderr,
    ...(locale ? { locale } : {}),
  });
  return { code, out, err, log: dispatcher.log };
}

describe('console exec mode', () => {
  it('prints the reply and exits 0 on success', async () => {
    const result = await exec('/vps help');
    expect(result.code).toBe(0);
    expect(result.out).toContain('ℹ Commands');
  });

  it('exits 2 with the usage message on stderr for an unknown command', async () => {
    const result = await exec('instnace stop');
    expect(result.code).toBe(2);
    expect(result.err).toContain('Did you mean help?');
  });

  it('exits 1 when the command failed', async () => {
    expect((await exec('boom')).code).toBe(1);
  });

  it('exits 2 on an empty command', async () => {
    const result = await exec('   ');
    expect(result.code).toBe(2);
    expect(result.log.invocations).toHaveLength(0);
  });

  it('prints the preview, changes nothing and exits 3 without --confirm', async () => {
    const result = await exec('instance stop web-1');
    expect(result.code).toBe(3);
    expect(result.out).toContain('Stop web-1?');
    expect(result.err).toContain('--confirm');
    expect(result.log.actions).toHaveLength(0);
  });

  it('says its own lines in the console’s language (exec --locale id)', async () => {
    const empty = await exec('   ', undefined, 'id');
    expect(empty.err).toBe('Tidak ada yang dijalankan. Coba: vpsops exec "help"\n');
    const unconfirmed = await exec('instance stop web-1', undefined, 'id');
    expect(unconfirmed.code).toBe(3);
    expect(unconfirmed.err).toContain('Tidak ada yang diubah. Untuk melakukannya, jalankan: vpsops exec');
    expect(unconfirmed.err).not.toContain('Nothing was changed');
    const inside = await exec('instance stop web-1 --confirm web-1', undefined, 'id');
    expect(inside.err).toContain('letakkan --confirm di luar tanda kutip');
  });

  it('sends the --confirm value as the confirmation input and reports a mismatch', async () => {
    const result = await exec('instance stop web-1', 'web-2');
    expect(result.code).not.toBe(0);
    expect(result.log.actions).toMatchObject([{ action: 'confirm', input: 'web-2' }]);
    expect(result.log.ran).toEqual([]);
  });

  it('runs a destructive command when --confirm names its target', async () => {
    const result = await exec('instance delete web-1', 'web-1');
    expect(result.code).toBe(0);
    expect(result.out).toContain('Confirmed: Delete web-1 done');
    expect(result.out).not.toContain('Delete web-1?');
    expect(result.log.ran).toEqual(['Delete web-1']);
  });
});
