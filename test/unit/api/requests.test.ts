import { describe, expect, it } from 'vitest';
import { createHostingApi, ENDPOINTS } from '../../../src/api/index.js';
import type { EndpointName, HostingApi } from '../../../src/api/index.js';
import { CALLS, GOOD_DATA, SAMPLE_UUIDS } from './endpoint-calls.js';
import { ok, scriptedServerEachTest } from './scripted-server.js';
import type { ScriptedServer } from './scripted-server.js';

const { A, B } = SAMPLE_UUIDS;
const KEY = 'k_requests_test';
let server: ScriptedServer;
let api: HostingApi;

scriptedServerEachTest((s) => {
  server = s;
  api = createHostingApi({ baseUrl: server.baseUrl, apiKey: KEY, retries: 0 });
});

function form(body: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(body));
}

describe('requests follow the endpoint table', () => {
  it.each(Object.keys(ENDPOINTS) as EndpointName[])(
    'sends %s with its method, path, key and JSON accept header',
    async (name) => {
      server.enqueue(ok(GOOD_DATA[name]));
      await CALLS[name](api);
      const [request] = server.requests;
      const spec = ENDPOINTS[name];
      expect(request?.method).toBe(spec.method);
      const pattern = new RegExp(`^/v1${spec.path.replace(/\{[a-z_]+\}/g, '[^/]+')}$`);
      expect(request?.path).toMatch(pattern);
      expect(request?.headers['x-apikey']).toBe(KEY);
      expect(request?.headers.accept).toContain('application/json');
    },
  );

  it('deletes an instance with a form-encoded method override and both removal flags', async () => {
    server.enqueue(ok({ uuid: A, hostname: 'web-1' }));
    await expect(api.instances.delete(A, { removeIp: false, removeBlockStorage: true })).resolves.toEqual({
      uuid: A,
      hostname: 'web-1',
    });
    const [request] = server.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe(`/v1/instance/${A}/delete`);
    expect(request?.headers['content-type']).toContain('application/x-www-form-urlencoded');
    expect(form(request?.body ?? '')).toEqual({
      _method: 'DELETE',
      remove_ip: '0',
      remove_block_storage: '1',
    });
  });

  it('puts query parameters where the spec says, leaving out the ones not given', async () => {
    server.enqueue(
      ok(GOOD_DATA['instance.rrd']),
      ok([]),
      ok([]),
      ok(GOOD_DATA['backup.history']),
      ok(GOOD_DATA['billing.paymentMethods']),
      ok(GOOD_DATA['billing.reportSummary']),
      ok([]),
    );
    await api.instances.rrd(A, 'week');
    await api.instances.withoutPublicIp(2);
    await api.sshKeys.unassigned(104);
    await api.backups.history(A, { page: 3 });
    await api.billing.paymentMethods({ amount: 250000 });
    await api.billing.reportSummary({ limit: 5, page: 2 });
    await api.systems.list();
    expect(server.requests.map((r) => r.query.toString())).toEqual([
      'periode=week',
      'location_id=2',
      'vm_id=104',
      'page=3',
      'amount=250000',
      'limit=5&page=2',
      '',
    ]);
  });

  it('sends the form fields of ipset, ip move, vswitch and block storage calls', async () => {
    server.enqueue(
      ok(GOOD_DATA['firewall.ipsetCreate']),
      ok(GOOD_DATA['firewall.ipsetCreate']),
      ok(GOOD_DATA['ip.changeInstance']),
      ok(GOOD_DATA['network.vswitch']),
      ok(GOOD_DATA['storage.create']),
    );
    await api.firewall.createIpset(A, { name: 'office', description: 'HQ addresses' });
    await api.firewall.createIpset(A, { name: 'vpn' });
    await api.publicIps.changeInstance(A, B);
    await api.privateNetworks.setVswitch(A, B);
    await api.blockStorage.create({ name: 'data-1', location_id: 1, size: 50, encrypted: true });
    expect(server.requests.map((r) => form(r.body))).toEqual([
      { name: 'office', description: 'HQ addresses' },
      { name: 'vpn' },
      { instance_id: B },
      { vswitch: B },
      { name: 'data-1', location_id: '1', size: '50', encrypted: '1' },
    ]);
    expect(server.requests[2]?.path).toBe(`/v1/network/public/${A}/change-instance`);
  });

  it('sends no body on calls the spec gives none', async () => {
    server.enqueue(ok(GOOD_DATA['instance.stop']), ok(GOOD_DATA['ip.add']), ok(GOOD_DATA['snapshot.delete']));
    await api.instances.stop(A);
    await api.publicIps.add(A);
    await api.snapshots.delete(A, B);
    expect(server.requests.map((r) => r.body)).toEqual(['', '', '']);
    expect(server.requests[2]?.path).toBe(`/v1/instance/${A}/snapshot/${B}/delete`);
  });

  it('reports every attempt to onCall with endpoint, status and attempt number', async () => {
    const events: unknown[] = [];
    const client = createHostingApi({ baseUrl: server.baseUrl, apiKey: KEY, onCall: (e) => events.push(e) });
    server.enqueue(ok(GOOD_DATA['instance.stop']), { status: 404, body: { message: 'gone' } });
    await client.instances.stop(A);
    await client.instances.detail(A).catch(() => undefined);
    expect(events).toEqual([
      expect.objectContaining({ endpoint: 'instance.stop', status: 200, attempt: 1, errorCode: undefined }),
      expect.objectContaining({
        endpoint: 'instance.detail',
        status: 404,
        attempt: 1,
        errorCode: 'NOT_FOUND',
      }),
    ]);
    expect(events.every((e) => typeof (e as { durationMs: unknown }).durationMs === 'number')).toBe(true);
  });
});
