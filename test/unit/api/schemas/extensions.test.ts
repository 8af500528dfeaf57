// The optional endpoints E3 (instance list) and E4 (balance summary) of spec part 10: the published
// sample shapes, read tolerantly like every other endpoint, and the query the client sends.
import { describe, expect, it } from 'vitest';
import { createHostingApi, isApiError, parseApiDate } from '../../../../src/api/index.js';
import type { HostingApi } from '../../../../src/api/index.js';
import { ok, scriptedServerEachTest } from '../scripted-server.js';
import type { ScriptedServer } from '../scripted-server.js';

let server: ScriptedServer;
let api: HostingApi;

scriptedServerEachTest((s) => {
  server = s;
  api = createHostingApi({ baseUrl: server.baseUrl, apiKey: 'k_extensions_test', retries: 0 });
});

/** E3 as published (part 10), the uuid completed (the spec elides it). */
const E3_SAMPLE = {
  data: [
    {
      uuid: '7995e990-c3bf-4e27-8ce2-89fd5783f9ea',
      hostname: 'test-bagas',
      ip_address: null,
      cpu: 2,
      memory: '2 GB',
      storage: '30GB',
      status: 'Running',
      location: 'Jakarta 1',
      tier: 'Cloud Compute AMD Epyc',
      price_per_hour: 327,
      estimated_monthly_cost: 235440,
      cost: null,
      operation_flag: 0,
      created_at: '25 January 2024, 14:43',
    },
  ],
  active_operation: 0,
  page: { total: 2, count: 2, per_page: 10, current_page: 1, total_pages: 1 },
};

/** E4 as published (part 10). */
const E4_SAMPLE = {
  current_balance: 0,
  last_topup: [{ amount: 0, date: '26/08/2024' }],
  current_cost: 0,
  actual_balance: 0,
  estimated_monthly_total: 0,
};

describe('E3 instance list', () => {
  it('reads the published sample: a page of servers, the comma date kept raw and readable', async () => {
    server.enqueue({ status: 200, body: { message: 'Virtual machines list', data: E3_SAMPLE } });
    const list = await api.instances.list();
    expect(server.requests[0]?.path).toBe('/v1/instances');
    expect(list.page).toEqual({ total: 2, count: 2, per_page: 10, current_page: 1, total_pages: 1 });
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({
      hostname: 'test-bagas',
      ip_address: null,
      cpu: '2',
      status: 'Running',
      location: 'Jakarta 1',
      price_per_hour: 327,
      estimated_monthly_cost: 235440,
      cost: null,
      created_at: '25 January 2024, 14:43',
    });
    expect(parseApiDate(list.items[0]?.created_at)?.toISOString()).toBe('2024-01-25T14:43:00.000Z');
  });

  it('takes numbers as strings, nulls, odd values and extra fields; a missing page object is completed', async () => {
    server.enqueue(
      ok({
        data: [
          {
            uuid: '11111111-2222-4333-8444-555555555555',
            hostname: null,
            ip_address: '203.0.113.7',
            price_per_hour: '1250.5',
            estimated_monthly_cost: 'n/a',
            operation_flag: '1',
            status: null,
            brand_new: { nested: true },
          },
        ],
      }),
    );
    const list = await api.instances.list({ limit: 100, page: 3 });
    expect(list.items[0]).toMatchObject({
      hostname: null,
      ip_address: '203.0.113.7',
      price_per_hour: 1250.5,
      estimated_monthly_cost: null,
      operation_flag: 1,
      status: null,
      location: null,
      brand_new: { nested: true },
    });
    expect(list.page).toMatchObject({ current_page: 3, total_pages: 3, count: 1 });
  });

  it('sends limit, page, search, sort and the statuses comma-separated', async () => {
    server.enqueue(ok(E3_SAMPLE));
    await api.instances.list({
      limit: 50,
      page: 2,
      search: 'web',
      sort: 'cost',
      statuses: ['Running', 'Error'],
    });
    const query = Object.fromEntries(server.requests[0]?.query ?? []);
    expect(query).toEqual({ limit: '50', page: '2', search: 'web', sort: 'cost', statuses: 'Running,Error' });
  });

  it('refuses a sort the endpoint does not take, without calling it', async () => {
    const error = await api.instances.list({ sort: 'hostname' as 'cost' }).catch((e: unknown) => e);
    expect(isApiError(error) && error.code).toBe('INVALID_INPUT');
    expect(server.requests).toHaveLength(0);
  });

  it('a server without a uuid is a broken response, not a row', async () => {
    server.enqueue(ok({ data: [{ hostname: 'web-1' }] }));
    const error = await api.instances.list().catch((e: unknown) => e);
    expect(isApiError(error) && error.code).toBe('UPSTREAM_INVALID');
  });

  it('a 404 keeps its status, so callers can tell "not offered here"', async () => {
    server.enqueue({ status: 404, body: { message: 'Not Found' } });
    const error = await api.instances.list().catch((e: unknown) => e);
    expect(isApiError(error) && error.status).toBe(404);
  });
});

describe('E4 balance summary', () => {
  it('reads the published sample, the day/month/year date read day first', async () => {
    server.enqueue({ status: 200, body: { message: 'This month summary', data: E4_SAMPLE } });
    const summary = await api.billing.summary();
    expect(server.requests[0]?.path).toBe('/v1/billing/summary');
    expect(summary).toEqual(E4_SAMPLE);
    expect(parseApiDate(summary.last_topup[0]?.date)?.toISOString()).toBe('2024-08-26T00:00:00.000Z');
  });

  it('takes numbers as strings, nulls, a single top-up object, a missing list and extra fields', async () => {
    server.enqueue(
      ok({
        current_balance: '1500000',
        actual_balance: null,
        current_cost: '250000.50',
        last_topup: { amount: '500000', date: '03/11/2026' },
        currency: 'IDR',
      }),
    );
    const summary = await api.billing.summary();
    expect(summary).toMatchObject({
      current_balance: 1_500_000,
      actual_balance: null,
      current_cost: 250_000.5,
      estimated_monthly_total: null,
      last_topup: [{ amount: 500_000, date: '03/11/2026' }],
      currency: 'IDR',
    });
    server.enqueue(ok({ current_balance: 10 }));
    expect((await api.billing.summary()).last_topup).toEqual([]);
  });
});
