// A TCP proxy in front of a test Redis that can lose replies: the request that matches is passed on
// (so Redis applies it), then the client's connection is cut before the answer comes back — a
// connection drop or a kill right after the write, as a client sees it.
import { createServer, Socket, type Server } from 'node:net';

/** A running proxy; `url` is the Redis URL to give the bot. */
export interface RespProxy {
  url: string;
  /**
   * The next request whose RESP text satisfies `match` reaches Redis, and its connection drops
   * unanswered; resolves once Redis has answered (the answer is thrown away).
   */
  dropReplyTo(match: (request: string) => boolean): Promise<void>;
  close(): Promise<void>;
}

/** Starts a proxy on 127.0.0.1 forwarding to `upstreamPort`. */
export async function startRespProxy(upstreamPort: number): Promise<RespProxy> {
  const sockets = new Set<Socket>();
  let armed: { match: (request: string) => boolean; fired: () => void } | undefined;
  const server: Server = createServer((client) => {
    const upstream = new Socket();
    // Set once a reply is being dropped: the upstream stays open until Redis has answered.
    let dropping = false;
    let fired: (() => void) | undefined;
    sockets.add(client).add(upstream);
    const closeBoth = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client
      .on('error', () => undefined)
      .on('close', () => {
        if (!dropping) closeBoth();
      });
    upstream.on('error', closeBoth).on('close', closeBoth);
    upstream.connect(upstreamPort, '127.0.0.1');
    client.on('data', (chunk: Buffer) => {
      const trap = armed;
      if (trap?.match(chunk.toString('latin1'))) {
        fired = trap.fired;
        armed = undefined;
        dropping = true;
        // Redis gets the command; the client never gets its answer.
        upstream.write(chunk);
        client.destroy();
        return;
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (dropping) {
        closeBoth();
        fired?.();
        return;
      }
      client.write(chunk);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `redis://127.0.0.1:${port}/0`,
    dropReplyTo(match) {
      return new Promise((resolve) => {
        armed = { match, fired: resolve };
      });
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
