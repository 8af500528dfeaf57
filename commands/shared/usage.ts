// Usage lines and argument tables for help, built on the core's own usage rules so help always
// matches what the parser accepts and what its error messages say.
import {
  argDescription,
  argUsage,
  commandPath,
  t,
  usageLine as coreUsageLine,
  type CommandDefinition,
  type Locale,
} from '../../src/core/index.js';

/** Full usage line as typed in chat, e.g. "/vps instance delete <instance> [--remove-ip] [--remove-block-storage]". */
export function usageLine(definition: CommandDefinition): string {
  return `/vps ${coreUsageLine(definition)}`;
}

/** Rows of the argument table in `help <group> <action>`: usage fragment, required?, meaning. */
export function argRows(definition: CommandDefinition, locale: Locale = 'en'): string[][] {
  const path = commandPath(definition);
  return Object.entries(definition.args).map(([key, spec]) => {
    const bound = spec.kind === 'instance' && spec.required ? t(locale, 'help.arg.bound') : '';
    const fallback =
      spec.defaultValue !== undefined && spec.kind !== 'boolean'
        ? t(locale, 'help.arg.default', { value: String(spec.defaultValue) })
        : '';
    return [
      argUsage(key, spec),
      t(locale, spec.required ? 'help.arg.required' : 'help.arg.optional'),
      `${argDescription(locale, path, key, spec.description)}${bound}${fallback}`,
    ];
  });
}
