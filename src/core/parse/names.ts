// Naming rules shared by parsing, help and Discord options: declared camelCase argument keys are
// shown and typed as kebab-case (`snapshotUuid` → `<snapshot-uuid>` / `--snapshot-uuid`).
import type { ArgSpec } from '../command.js';

/** camelCase / snake_case → kebab-case. */
export function kebab(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/_/g, '-')
    .toLowerCase();
}

/** Normalises any spelling (camel, kebab, snake, any case) to one comparison key. */
export function nameKey(name: string): string {
  return name.replace(/[-_]/g, '').toLowerCase();
}

/** How an argument is written in usage lines: `<snapshot-uuid>` or `--remove-ip` / `--period <period>`. */
export function argLabel(key: string, spec: ArgSpec<unknown>): string {
  return spec.positional ? `<${kebab(key)}>` : `--${kebab(key)}`;
}

/** Usage fragment of one argument, with brackets when optional. */
export function argUsage(key: string, spec: ArgSpec<unknown>): string {
  const name = kebab(key);
  const body = spec.positional
    ? `<${name}>`
    : spec.kind === 'boolean'
      ? `--${name}`
      : `--${name} ${spec.choices ? spec.choices.join('|') : `<${name}>`}`;
  return spec.required ? body : `[${body}]`;
}
