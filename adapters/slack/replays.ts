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

/** Whether each slash command's or click's body is its first delivery, decided while its listener acks. */
const verdicts = new WeakMap<object, Promise<boolean>>();

/**
 * Runs a slash command's or click's work unless its request was a replay. Their listeners ack
 * first: the replay check asks the store, and Slack's ack never waits for it (a frozen store
 * delays nothing but the check itself, which then lets the request through).
 */
export async function unlessReplayed(
  body: object,
  work: () => Promise<void>,
  logger?: Logger,
): Promise<void> {
  if (await isFirstDelivery(body)) return work();
  logger?.warn('slack: a request delivered again; acknowledged, not run again');
}

/** Whether this slash command's or click's body is its request's first delivery (true when unchecked). */
export function isFirstDelivery(body: object): Promise<boolean> {
  return verdicts.get(body) ?? Promise.resolve(true);
}

/** Global middleware (runs after Bolt verified the signature): lets only a request's first delivery through. */
export function dropReplays(state: EphemeralState, logger?: Logger): Middleware<AnyMiddlewareArgs> {
  return async (args) => {
    const key = args.context[DELIVERY_KEY];
    // A slash command or a click: acked by its listener at once, its work waits for the verdict.
    if (typeof key === 'string' && ('command' in args || args.body.type === 'block_actions')) {
      verdicts.set(
        args.body,
        firstDelivery(state, key).catch((error: unknown) => {
          logger?.warn({ err: error }, 'slack: could not check a request for a replay; handling it');
          return true;
        }),
      );
      await args.next();
      return;
    }
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
