// PagerDuty applies events for one dedup_key in the order they arrive, so this process sends them in
// the order they were decided: each key's actions wait for that key's previous one (a resolve never
// overtakes a trigger still in flight). Keys are independent; a key with nothing queued is forgotten.

/** Runs `work` after every earlier work of the same key has settled; its result or error is the caller's. */
export type KeyedOrder = <T>(key: string, work: () => Promise<T>) => Promise<T>;

/** One queue per key, in this process. */
export function keyedOrder(): KeyedOrder {
  const tails = new Map<string, Promise<unknown>>();
  return (key, work) => {
    const run = (tails.get(key) ?? Promise.resolve()).then(work);
    const tail = run.catch(() => undefined);
    tails.set(key, tail);
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return run;
  };
}
