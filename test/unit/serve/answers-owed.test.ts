// The answers the serve server owes: counted from a connection's accept until its first request is
// answered, and from each later request until it is answered; a connection closed before sending
// anything owes nothing any more.
import { once } from 'node:events';
import { Agent, createServer, request, type ServerResponse } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { trackAnswersOwed } from '../../../src/serve/answers-owed.js';
import { waitFor } from '../../support/wait-for.js';

describe('answers owed by the serve HTTP server', () => {
  it('counts a new connection before its request arrives, the request until answered, and signals when none is owed', async () => {
    const held: ServerResponse[] = [];
    const server = createServer((_req, res) => void held.push(res));
    const owed = trackAnswersOwed(server);
    let settled = 0;
    owed.onSettled(() => (settled += 1));
    const sockets: Socket[] = [];
    try {
      server.listen(0, '127.0.0.1');
      await once(server, 'listening');
      const { port } = server.address() as AddressInfo;
      // A connection that has sent nothing yet: its answer is owed already.
      const silent = connect(port, '127.0.0.1');
      sockets.push(silent);
      await waitFor(() => owed.count === 1, 'the silent connection counted');
      // A request, held by the handler: one more.
      const answered = new Promise<number>((resolve) =>
        request({ port, host: '127.0.0.1', path: '/x', agent: false }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        }).end(),
      );
      await waitFor(() => held.length === 1);
      expect(owed.count).toBe(2);
      // The silent connection goes away without a request: it owes nothing any more.
      silent.destroy();
      await waitFor(() => owed.count === 1);
      expect(settled).toBe(0);
      held[0]!.end('ok');
      expect(await answered).toBe(200);
      await waitFor(() => owed.count === 0);
      expect(settled).toBe(1);
    } finally {
      for (const socket of sockets) socket.destroy();
      server.closeAllConnections();
      server.close();
    }
  });

  it('counts each request on a kept-open connection once, and nothing while the connection is idle', async () => {
    const server = createServer((_req, res) => res.end('ok'));
    const owed = trackAnswersOwed(server);
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      server.listen(0, '127.0.0.1');
      await once(server, 'listening');
      const { port } = server.address() as AddressInfo;
      const get = () =>
        new Promise<void>((resolve, reject) =>
          request({ port, host: '127.0.0.1', path: '/', agent }, (res) => {
            res.resume();
            res.on('end', resolve);
          })
            .on('error', reject)
            .end(),
        );
      for (let i = 0; i < 3; i += 1) {
        await get();
        await waitFor(() => owed.count === 0);
      }
      // One connection served all three, and it is still open (idle): nothing owed.
      expect(await new Promise<number>((resolve) => server.getConnections((_error, n) => resolve(n)))).toBe(
        1,
      );
      expect(owed.count).toBe(0);
    } finally {
      agent.destroy();
      server.closeAllConnections();
      server.close();
    }
  });
});
