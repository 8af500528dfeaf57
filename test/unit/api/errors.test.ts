import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createHostingApi } from '../../../src/api/index.js';
import type { ApiError, HostingApi } from '../../../src/api/index.js';
import { parseRetryAfter } from '../../../src/api/failures.js';
import { SAMPLE_UUIDS } from './endpoint-calls.js';
import { ok, scriptedServerEachTest, startScriptedServer } from './scripted-server.js';
import type { ScriptedServer } from './scripted-server.js';
import { failure } from '../../support/api-failure.js';

const KEY = 'sk_live_TOPSECRET_9f8e7d6c5b4a';
const { A } = SAMPLE_UUIDS;
let server: ScriptedServer;

scriptedServerEachTest((s) => (server = s));

function api(extra: Partial<Parameters<typeof createHostingApi>[0]> = {}): HostingApi {
  return createHostingApi({ baseUrl: server.baseUrl, apiKey: KEY, retries: 0, ...extra });
}

/** Every way an error could be written out somewhere. */
function everyRendering(error: ApiError): string[] {
  const cause = error.cause;
  return [
    JSON.stringify(error),
    JSON.stringify(error, Object.getOwnPropertyNames(error)),
    String(error),
    error.message,
    error.stack ?? '',
    error.chatText(),
    inspect(error, { depth: 10, showHidden: true }),
    String(cause),
    cause instanceof Error ? (cause.stack ?? '') : '',
    JSON.stringify(cause, cause instanceof Error ? Object.getOwnPropertyNames(cause) : undefined) ?? '',
    inspect(cause, { depth: 10, showHidden: true }),
  ];
}

describe('HTTP status mapping', () => {
  it.each([
    [401, 'UNAUTHORIZED'],
    [403, 'FORBIDDEN'],
    [404, 'NOT_FOUND'],
    [400, 'INVALID_INPUT'],
    [422, 'INVALID_INPUT'],
    [409, 'CONFLICT'],
    [429, 'RATE_LIMITED'],
    [500, 'UPSTREAM_ERROR'],
    [502, 'UPSTREAM_ERROR'],
    [503, 'UPSTREAM_ERROR'],
  ])('maps HTTP %i to %s, keeping the status, the endpoint and the API message', async (status, code) => {
    server.enqueue({ status, body: { message: `server says ${status}` } });
    const error = await failure(api().instances.stop(A));
    expect(error).toMatchObject({
      code,
      status,
      endpoint: 'instance.stop',
      apiMessage: `server says ${status}`,
    });
    expect(error.chatText()).toContain(`HTTP ${status}`);
  });

  it('leaves apiMessage empty when the error body is not JSON', async () => {
    server.enqueue({ status: 502, body: '<html>Bad gateway</html>' });
    const error = await failure(api().instances.stop(A));
    expect(error).toMatchObject({ code: 'UPSTREAM_ERROR', status: 502, apiMessage: undefined });
  });

  it('treats a redirect as an unusable response instead of following it', async () => {
    server.enqueue({ status: 302, headers: { location: 'http://127.0.0.1:1/elsewhere' } });
    const error = await failure(api().instances.detail(A));
    expect(error).toMatchObject({ code: 'UPSTREAM_INVALID', status: 302 });
    expect(server.requests).toHaveLength(1);
  });

  it('carries Retry-After of a 429 as milliseconds', async () => {
    server.enqueue({ status: 429, headers: { 'retry-after': '7' } });
    const error = await failure(api().instances.stop(A));
    expect(error.retryAfterMs).toBe(7000);
  });

  it('reads Retry-After given as seconds or as an HTTP date', () => {
    const now = Date.parse('2025-03-01T10:00:00Z');
    expect(parseRetryAfter('12', now)).toBe(12_000);
    expect(parseRetryAfter('Sat, 01 Mar 2025 10:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Sat, 01 Mar 2025 09:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });
});

describe('the API key never leaks', () => {
  const leaks: [string, string, () => Promise<ApiError>][] = [
    [
      'a 401 whose message echoes the key',
      'UNAUTHORIZED',
      async () => {
        server.enqueue({ status: 401, body: { message: `invalid key ${KEY}` } });
        return failure(api().instances.detail(A));
      },
    ],
    [
      'a timeout',
      'TIMEOUT',
      async () => {
        server.enqueue({ hang: true });
        return failure(api({ timeoutMs: 80 }).instances.detail(A));
      },
    ],
    [
      'a refused connection',
      'NETWORK',
      async () => {
        const client = api();
        await server.close();
        const error = await failure(client.instances.detail(A));
        server = await startScriptedServer();
        return error;
      },
    ],
    [
      'an unusable body',
      'UPSTREAM_INVALID',
      async () => {
        server.enqueue({ status: 200, body: `{"data": "${KEY}"` });
        return failure(api().instances.detail(A));
      },
    ],
    [
      'a schema mismatch',
      'UPSTREAM_INVALID',
      async () => {
        server.enqueue(ok({ hostname: KEY, note: KEY }));
        return failure(api().instances.detail(A));
      },
    ],
    ['a rejected input', 'INVALID_INPUT', async () => failure(api().instances.detail('not-a-uuid'))],
  ];

  it.each(leaks)('keeps the key out of every rendering of %s (%s)', async (_label, code, produce) => {
    const error = await produce();
    expect(error.code).toBe(code);
    for (const text of everyRendering(error)) expect(text).not.toContain(KEY);
    expect(error.apiMessage ?? '').not.toContain(KEY);
  });

  it('sends the key only in the x-apikey header', async () => {
    server.enqueue(ok({ uuid: A, hostname: 'web-1' }));
    await api().instances.detail(A);
    const [request] = server.requests;
    expect(request?.headers['x-apikey']).toBe(KEY);
    expect(request?.path).not.toContain(KEY);
    expect(request?.query.toString()).not.toContain(KEY);
  });

  it('never passes the key to onCall', async () => {
    const seen: string[] = [];
    server.enqueue({ status: 500, body: { message: KEY } });
    await failure(api({ onCall: (event) => seen.push(JSON.stringify(event)) }).instances.stop(A));
    expect(seen).toHaveLength(1);
    expect(seen[0]).not.toContain(KEY);
  });
});

describe('input validation happens before any request', () => {
  const bad: [string, (client: HostingApi) => Promise<unknown>][] = [
    ['a malformed instance uuid', (c) => c.instances.detail('web-1')],
    ['a path-traversal attempt', (c) => c.instances.stop('../../billing/v2/payment-methods')],
    ['an empty uuid', (c) => c.instances.consoleWebsocket('')],
    ['a malformed snapshot uuid', (c) => c.snapshots.delete(A, 'snap-1')],
    ['a malformed backup uuid', (c) => c.backups.restore(A, '123')],
    ['a malformed ip uuid', (c) => c.publicIps.changeInstance('1.2.3.4', A)],
    ['a malformed target instance', (c) => c.publicIps.changeInstance(A, 'web-2')],
    ['a malformed vswitch uuid', (c) => c.privateNetworks.setVswitch(A, 'backend')],
    ['a zero vswitch id', (c) => c.privateNetworks.graph(0)],
    ['a fractional vswitch id', (c) => c.privateNetworks.graph(1.5)],
    ['a negative location id', (c) => c.instances.withoutPublicIp(-1)],
    ['a NaN vm id', (c) => c.sshKeys.unassigned(Number.NaN)],
    ['an unknown periode', (c) => c.instances.rrd(A, 'fortnight' as 'day')],
    ['a zero page', (c) => c.backups.history(A, { page: 0 })],
    ['a fractional limit', (c) => c.billing.reportSummary({ limit: 2.5 })],
    ['a negative amount', (c) => c.billing.paymentMethods({ amount: -5 })],
    ['a non-integer location filter', (c) => c.systems.list({ location: 1.1 })],
    ['an empty ipset name', (c) => c.firewall.createIpset(A, { name: '  ' })],
    ['an empty storage name', (c) => c.blockStorage.create({ name: '' })],
    [
      'a method override smuggled into storage fields',
      (c) => c.blockStorage.create({ name: 'x', _method: 'DELETE' }),
    ],
    [
      'delete flags that are not booleans',
      (c) =>
        c.instances.delete(A, { removeIp: 'yes', removeBlockStorage: false } as unknown as {
          removeIp: boolean;
          removeBlockStorage: boolean;
        }),
    ],
  ];

  it.each(bad)('rejects %s with INVALID_INPUT and sends nothing', async (_label, run) => {
    const error = await failure(run(api()));
    expect(error.code).toBe('INVALID_INPUT');
    expect(error.status).toBeUndefined();
    expect(error.apiMessage).toBeTruthy();
    expect(server.requests).toHaveLength(0);
  });
});

describe('configuration', () => {
  it('refuses a base URL that is not http(s)', () => {
    expect(() => createHostingApi({ baseUrl: 'ftp://example/v1', apiKey: KEY })).toThrow(/http/);
    expect(() => createHostingApi({ baseUrl: 'not a url', apiKey: KEY })).toThrow(/valid URL/);
  });

  it('refuses an empty API key', () => {
    expect(() => createHostingApi({ baseUrl: server.baseUrl, apiKey: '' })).toThrow(/key/);
  });

  it('accepts a base URL with a trailing slash', async () => {
    server.enqueue(ok([]));
    await createHostingApi({ baseUrl: `${server.baseUrl}/`, apiKey: KEY }).systems.list();
    expect(server.requests[0]?.path).toBe('/v1/systems');
  });

  it('keeps working when the onCall hook throws', async () => {
    server.enqueue(ok([]));
    const client = api({
      onCall: () => {
        throw new Error('metrics down');
      },
    });
    await expect(client.systems.list()).resolves.toEqual([]);
  });
});
