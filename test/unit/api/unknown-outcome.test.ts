// Which failures of a state-changing call leave its outcome unknown (it may have happened) and
// which are plain failures (it cannot have happened, or the API says it did not): swept over every
// endpoint. Unknown outcomes are never retried, whatever the retry settings.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/api/errors.js';
import { createHostingApi, ENDPOINTS } from '../../../src/api/index.js';
import type { EndpointName, HostingApi } from '../../../src/api/index.js';
import { CALLS } from './endpoint-calls.js';
import { scriptedServerEachTest, type Reply, type ScriptedServer } from './scripted-server.js';

const KEY = 'key_unknown_outcome_0123456789';
let server: ScriptedServer;
scriptedServerEachTest((s) => (server = s));

const names = Object.keys(ENDPOINTS) as EndpointName[];
const mutating = names.filter((name) => !ENDPOINTS[name].retrySafe);
const reads = names.filter((name) => ENDPOINTS[name].retrySafe);

function api(baseUrl = server.baseUrl, timeoutMs = 2_000): HostingApi {
  return createHostingApi({ baseUrl, apiKey: KEY, retries: 2, retryBaseDelayMs: 1, timeoutMs });
}

async function failureOf(call: Promise<unknown>): Promise<ApiError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

const UNKNOWN: [string, Reply][] = [
  ['200 with an HTML body', { status: 200, body: '<html><body>proxy</body></html>' }],
  ['201 with JSON but no data', { status: 201, body: { message: 'Created' } }],
  ['502 from a gateway', { status: 502, body: { message: 'Bad gateway' } }],
  ['504 from a gateway', { status: 504, body: '<html>timeout</html>' }],
  ['500 that is not the API’s JSON error', { status: 500, body: '<html>oops</html>' }],
];

const FAILED: [string, Reply][] = [
  ['409 with the API’s message', { status: 409, body: { message: 'Instance is busy.' } }],
  ['422 with the API’s message', { status: 422, body: { message: 'The name field is required.' } }],
  ['500 with the API’s JSON error', { status: 500, body: { message: 'Server Error' } }],
  ['503 with the API’s JSON error', { status: 503, body: { message: 'Down for maintenance.' } }],
  ['501 not implemented', { status: 501, body: '<html>no</html>' }],
];

describe('state-changing calls', () => {
  for (const [what, reply] of UNKNOWN) {
    it(`${what}: outcome unknown, sent once`, async () => {
      for (const name of mutating) {
        server.requests.length = 0;
        server.enqueue(reply);
        const error = await failureOf(CALLS[name](api()));
        expect(error.outcomeUnknown, name).toBe(true);
        expect(server.requests, name).toHaveLength(1);
      }
    });
  }

  for (const [what, reply] of FAILED) {
    it(`${what}: a plain failure`, async () => {
      for (const name of mutating) {
        server.enqueue(reply);
        expect((await failureOf(CALLS[name](api()))).outcomeUnknown, name).toBe(false);
      }
    });
  }

  it('no answer before the timeout, after sending: outcome unknown, sent once', async () => {
    for (const name of ['instance.stop', 'backup.restore', 'storage.create'] as const) {
      server.requests.length = 0;
      server.enqueue({ hang: true });
      const error = await failureOf(CALLS[name](api(server.baseUrl, 200)));
      expect(error.code).toBe('TIMEOUT');
      expect(error.outcomeUnknown).toBe(true);
      expect(error.chatText()).toContain('after the request was sent');
      expect(server.requests).toHaveLength(1);
    }
  });

  it('connection reset after the request arrived: outcome unknown', async () => {
    const resetting: Server = createServer((req) =>
      req.on('end', () => req.socket.resetAndDestroy()).resume(),
    );
    await new Promise<void>((resolve) => resetting.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = resetting.address() as AddressInfo;
      const error = await failureOf(CALLS['backup.delete'](api(`http://127.0.0.1:${port}/v1`)));
      expect(error.code).toBe('NETWORK');
      expect(error.outcomeUnknown).toBe(true);
    } finally {
      resetting.closeAllConnections();
      await new Promise<void>((resolve) => resetting.close(() => resolve()));
    }
  });

  it('connection refused (nothing was sent): a plain failure', async () => {
    const closed = await new Promise<number>((resolve) => {
      const probe = createServer();
      probe.listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const error = await failureOf(CALLS['instance.stop'](api(`http://127.0.0.1:${closed}/v1`)));
    expect(error.code).toBe('NETWORK');
    expect(error.outcomeUnknown).toBe(false);
  });
});

describe('reads', () => {
  it('are never an unknown outcome, and are still retried', async () => {
    for (const name of reads) {
      server.requests.length = 0;
      server.enqueue(
        { status: 502, body: '<html>bad gateway</html>' },
        { status: 502, body: '<html>bad gateway</html>' },
        { status: 502, body: '<html>bad gateway</html>' },
      );
      const error = await failureOf(CALLS[name](api()));
      expect(error.outcomeUnknown, name).toBe(false);
      expect(server.requests, name).toHaveLength(3);
    }
  });
});
