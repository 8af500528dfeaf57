// An open App Home is redrawn when something changes, at most once per 10 s per person, and each
// tenant's viewers separately.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HomeViewers, HOME_INTERVAL_MS } from '../../../../adapters/slack/home-viewers.js';
import { currentTenant, runInTenant } from '../../../../src/adapter-kit/tenant-context.js';

let drawn: string[];
let viewers: HomeViewers;

beforeEach(() => {
  vi.useFakeTimers();
  drawn = [];
  viewers = new HomeViewers(
    async (userId) => {
      drawn.push(`${currentTenant()?.id ?? '-'}/${userId}`);
    },
    () => Date.now(),
  );
});

afterEach(() => {
  viewers.stop();
  vi.useRealTimers();
});

describe('App Home redraws', () => {
  it('draws on open, then at most once per interval however many changes come', async () => {
    viewers.opened('U1');
    await vi.advanceTimersByTimeAsync(0);
    expect(drawn).toEqual(['-/U1']);
    viewers.changed();
    viewers.changed();
    viewers.changed();
    await vi.advanceTimersByTimeAsync(HOME_INTERVAL_MS - 1);
    expect(drawn).toEqual(['-/U1']);
    await vi.advanceTimersByTimeAsync(1);
    expect(drawn).toEqual(['-/U1', '-/U1']);
    await vi.advanceTimersByTimeAsync(HOME_INTERVAL_MS * 3);
    expect(drawn).toHaveLength(2);
  });

  it('draws each tenant’s viewer inside that tenant, never another’s', async () => {
    runInTenant({ id: 'slack:T1' }, () => viewers.opened('U1'));
    runInTenant({ id: 'slack:T2' }, () => viewers.opened('U1'));
    await vi.advanceTimersByTimeAsync(0);
    expect(drawn.sort()).toEqual(['slack:T1/U1', 'slack:T2/U1']);
    viewers.changed();
    await vi.advanceTimersByTimeAsync(HOME_INTERVAL_MS);
    expect(drawn.sort()).toEqual(['slack:T1/U1', 'slack:T1/U1', 'slack:T2/U1', 'slack:T2/U1']);
  });

  it('forgets a Home not opened for an hour', async () => {
    viewers.opened('U1');
    await vi.advanceTimersByTimeAsync(60 * 60_000 + 1);
    viewers.changed();
    await vi.advanceTimersByTimeAsync(HOME_INTERVAL_MS);
    expect(drawn).toEqual(['-/U1']);
  });
});
