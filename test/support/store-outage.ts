// A store that can be taken down and brought back, as a Redis restart with AOF looks to the bot:
// while it is down every call of every part (pending, collections, ephemeral, leases, ping, time)
// rejects as the Redis store rejects with the connection gone (StoreUnavailableError "Redis is
// not connected", not sent); once it is up again every call reaches the same data, nothing lost.
import { StoreUnavailableError } from '../../src/core/store-errors.js';
import type { BotStore } from '../../src/core/index.js';

/** The wrapped store and its switch. */
export interface StoreOutage {
  store: BotStore;
  /** Down after `afterCalls` more calls (0: at once), so an outage can begin in the middle of a poll. */
  down(afterCalls?: number): void;
  up(): void;
  isDown(): boolean;
}

const refused = () =>
  new StoreUnavailableError(
    'Redis is not connected (last connection error: connect ECONNREFUSED 127.0.0.1:6379)',
    false,
  );

/** Wraps `inner`; every part's methods go through the switch. */
export function storeOutage(inner: BotStore): StoreOutage {
  let callsLeft: number | undefined;
  const down = () => callsLeft !== undefined && callsLeft <= 0;
  const call = <R>(run: () => R): R | Promise<never> => {
    if (callsLeft !== undefined) {
      if (callsLeft <= 0) return Promise.reject(refused());
      callsLeft -= 1;
    }
    return run();
  };
  const part = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(t, name, receiver) {
        const value: unknown = Reflect.get(t, name, receiver);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => call(() => (value as (...a: unknown[]) => unknown).apply(t, args));
      },
    });
  // The story is best effort beside the alert path: its calls fail while down but leave the
  // countdown alone, so an outage set to begin after N calls begins at the same alert-path call
  // whether or not the events of that poll are told (the recorded counterexamples count those).
  const aside = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(t, name, receiver) {
        const value: unknown = Reflect.get(t, name, receiver);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) =>
          down() ? Promise.reject(refused()) : (value as (...a: unknown[]) => unknown).apply(t, args);
      },
    });
  const store: BotStore = {
    kind: inner.kind,
    pending: part(inner.pending),
    bindings: part(inner.bindings),
    hostnames: part(inner.hostnames),
    operations: part(inner.operations),
    leases: part(inner.leases),
    ephemeral: part(inner.ephemeral),
    story: aside(inner.story),
    // The collection handle is made without a round trip; its calls meet the outage.
    collection: <T>(name: string) => part(inner.collection<T>(name)),
    ...(inner.time ? { time: () => call(() => inner.time!()) } : {}),
    ping: () => call(() => inner.ping()),
    ...(inner.faults ? { faults: () => inner.faults!() } : {}),
    close: () => inner.close(),
  };
  return {
    store,
    down: (afterCalls = 0) => void (callsLeft = afterCalls),
    up: () => void (callsLeft = undefined),
    isDown: down,
  };
}
