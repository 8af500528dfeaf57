import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ApiError, createHostingApi } from '../../../src/api/index.js';
import { SAMPLE_UUIDS } from './endpoint-calls.js';
import { startScriptedServer } from './scripted-server.js';
import { failure } from '../../support/api-failure.js';

const KEY = 'sk_live_TOPSECRET_9f8e7d6c5b4a';

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('what a failed call tells the user', () => {
  it('names host, port and cause of an unreachable API, but not the path, query or key', async () => {
    const port = await closedPort();
    const api = createHostingApi({ baseUrl: `http://127.0.0.1:${port}/v1`, apiKey: KEY, retries: 0 });
    const error = await failure(api.sshKeys.unassigned(42));
    expect(error.code).toBe('NETWORK');
    expect(error.chatText()).toBe(`The hosting API could not be reached (127.0.0.1:${port}, ECONNREFUSED).`);
    expect(error.chatText()).not.toContain('/v1');
    expect(error.chatText()).not.toContain('vm_id');
    expect(error.chatText()).not.toContain(KEY);
  });

  it('does not double the full stop after the API’s own message', () => {
    const error = new ApiError('NOT_FOUND', 'instance.detail', {
      status: 404,
      apiMessage: 'Instance not found.',
    });
    expect(error.chatText()).toBe(
      'The hosting API does not know that resource (HTTP 404): “Instance not found.”',
    );
    const bare = new ApiError('NOT_FOUND', 'instance.detail', {
      status: 404,
      apiMessage: 'Instance not found',
    });
    expect(bare.chatText()).toBe(
      'The hosting API does not know that resource (HTTP 404): “Instance not found”.',
    );
  });

  it('keeps the ids a 404 was about, for the hint', async () => {
    const server = await startScriptedServer();
    try {
      server.enqueue({ status: 404, body: { message: 'Backup not found.' } });
      const api = createHostingApi({ baseUrl: server.baseUrl, apiKey: KEY, retries: 0 });
      const error = await failure(api.backups.delete(SAMPLE_UUIDS.A, SAMPLE_UUIDS.B));
      expect(error.ids).toEqual({ instance_uuid: SAMPLE_UUIDS.A, backup_uuid: SAMPLE_UUIDS.B });
    } finally {
      await server.close();
    }
  });
});
