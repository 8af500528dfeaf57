// The one clock confirmations expire on: the shared store's (Redis TIME) when it has one, so a
// replica whose own clock is off neither writes a skewed expiry nor refuses a click too early.
import type { Runtime } from '../context.js';

/** Now (epoch ms) on the store's clock, or this process's when the store has none. */
export async function storeNow(rt: Pick<Runtime, 'store' | 'now'>): Promise<number> {
  return rt.store.time ? rt.store.time() : rt.now().getTime();
}
