// A full garbage collection for memory figures, without starting the bench with --expose-gc: the flag
// is set at run time and `gc` taken from a fresh context (measurement only; the bot never does this).
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

/** Heap used (KB) after two full collections. */
export function heapAfterGcKb(): number {
  collect();
  collect();
  return process.memoryUsage().heapUsed / 1024;
}
