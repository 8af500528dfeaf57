import { describe, expect, it } from 'vitest';
import { createHostingApi, isApiError } from '../../../../src/api/index.js';
import type { EndpointName, HostingApi } from '../../../../src/api/index.js';
import { CALLS, SAMPLE_UUIDS } from '../endpoint-calls.js';
import { ok, scriptedServerEachTest } from '../scripted-server.js';
import type { ScriptedServer } from '../scripted-server.js';

const { A, B } = SAMPLE_UUIDS;
let server: ScriptedServer;
let api: HostingApi;

scriptedServerEachTest((s) => {
  server = s;
  api = createHostingApi({ baseUrl: server.baseUrl, apiKey: 'k_schema_test', retries: 0 });
});

describe('tolerant payloads', () => {
  it('reads an instance detail with numbers for strings, strings for numbers, nulls and extra fields', async () => {
    server.enqueue(
      ok({
        uuid: A,
        hostname: 'web-1',
        cpu: 2,
        memory: 4096,
        storage: '80 GB',
        is_cpu_dedicated: '0',
        status: 'Running',
        public_ip: [],
        rdns: null,
        private_network: null,
        location_id: '1',
        tier_id: null,
        os: { template_id: '12', name: 'Ubuntu', min_cpu: '1', image: null },
        price_per_hour: '1250.50',
        estimated_monthly_price: 912500,
        cost: 'n/a',
        created_at: '25 January 2024 14:37',
        last_backup_at: null,
        brand_new_field: { nested: true },
      }),
    );
    const detail = await api.instances.detail(A);
    expect(detail).toMatchObject({
      cpu: '2',
      memory: '4096',
      is_cpu_dedicated: false,
      public_ip: null,
      rdns: null,
      location_id: 1,
      tier_id: null,
      price_per_hour: 1250.5,
      estimated_monthly_price: 912500,
      cost: null,
      created_at: '25 January 2024 14:37',
      last_backup_at: null,
      brand_new_field: { nested: true },
    });
    expect(detail.os).toMatchObject({ template_id: 12, name: 'Ubuntu', min_cpu: 1, image: null });
    // Fields the API left out entirely read as null, so callers can show "—".
    expect(detail.username).toBeNull();
    expect(detail.updated_at).toBeNull();
  });

  it('reads a private network whose gateway fields are all null', async () => {
    server.enqueue(
      ok({
        uuid: B,
        name: 'edge',
        tag: '8',
        location: { id: 2, name: 'Singapore' },
        total_active_instance: '0',
        status: 'Active',
        gateway: { uuid: null, hostname: null, private_ip: null },
        created_at: '3 March 2024 09:05',
      }),
    );
    const network = await api.privateNetworks.details(B);
    expect(network).toMatchObject({ tag: 8, total_active_instance: 0, vid: null, last_update_at: null });
    expect(network.gateway).toEqual({ uuid: null, hostname: null, private_ip: null });
  });

  it('reads billing reports with the spaced period key, string totals and a missing page object', async () => {
    server.enqueue(
      ok({
        data: [
          {
            id: '31',
            'billing periode': 'January 2024',
            billing_date: '2024-02-01T00:00:00Z',
            status: 'Not Settled',
            fully_settle: 'false',
            total: '150000',
            can_download: 1,
          },
          { id: 30, 'billing periode': null, total: 99000.5, fully_settle: true },
        ],
      }),
    );
    const result = await api.billing.reportSummary({ limit: 10, page: 2 });
    expect(result.items[0]).toMatchObject({
      id: 31,
      'billing periode': 'January 2024',
      billing_periode: 'January 2024',
      fully_settle: false,
      total: 150000,
      can_download: true,
    });
    expect(result.items[1]).toMatchObject({
      id: 30,
      billing_periode: null,
      status: null,
      can_download: null,
    });
    // No page object: these items are taken as the last page of what was asked for.
    expect(result.page).toEqual({ total: 12, count: 2, per_page: 10, current_page: 2, total_pages: 2 });
  });

  it('uses the page object when present, filling gaps in a partial one', async () => {
    server.enqueue(
      ok({
        data: [
          { id: 'b7e1c3d2-9a4f-4e6b-8d1c-2f3a4b5c6d7e', size: '20', created_at: '25 January 2024 14:37' },
        ],
        page: { total: '23', per_page: 10, current_page: '3' },
      }),
    );
    const history = await api.backups.history(A, { limit: 10, page: 3 });
    expect(history.items[0]).toMatchObject({ size: 20, attached_storage: [], schedule: null });
    expect(history.page).toEqual({ total: 23, count: 1, per_page: 10, current_page: 3, total_pages: 3 });
  });

  it('keeps the page count finite when the API reports per_page 0', async () => {
    server.enqueue(ok({ data: [{ id: 1 }], page: { total: 5, per_page: 0, current_page: 1 } }));
    const result = await api.billing.reportSummary({ limit: 2 });
    expect(result.page).toEqual({ total: 5, count: 1, per_page: 2, current_page: 1, total_pages: 3 });
  });

  it('accepts a paginated endpoint that answers with a bare list', async () => {
    server.enqueue(ok([{ id: 1 }, { id: 2 }]));
    const result = await api.billing.reportSummary();
    expect(result.items.map((i) => i.id)).toEqual([1, 2]);
    expect(result.page).toEqual({ total: 2, count: 2, per_page: 2, current_page: 1, total_pages: 1 });
  });

  it('reads payment methods with a missing category and numeric strings', async () => {
    server.enqueue(
      ok({
        bank: [{ name: 'BCA', code: 'bca', image: 'https://x/bca.png', fee: '4000', vat: '440' }],
        card: null,
        ewallet: [{ name: 'OVO', code: 'ovo', fee: 1.5 }],
        qris: [],
      }),
    );
    const methods = await api.billing.paymentMethods({ amount: 100000 });
    expect(methods.bank[0]).toMatchObject({ fee: 4000, vat: 440 });
    expect(methods.card).toEqual([]);
    expect(methods.ritel).toEqual([]);
    expect(methods.ewallet[0]).toMatchObject({ fee: 1.5, vat: null, image: null });
  });

  it('reads monitoring series with epoch times, string numbers and missing series', async () => {
    server.enqueue(
      ok({
        cpu: [{ time: 1700000000, cpu: '12.5' }],
        memory: null,
        network: [{ time: '2024-01-25 14:37:00', raw_netin: 10 }],
      }),
    );
    const rrd = await api.instances.rrd(A, 'hour');
    expect(rrd.cpu).toEqual([{ time: '1700000000', cpu: 12.5 }]);
    expect(rrd.memory).toEqual([]);
    expect(rrd.disk).toEqual([]);
    expect(rrd.network[0]).toMatchObject({ raw_netin: 10, netin: null, raw_netout: null });
  });

  it('reads a network graph, the OS catalogue, SSH keys and instance options in their variant shapes', async () => {
    server.enqueue(
      ok({
        nodes: [{ id: 7, type: 'switch', position: { x: '10', y: 20 }, draggable: 'false' }],
        edges: [{ id: 'e1', source: 7, target: 'vm-1' }],
      }),
      ok([
        { id: '3', os_name: 'Ubuntu', os_version: [{ id: 31, version: 22.04, min_memory: '1024' }] },
        { id: 4, os_name: 'Debian' },
      ]),
      ok([
        { id: '5', title: 'laptop' },
        { id: 6, title: null },
      ]),
      ok([{ id: A, hostname: 'db-1', location: 'Jakarta' }]),
    );
    const graph = await api.privateNetworks.graph(7);
    expect(graph.nodes[0]).toMatchObject({
      id: '7',
      position: { x: 10, y: 20 },
      draggable: false,
      parent: null,
    });
    expect(graph.edges[0]).toMatchObject({ source: '7', target: 'vm-1', label: null });
    const systems = await api.systems.list({ location: 1 });
    expect(systems[0]).toMatchObject({ id: 3, os_version: [{ id: 31, version: '22.04', min_memory: 1024 }] });
    expect(systems[1]?.os_version).toEqual([]);
    expect(await api.sshKeys.unassigned(101)).toMatchObject([
      { id: 5, title: 'laptop' },
      { id: 6, title: null },
    ]);
    expect(await api.instances.withoutPublicIp(1)).toEqual([
      { id: A, hostname: 'db-1', location: 'Jakarta' },
    ]);
  });

  it('accepts operation results with numeric ids and a missing echoed hostname', async () => {
    server.enqueue(ok({ uuid: A }), ok({ block_storage_id: 991 }));
    expect(await api.instances.stop(A)).toEqual({ uuid: A, hostname: '' });
    expect(await api.blockStorage.create({ name: 'data' })).toEqual({ block_storage_id: '991' });
  });
});

describe('unusable bodies become UPSTREAM_INVALID naming the endpoint', () => {
  const garbage: [string, EndpointName, unknown][] = [
    ['a body that is not JSON', 'instance.detail', '<html>oops</html>'],
    ['an empty body', 'instance.stop', ''],
    ['a JSON array instead of an envelope', 'systems.list', [1, 2, 3]],
    ['an envelope without data', 'instance.detail', { message: 'ok' }],
    ['an envelope with null data', 'network.details', { message: 'ok', data: null }],
    ['a string where an object is required', 'instance.detail', { message: 'ok', data: 'web-1' }],
    ['a detail without a uuid', 'instance.detail', { message: 'ok', data: { hostname: 'web-1' } }],
    ['a stop result without a uuid', 'instance.stop', { message: 'ok', data: { hostname: 'web-1' } }],
    ['a console result without a password', 'instance.console', { message: 'ok', data: { url: 'wss://x' } }],
    ['an object where a list is required', 'sshkey.unassigned', { message: 'ok', data: { id: 1 } }],
    ['a list item of the wrong kind', 'instance.noIp', { message: 'ok', data: ['db-1'] }],
    [
      'a paginated payload whose data is a string',
      'backup.history',
      { message: 'ok', data: { data: 'none' } },
    ],
    ['a series that is not a list', 'instance.rrd', { message: 'ok', data: { cpu: 'high' } }],
    ['payment methods as a list', 'billing.paymentMethods', { message: 'ok', data: [] }],
    [
      'a report item without an id',
      'billing.reportSummary',
      { message: 'ok', data: { data: [{ total: 1 }] } },
    ],
    [
      'an edge without a source',
      'network.graph',
      { message: 'ok', data: { nodes: [], edges: [{ id: 'e', target: 'x' }] } },
    ],
    [
      'a restore result with an empty backup uuid',
      'backup.restore',
      { message: 'ok', data: { vm_uuid: A, backup_uuid: '' } },
    ],
  ];

  it.each(garbage)('reports %s from %s as UPSTREAM_INVALID', async (_label, endpoint, body) => {
    server.enqueue({ status: 200, body });
    const error = await CALLS[endpoint](api).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isApiError(error)).toBe(true);
    expect(error).toMatchObject({ code: 'UPSTREAM_INVALID', endpoint, status: 200 });
    expect(String(error)).toContain(endpoint);
  });
});
