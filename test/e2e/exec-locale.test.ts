// `vpsops exec` in Indonesian: VPSOPS_LOCALE=id, the --locale flag over it, and an unknown value
// refused with the supported ones; any BCP 47 tag for VPSOPS_LOCALE, an unsupported one English with
// one warning (a real child process over the embedded simulator).
import { afterAll, describe, expect, it } from 'vitest';
import { createCliWorld } from '../support/console-cli.js';
import { CONSOLE_POLICY } from '../support/console-session.js';

const world = createCliWorld(CONSOLE_POLICY);
afterAll(() => world.remove());

describe('exec answers in the configured language', () => {
  it('shows an instance in Indonesian with VPSOPS_LOCALE=id', { timeout: 60_000 }, async () => {
    const run = await world.run(['exec', 'instance show web-1'], { env: { VPSOPS_LOCALE: 'id' } });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Lokasi');
    expect(run.stdout).toContain('Berjalan (Running)');
    expect(run.stdout).toMatch(/Rp \d{1,3}(\.\d{3})*\/jam/);
  });

  it('gives help in Indonesian, commands as typed', { timeout: 60_000 }, async () => {
    const run = await world.run(['exec', 'help'], { env: { VPSOPS_LOCALE: 'id' } });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Perintah vpsops');
    expect(run.stdout).toContain('instance');
  });

  it('lets --locale override VPSOPS_LOCALE', { timeout: 60_000 }, async () => {
    const run = await world.run(['exec', 'instance show web-1', '--locale', 'en'], {
      env: { VPSOPS_LOCALE: 'id' },
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Location');
    expect(run.stdout).not.toContain('Lokasi');
  });

  it('follows a confirmed stop with --wait to its end in Indonesian', { timeout: 60_000 }, async () => {
    const run = await world.run(['exec', 'instance stop web-1', '--confirm', 'web-1', '--wait'], {
      env: { VPSOPS_LOCALE: 'id' },
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Dikonfirmasi oleh @');
    expect(run.stdout).toMatch(/✅ web-1 kini Berhenti \(Stopped\) — selesai dalam \d+ detik/);
    expect(run.stdout).toContain('Penghentian web-1 diminta');
    expect(run.stdout).not.toMatch(/done in|Confirmed by|Stop requested/);
  });

  it(
    'refuses an unknown --locale, listing the supported ones, and runs nothing',
    { timeout: 60_000 },
    async () => {
      const run = await world.run(['exec', 'instance show web-1', '--locale', 'fr']);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('Unknown --locale "fr": supported locales are en, id');
      expect(run.stdout).toBe('');
    },
  );

  it('takes a region tag (VPSOPS_LOCALE=id-ID) as Indonesian', { timeout: 60_000 }, async () => {
    const run = await world.run(['exec', 'instance show web-1'], { env: { VPSOPS_LOCALE: 'id-ID' } });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('Lokasi');
  });

  it(
    'starts in English on an unsupported VPSOPS_LOCALE, with one warning listing the supported ones',
    { timeout: 60_000 },
    async () => {
      const run = await world.run(['exec', 'instance show web-1'], { env: { VPSOPS_LOCALE: 'xx' } });
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain('Location');
      expect(run.stderr.match(/warning/g)).toHaveLength(1);
      expect(run.stderr).toContain('VPSOPS_LOCALE=xx is not a supported language (en, id)');
    },
  );
});
