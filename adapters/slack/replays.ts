// A signed request delivered twice (a proxy's retry, X-Slack-Retry-Num) carries the same signature
// and timestamp: the copy is acknowledged and otherwise ignored, on whichever replica it reaches,
// so a slash command or a click never runs twice.
import type { IncomingMessage } from 'node:http';
import type { AnyMiddlewareArgs, Middleware } from '@slack/bolt';
import type { EphemeralState } from '../../src/core/index.js';
import { firstDelivery } from '../../src/adapter-kit/request-time.js';
import type { Logger } from '../../src/logger.js';

/** The context key (Bolt custom property) carrying the request's delivery key. */
const DELIVERY_KEY = 'vpsopsDeliveryKey';

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** For HTTPReceiver's customPropertiesExtractor: the request's signature and timestamp as one key. */
export function deliveryKeyOf(req: IncomingMessage): Record<string, string> {
  const signature = header(req, 'x-slack-signature');
  const timestamp = header(req, 'x-slack-request-timestamp');
  return signature && timestamp ? { [DELIVERY_KEY]: `slack:${timestamp}:${signature}` } : {};
}

/** Global middleware (runs after Bolt verified the signature): lets only a request's first delivery through. */
export function dropReplays(state: EphemeralState, logger?: Logger): Middleware<AnyMiddlewareArgs> {
  return async (args) => {
    const key = args.context[DELIVERY_KEY];
    if (typeof key === 'string') {
      let first = true;
      try {
        first = await firstDelivery(state, key);
      } catch (error) {
        // The store will refuse the command's own state too; the command says so to the user.
        logger?.warn({ err: error }, 'slack: could not check a request for a replay; handling it');
      }
      if (!first) {
        logger?.warn(
          { retryNum: args.context.retryNum },
          'slack: a request delivered again; acknowledged, not run again',
        );
        const ack: unknown = Reflect.get(args, 'ack');
        if (typeof ack === 'function') await (ack as () => Promise<void>)();
        return;
      }
    }
    await args.next();
  };
}
