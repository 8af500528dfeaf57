// A server's own page is resolved when it recovers inside a storm group (issue 24): web-1's CPU
// incident opened while web-1 was alone in its group, so it showed and paged on its own; a second
// server then turned the group into a group card. When web-1's CPU recovers, its own page resolves
// even though the group (paged through web-1's status incident) is still open.
import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../../src/store/memory/table-store.js';
import { groupBook } from '../../../src/watch/books/group-book.js';
import type { IncidentPager } from '../../../src/watch/delivery/incident-pages.js';
import { pollOnce } from '../../../src/watch/poll-once.js';
import type { PollDeps } from '../../../src/watch/poll-deps.js';
import { NO_ALERT_METRICS } from '../../../src/watch/ports.js';
import { createWatchService, watchBook } from '../../../src/watch/books/watch-book.js';
import { fakeHostingApi, instanceDetail } from '../../support/fake-api.js';
import { postLog } from '../../support/recording-poster.js';

const uuidOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('pages of a server inside a storm group', () => {
  it('resolves a member’s own page when it recovers while the group stays open', async () => {
    const store = createMemoryStore();
    const service = createWatchService(store);
    const by = { platform: 'slack' as const, userId: 'U1', displayName: 'oscar' };
    for (const n of [1, 2])
      await service.set(
        'slack',
        'C1',
        { instance: { uuid: uuidOf(n), label: `web-${n}` }, cpuPercent: 80 },
        by,
      );
    const status = new Map<string, string>();
    const cpu = new Map<string, number>();
    const api = fakeHostingApi({
      instances: {
        async detail(uuid: string) {
          const n = Number(uuid.slice(-12));
          return instanceDetail({ uuid, hostname: `web-${n}`, status: status.get(uuid) ?? 'Running' });
        },
        async rrd(uuid: string) {
          const load = cpu.get(uuid) ?? 10;
          return {
            cpu: [load, load, load].map((v) => ({ time: null, cpu: v })),
            memory: [],
            network: [],
            disk: [],
          };
        },
      },
    });
    const pages: string[] = [];
    const pager: IncidentPager = {
      async opened(watch, alert) {
        pages.push(`trigger ${watch.instance.label} ${alert.kind}`);
      },
      async acknowledged() {},
      async recovered(watchId, kind) {
        pages.push(`resolve ${watchId} ${kind}`);
      },
      async stormTriggered(page) {
        pages.push(`storm ${page.summary}`);
        return true;
      },
      async stormFollowed(action, key) {
        pages.push(`storm ${action} ${key}`);
        return true;
      },
      async released() {},
    };
    const book = watchBook(store);
    let clock = 1_700_000_000_000;
    const deps: PollDeps = {
      api,
      store,
      book,
      poster: postLog().poster('r1'),
      metrics: NO_ALERT_METRICS,
      now: () => clock,
      pager,
      groups: groupBook(store, 30_000),
      warn() {},
    };
    const [w1, w2] = (await book.watches.list()).sort((a, b) =>
      a.instance.label.localeCompare(b.instance.label),
    );
    const poll = async () => {
      clock += 1_000;
      for (const w of [w1!, w2!]) await pollOnce(deps, w);
    };
    await poll();
    status.set(uuidOf(1), 'Error');
    await poll();
    cpu.set(uuidOf(1), 97);
    await poll();
    status.set(uuidOf(2), 'Error');
    await poll();
    // The group's page, re-sent as a storm once web-2 made it one (issue 38).
    expect(pages).toEqual([
      'trigger web-1 status',
      'trigger web-1 cpu',
      'storm 2 servers need attention — several locations and kinds',
    ]);
    cpu.set(uuidOf(1), 10);
    await poll();
    expect(pages).toContain(`resolve ${w1!.id} cpu`);
    // The group's page (web-1's status incident) stays open while the storm lasts.
    expect(pages).not.toContain(`resolve ${w1!.id} status`);
  });
});
