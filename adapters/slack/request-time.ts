// Bolt checks that a signed request is not older than 5 minutes but accepts any timestamp in the
// future; this wraps its request listener to refuse those too, the way Bolt refuses stale ones.
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Logger } from '../../src/logger.js';
import { requestTimeProblem } from '../../src/adapter-kit/request-time.js';

/** The listener, refusing (401) requests whose x-slack-request-timestamp is over 5 minutes ahead. */
export function refuseFutureRequests(
  listener: RequestListener,
  options: { logger?: Logger; now?: () => number } = {},
): RequestListener {
  const now = options.now ?? Date.now;
  return (req: IncomingMessage, res: ServerResponse) => {
    const header = req.headers['x-slack-request-timestamp'];
    const raw = Array.isArray(header) ? header[0] : header;
    if (raw !== undefined && requestTimeProblem(Number(raw) * 1000, now()) === 'future') {
      options.logger?.warn(
        { path: req.url?.split('?')[0] },
        'slack: request timestamp is in the future; refused',
      );
      res.writeHead(401).end();
      return;
    }
    listener(req, res);
  };
}
