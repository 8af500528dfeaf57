// The servers a command's parsed arguments name (its `arg.instance()` values, already resolved).
import type { CommandDefinition } from '../command.js';
import type { ResolvedInstance } from '../ports.js';

/** Every resolved instance among `args`, in the order the command declares them. */
export function instancesIn(def: CommandDefinition, args: Record<string, unknown>): ResolvedInstance[] {
  return Object.entries(def.args).flatMap(([key, spec]) => {
    const value = args[key];
    return spec.kind === 'instance' && typeof value === 'object' && value !== null && 'uuid' in value
      ? [value as ResolvedInstance]
      : [];
  });
}
