// One destructive operation per server at a time, and a preview is confirmed only while what it
// showed still holds: re-read at the click, refused with what a preview says now when it does not.
import { describe, expect, it } from 'vitest';
import { renderText } from '../../../../src/render/text.js';
import { actors, makeBot, POLICY, WEB1 } from '../../../support/core-fakes.js';

describe('one destructive operation per server', () => {
  it('refuses a second confirm on the same server while the first runs, naming who holds it and since when', async () => {
    const { run, act, fake } = await makeBot({ policy: POLICY });
    const first = await run('instance stop prod-web', actors.alice);
    const second = await run('instance stop prod-web', actors.carol);
    // The first stop hangs in the API until released.
    let finish: () => void = () => undefined;
    let entered: () => void = () => undefined;
    const inApi = new Promise<void>((resolve) => (entered = resolve));
    const stop = fake.api.instances.stop;
    fake.api.instances.stop = async (uuid: string) => {
      entered();
      await new Promise<void>((resolve) => (finish = resolve));
      return stop(uuid);
    };
    const running = act(first.token!, actors.alice);
    await inApi;
    const refused = await act(second.token!, actors.carol);
    expect(refused.reply?.title).toBe('Server busy');
    expect(renderText(refused.reply!)).toMatch(
      /prod-web is busy: `instance stop` was confirmed by @alice since \d\d:\d\d(:\d\d)? UTC/,
    );
    expect(renderText(refused.reply!)).toContain('nothing was done');
    finish();
    await running;
    expect(fake.count('instance.stop')).toBe(1);
  });

  it('refuses it in Indonesian to someone whose client is Indonesian', async () => {
    const { run, act, fake } = await makeBot({ policy: POLICY });
    const first = await run('instance stop prod-web', actors.alice);
    const second = await run('instance stop prod-web', actors.carol);
    let finish: () => void = () => undefined;
    let entered: () => void = () => undefined;
    const inApi = new Promise<void>((resolve) => (entered = resolve));
    const stop = fake.api.instances.stop;
    fake.api.instances.stop = async (uuid: string) => {
      entered();
      await new Promise<void>((resolve) => (finish = resolve));
      return stop(uuid);
    };
    const running = act(first.token!, actors.alice);
    await inApi;
    const refused = await act(second.token!, actors.carol, 'confirm', undefined, undefined, { locale: 'id' });
    expect(refused.reply?.title).toBe('Server sedang sibuk');
    expect(renderText(refused.reply!)).toMatch(
      /prod-web sedang sibuk: `instance stop` sudah dikonfirmasi oleh @alice sejak \d\d[:.]\d\d([:.]\d\d)? UTC/,
    );
    expect(renderText(refused.reply!)).toContain('Kartu ini tetap terbuka');
    finish();
    await running;
    expect(fake.count('instance.stop')).toBe(1);
  });

  it('lets the next confirm through once the first has returned', async () => {
    const { run, act, fake } = await makeBot({ policy: POLICY });
    const first = await run('instance delete prod-web', actors.alice);
    const second = await run('instance stop prod-web', actors.alice);
    await act(first.token!, actors.alice, 'confirm', 'web-1');
    fake.instances.set(WEB1, { hostname: 'web-1', status: 'Running' });
    await act(second.token!, actors.alice);
    expect(fake.count('instance.delete')).toBe(1);
    expect(fake.count('instance.stop')).toBe(1);
  });
});

describe('a preview whose premise no longer holds', () => {
  it('refuses a confirm when the server is gone, calling nothing', async () => {
    const { run, act, fake } = await makeBot({ policy: POLICY });
    const { token } = await run('instance stop prod-web');
    fake.instances.delete(WEB1);
    const refused = await act(token!);
    expect(fake.count('instance.stop')).toBe(0);
    // Refused privately; the card is not turned into a failed run.
    expect(refused.update).toBeUndefined();
    expect(refused.reply?.outcome).toBe('error');
  });
});
