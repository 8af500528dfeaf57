// The chart a metrics reply attaches is drawn in the requester's language: the core hands the
// chart renderer the reader's locale with the input.
import { afterEach, describe, expect, it } from 'vitest';
import type { ChartInput } from '../../src/render/chart/chart-types.js';
import { startHarness, type Harness } from '../support/command-harness.js';

describe('chart language', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it.each([
    ['id', 'id'],
    ['en-US', 'en'],
  ])('asks for the chart in the requester’s language (%s → %s)', async (tag, expected) => {
    const inputs: ChartInput[] = [];
    h = await startHarness({
      locale: tag,
      charts: async (input) => {
        inputs.push(input);
        return { png: new Uint8Array([0x89, 0x50, 0x4e, 0x47]), width: 800, height: 600 };
      },
    });
    await h.run('instance metrics web-1 --period day');
    expect(inputs.map((input) => input.locale)).toEqual([expected]);
  });
});
