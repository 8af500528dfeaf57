import { describe, expect, it } from 'vitest';
import { allCommands } from '../../../../commands/index.js';
import { parseInput } from '../../../../src/core/parse/parse.js';
import type { ParseHints } from '../../../../src/core/parse/parse-args.js';
import { createRegistry } from '../../../../src/core/parse/registry.js';

const registry = createRegistry(allCommands);
const hints: ParseHints = { hasBinding: false, looksLikeInstance: () => false };
const pathOf = (text: string) => {
  const result = parseInput({ kind: 'text', text }, registry, hints);
  if (!result.ok) throw new Error(result.error.message);
  return { path: result.parsed.path, values: result.parsed.args.values };
};

describe('a bot word before a group that has it as an action', () => {
  it('reads `watch billing …` as `billing watch …` and `unwatch billing` as `billing unwatch`', () => {
    expect(pathOf('watch billing --below 500000')).toEqual({
      path: 'billing watch',
      values: expect.objectContaining({ below: 500000 }),
    });
    expect(pathOf('/vps unwatch billing').path).toBe('billing unwatch');
  });

  it('leaves every other `watch <name>` to the watch command', () => {
    expect(pathOf('watch web-1')).toEqual({
      path: 'watch',
      values: expect.objectContaining({ instance: 'web-1' }),
    });
    expect(pathOf('watch --location Jakarta').path).toBe('watch');
    expect(pathOf('watch "billing"').path).toBe('watch');
  });
});
