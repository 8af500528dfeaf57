// The connection cap of a serve HTTP server, shedding idle connections first. Node's own
// `maxConnections` drops the newest connection, so a thousand idle or slow clients holding the cap
// starve every probe and webhook until their timeouts run out. Here a new connection over the cap
// closes the connection idle the longest (no request in progress: never sent one, a partial header,
// or a kept-alive one between requests); only when every connection is busy with a request is the
// new one closed.
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/** Caps `server` at `max` connections, shedding the longest-idle one for a newcomer. */
export function capConnections(server: Server, max: number): void {
  const open = new Set<Socket>();
  // Insertion order is the order they became idle: the first is the one idle the longest.
  const idle = new Set<Socket>();
  const shed = (socket: Socket): void => {
    open.delete(socket);
    idle.delete(socket);
    socket.destroy();
  };
  // Prepended: the newcomer is counted before the HTTP parser (or anyone else) sees it.
  server.prependListener('connection', (socket: Socket) => {
    if (open.size >= max) {
      const longestIdle = idle.values().next();
      if (longestIdle.done) {
        socket.destroy();
        return;
      }
      shed(longestIdle.value);
    }
    open.add(socket);
    idle.add(socket);
    socket.once('close', () => {
      open.delete(socket);
      idle.delete(socket);
    });
  });
  server.prependListener('request', (req, res) => {
    const socket = req.socket;
    idle.delete(socket);
    res.once('finish', () => {
      if (open.has(socket) && !socket.destroyed) idle.add(socket);
    });
  });
}
