import { describe, expect, it } from 'vitest';
import { hostingApiOn } from '../../../src/api/client.js';
import { createHostingApi, ENDPOINTS } from '../../../src/api/index.js';
import type { EndpointName, HostingApi } from '../../../src/api/index.js';
import { createTransport } from '../../../src/api/transport.js';
import type { CallEvent } from '../../../src/api/transport.js';
import { CALLS, GOOD_DATA } from './endpoint-calls.js';
import { ok, scriptedServerEachTest, startScriptedServer } from './scripted-server.js';
import type { ScriptedServer } from './scripted-server.js';
import { failure } from '../../support/api-failure.js';

const KEY = 'key_retry_secret_0123456789';
let server: ScriptedServer;

scriptedServerEachTest((s) => (server = s));

function api(extra: Partial<Parameters<typeof createHostingApi>[0]> = {}): HostingApi {
  return createHostingApi({ baseUrl: server.baseUrl, apiKey: KEY, retryBaseDelayMs: 1, ...extra });
}

/** A client whose backoff waits are recorded instead of slept. */
function apiWithRecordedSleep(extra: { retries?: number; maxRetryAfterMs?: number } = {}) {
  const sleeps: number[] = [];
  const client = hostingApiOn(
    createTransport({
      baseUrl: server.baseUrl,
      apiKey: KEY,
      timeoutMs: 2_000,
      retries: extra.retries ?? 2,
      retryBaseDelayMs: 100,
      maxRetryAfterMs: extra.maxRetryAfterMs ?? 30_000,
      sleep: async (ms) => {
        sleeps.push(ms);
      },
    }),
  );
  return { client, sleeps };
}

const unsafe = (Object.keys(ENDPOINTS) as EndpointName[]).filter((name) => !ENDPOINTS[name].retrySafe);
const safe = (Object.keys(ENDPOINTS) as EndpointName[]).filter((name) => ENDPOINTS[name].retrySafe);

describe('retries', () => {
  it('treats backup restore and backup delete (state-changing GETs) as unsafe to retry', () => {
    expect(unsafe).toEqual(
      expect.arrayContaining([
        'backup.restore',
        'backup.delete',
        'instance.stop',
        'instance.start',
        'instance.restart',
      ]),
    );
    // The 12 changes of part 4 and start / restart (E5, E6).
    expect(unsafe).toHaveLength(14);
  });

  it.each(unsafe)('sends exactly one request when %s fails with a 500', async (name) => {
    server.setDefault({ status: 500, body: { message: 'boom' } });
    const error = await failure(CALLS[name](api()));
    expect(error.code).toBe('UPSTREAM_ERROR');
    expect(error.endpoint).toBe(name);
    expect(server.requests).toHaveLength(1);
  });

  it.each(unsafe)('sends exactly one request when %s is rate limited', async (name) => {
    server.setDefault({ status: 429, headers: { 'retry-after': '0' }, body: { message: 'slow down' } });
    const error = await failure(CALLS[name](api()));
    expect(error.code).toBe('RATE_LIMITED');
    expect(server.requests).toHaveLength(1);
  });

  it.each(unsafe)('sends exactly one request when %s times out', async (name) => {
    server.setDefault({ hang: true });
    const error = await failure(CALLS[name](api({ timeoutMs: 100 })));
    expect(error.code).toBe('TIMEOUT');
    expect(server.requests).toHaveLength(1);
  });

  it.each(safe)('retries the safe read %s after two 500s and succeeds on the third request', async (name) => {
    server.enqueue({ status: 500 }, { status: 503, body: 'Service Unavailable' }, ok(GOOD_DATA[name]));
    await expect(CALLS[name](api())).resolves.toBeDefined();
    expect(server.requests).toHaveLength(3);
  });

  it('gives up on a safe read after 1 + retries attempts and reports each attempt', async () => {
    const events: CallEvent[] = [];
    const error = await failure(
      api({ retries: 2, onCall: (e) => events.push(e) }).instances.detail(
        '11111111-2222-4333-8444-555555555555',
      ),
    );
    expect(error.code).toBe('UPSTREAM_ERROR');
    expect(server.requests).toHaveLength(3);
    expect(events.map((e) => [e.endpoint, e.attempt, e.status, e.errorCode])).toEqual([
      ['instance.detail', 1, 500, 'UPSTREAM_ERROR'],
      ['instance.detail', 2, 500, 'UPSTREAM_ERROR'],
      ['instance.detail', 3, 500, 'UPSTREAM_ERROR'],
    ]);
  });

  it('does not retry a safe read that failed for a reason a retry cannot fix', async () => {
    for (const status of [400, 401, 403, 404, 409, 422]) server.enqueue({ status, body: { message: 'no' } });
    for (let i = 0; i < 6; i++) {
      await failure(api().instances.detail('11111111-2222-4333-8444-555555555555'));
    }
    expect(server.requests).toHaveLength(6);
  });

  it('does not retry a safe read whose body is unusable', async () => {
    server.setDefault({ status: 200, body: 'not json' });
    const error = await failure(api().systems.list());
    expect(error.code).toBe('UPSTREAM_INVALID');
    expect(server.requests).toHaveLength(1);
  });

  it('backs off exponentially between attempts of a safe read', async () => {
    server.enqueue({ status: 500 }, { status: 502 }, ok([]));
    const { client, sleeps } = apiWithRecordedSleep();
    await expect(client.systems.list()).resolves.toEqual([]);
    expect(sleeps).toEqual([100, 200]);
  });

  it('waits for the Retry-After of a 429 before retrying a safe read', async () => {
    server.enqueue({ status: 429, headers: { 'retry-after': '3' } }, ok([]));
    const { client, sleeps } = apiWithRecordedSleep();
    await expect(client.sshKeys.unassigned(101)).resolves.toEqual([]);
    expect(sleeps).toEqual([3000]);
    expect(server.requests).toHaveLength(2);
  });

  it('gives up at once when Retry-After is longer than the cap, reporting when to come back', async () => {
    server.enqueue({ status: 429, headers: { 'retry-after': '120' }, body: { message: 'quota' } });
    const { client, sleeps } = apiWithRecordedSleep({ maxRetryAfterMs: 30_000 });
    const error = await failure(client.systems.list());
    expect(error).toMatchObject({
      code: 'RATE_LIMITED',
      status: 429,
      retryAfterMs: 120_000,
      apiMessage: 'quota',
    });
    expect(sleeps).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });

  it('retries a 429 without Retry-After using the normal backoff', async () => {
    server.enqueue({ status: 429 }, ok([]));
    const { client, sleeps } = apiWithRecordedSleep();
    await expect(client.systems.list()).resolves.toEqual([]);
    expect(sleeps).toEqual([100]);
  });

  it('retries a safe read that timed out and then answers', async () => {
    server.enqueue({ hang: true }, ok(GOOD_DATA['instance.detail']));
    const detail = await api({ timeoutMs: 150 }).instances.detail('11111111-2222-4333-8444-555555555555');
    expect(detail.hostname).toBe('web-1');
    expect(server.requests).toHaveLength(2);
  });

  it('reports TIMEOUT when a safe read never answers', async () => {
    server.setDefault({ hang: true });
    const error = await failure(api({ timeoutMs: 100, retries: 1 }).billing.paymentMethods());
    expect(error.code).toBe('TIMEOUT');
    expect(error.endpoint).toBe('billing.paymentMethods');
    expect(server.requests).toHaveLength(2);
  });

  it('makes a single attempt when retries is 0', async () => {
    server.setDefault({ status: 500 });
    await failure(api({ retries: 0 }).systems.list());
    expect(server.requests).toHaveLength(1);
  });

  it('reports NETWORK after retrying a read against a port nobody listens on', async () => {
    const events: CallEvent[] = [];
    const dead = createHostingApi({
      baseUrl: server.baseUrl,
      apiKey: KEY,
      retryBaseDelayMs: 1,
      onCall: (e) => events.push(e),
    });
    await server.close();
    const error = await failure(dead.systems.list());
    expect(error.code).toBe('NETWORK');
    expect(events.map((e) => e.attempt)).toEqual([1, 2, 3]);
    expect(events.every((e) => e.status === undefined && e.errorCode === 'NETWORK')).toBe(true);
    server = await startScriptedServer();
  });
});
