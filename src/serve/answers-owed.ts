// How many HTTP answers the serve server still owes: a connection accepted whose first request has
// not been answered yet, or a request on a kept-open connection not answered yet. Slack and Discord
// give an answer 3 s; command work has no deadline, so admission (admission.ts) holds work back while
// any is owed. Counting from the accept matters: a burst on new connections has its requests still
// on the wire when the first commands could start, and work run then delays every later accept.
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/** The server's answers still owed, and a signal when none is. */
export interface AnswersOwed {
  readonly count: number;
  /** Calls `listener` each time the count drops to zero. */
  onSettled(listener: () => void): void;
}

/** Counts the answers `server` owes, from its connection and request events. */
export function trackAnswersOwed(server: Server): AnswersOwed {
  let count = 0;
  const listeners: (() => void)[] = [];
  // Connections accepted with no request yet: the count they hold passes to their first request.
  const awaitingFirst = new WeakSet<Socket>();
  const settle = (): void => {
    count -= 1;
    if (count === 0) for (const listener of listeners) listener();
  };
  // Prepended: counted before the request handler runs, which may answer at once.
  server.prependListener('connection', (socket: Socket) => {
    count += 1;
    awaitingFirst.add(socket);
    socket.once('close', () => {
      if (awaitingFirst.delete(socket)) settle();
    });
  });
  server.prependListener('request', (req, res) => {
    if (!awaitingFirst.delete(req.socket)) count += 1;
    // 'close' comes once the answer is sent, or the connection is gone: either way nothing is owed.
    res.once('close', settle);
  });
  return {
    get count() {
      return count;
    },
    onSettled(listener) {
      listeners.push(listener);
    },
  };
}
