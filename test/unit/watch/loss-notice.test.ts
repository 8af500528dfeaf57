// Watches lost with the store's data are told per tenant (issue 44 item 17): two workspaces with a
// channel of the same id each hear of their own lost watches only, as themselves, in their channel's
// language, once; and nothing is said while the store reports no loss.
import { describe, expect, it } from 'vitest';
import type { MessageRef, StoreFaults } from '../../../src/core/index.js';
import { setChannelLocale } from '../../../src/core/channel-language.js';
import type { Message } from '../../../src/render/message.js';
import { renderText } from '../../../src/render/text.js';
import { createMemoryStore } from '../../../src/store/memory/table-store.js';
import { currentTenant } from '../../../src/adapter-kit/tenant-context.js';
import { tenantScope } from '../../../src/tenants/scope.js';
import { tenantScopedStore } from '../../../src/tenants/tenant-store.js';
import { createLossNotices } from '../../../src/watch/loss-notice.js';
import { NO_ALERT_METRICS } from '../../../src/watch/ports.js';
import { type ChannelPoster } from '../../../src/core/index.js';
import { watchBook, watchId } from '../../../src/watch/books/watch-book.js';

const by = { platform: 'slack' as const, userId: 'U1', displayName: 'oscar' };

describe('the data-loss notice of lost watches', () => {
  it('tells each tenant’s channel of its own lost watches, once, as that tenant', async () => {
    const scope = tenantScope(async (id) => ({ id }));
    const base = createMemoryStore();
    const faults: StoreFaults = { writeFailures: 0, corruptRecords: 0, dataLosses: 0 };
    base.faults = () => ({ ...faults });
    const store = tenantScopedStore(base, scope);
    const watch = (tenant: string, label: string, uuid: string) =>
      scope.run(tenant, () =>
        watchBook(store).watches.put(watchId('slack', 'C1', uuid), {
          id: watchId('slack', 'C1', uuid),
          platform: 'slack',
          channelId: 'C1',
          instance: { uuid, label },
          setBy: by,
          setAt: 0,
        }),
      );
    await watch('slack:TA', 'web-a', 'ua');
    await watch('slack:TB', 'web-b', 'ub');
    await scope.run('slack:TB', () =>
      setChannelLocale(store, 'slack', 'C1', { locale: 'id', setBy: 'U2', at: 0 }),
    );
    const posts: { tenant: string | undefined; text: string }[] = [];
    const poster: ChannelPoster = {
      platform: 'slack',
      post: async (channelId, message: Message): Promise<MessageRef> => {
        posts.push({ tenant: currentTenant()?.id, text: renderText(message) });
        return { platform: 'slack', channelId, id: String(posts.length) };
      },
      update: async () => undefined,
    };
    const notices = createLossNotices({
      store,
      posters: [poster],
      metrics: NO_ALERT_METRICS,
      tenants: scope,
      now: () => 0,
      warn: () => undefined,
    });
    await notices.look();
    await notices.look();
    expect(posts).toEqual([]);
    // The store loses its data (every record gone), and reports it.
    for (const [tenant, uuid] of [
      ['slack:TA', 'ua'],
      ['slack:TB', 'ub'],
    ] as const)
      await scope.run(tenant, () => watchBook(store).watches.delete(watchId('slack', 'C1', uuid)));
    faults.dataLosses = 1;
    await notices.look();
    await notices.look();
    expect(posts).toHaveLength(2);
    const a = posts.find((p) => p.tenant === 'slack:TA');
    const b = posts.find((p) => p.tenant === 'slack:TB');
    expect(a?.text).toContain('No longer watched: web-a.');
    expect(a?.text).not.toContain('web-b');
    expect(b?.text).toContain('Tidak dipantau lagi: web-b.');
    expect(b?.text).not.toContain('web-a');
  });
});
