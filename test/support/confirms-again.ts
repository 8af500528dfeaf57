// After a store outage: a fresh `instance stop prod-web`, confirmed now, runs — its server is not
// held busy by the confirmed stop before it (which was the first of two stop calls).
import { expect } from 'vitest';
import { renderText } from '../../src/render/text.js';
import type { makeBot } from './core-fakes.js';

export async function confirmsAgain({
  run,
  act,
  fake,
}: Pick<Awaited<ReturnType<typeof makeBot>>, 'run' | 'act' | 'fake'>) {
  const again = await run('instance stop prod-web');
  const second = await act(again.token!);
  expect(renderText(second.update ?? second.reply!)).not.toMatch(/busy/i);
  expect(fake.count('instance.stop')).toBe(2);
}
