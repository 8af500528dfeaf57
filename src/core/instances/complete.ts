// The Completer behind autocomplete and tab completion: instances (aliases, known hostnames) and
// the snapshot, backup, network and IP ids the bot has seen in API results.
import type { Completion, CompletionKind } from '../ports.js';
import { completeInstances } from './instance-names.js';
import type { Runtime } from '../context.js';
import { completeSeenIds } from './seen-ids.js';

/** Up to 25 completions of `prefix` for an option of this kind. */
export async function completeValues(
  rt: Runtime,
  kind: CompletionKind,
  prefix: string,
): Promise<Completion[]> {
  if (kind === 'instance') return completeInstances(prefix, rt);
  return completeSeenIds(rt.store, kind, prefix);
}
