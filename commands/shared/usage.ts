// Usage lines and argument tables for help, built on the core's own usage rules so help always
// matches what the parser accepts and what its error messages say.
import { type CommandDefinition, argUsage, usageLine as coreUsageLine } from '../../src/core/index.js';

/** Full usage line as typed in chat, e.g. "/vps instance delete <instance> [--remove-ip] [--remove-block-storage]". */
export function usageLine(definition: CommandDefinition): string {
  return `/vps ${coreUsageLine(definition)}`;
}

/** Rows of the argument table in `help <group> <action>`: usage fragment, required?, meaning. */
export function argRows(definition: CommandDefinition): string[][] {
  return Object.entries(definition.args).map(([key, spec]) => {
    const bound =
      spec.kind === 'instance' && spec.required ? ' (omit to use the channel’s bound instance)' : '';
    const fallback =
      spec.defaultValue !== undefined && spec.kind !== 'boolean'
        ? ` (default ${String(spec.defaultValue)})`
        : '';
    return [
      argUsage(key, spec),
      spec.required ? 'required' : 'optional',
      `${spec.description}${bound}${fallback}`,
    ];
  });
}
