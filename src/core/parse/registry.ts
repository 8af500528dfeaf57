// The command table: lookup by path, groups and actions for suggestions, usage lines, and the
// neutral CommandInfo list that help and Discord registration are built from.
import type { ArgSpec, CommandDefinition } from '../command.js';
import { commandPath } from '../define-command.js';
import { argUsage, kebab } from './names.js';
import type { ArgInfo, CommandInfo } from '../ports.js';

/** Lookup structure over the explicit command list. */
export interface Registry {
  /** Every command, hidden ones included; the methods below list only the others. */
  readonly all: readonly CommandDefinition[];
  byPath(path: string): CommandDefinition | undefined;
  /** Named groups (not the '' group of bot commands). */
  groups(): string[];
  /** Actions of a group. */
  actionsOf(group: string): string[];
  paths(): string[];
  info(): CommandInfo[];
}

/** Positional-then-flag list of [key, spec] in declaration order. */
export function argEntries(def: CommandDefinition): [string, ArgSpec<unknown>][] {
  return Object.entries(def.args);
}

/** "instance delete <instance> [--remove-ip] [--remove-block-storage]". */
export function usageLine(def: CommandDefinition): string {
  const args = argEntries(def);
  const parts = [...args.filter(([, s]) => s.positional), ...args.filter(([, s]) => !s.positional)].map(
    ([k, s]) => argUsage(k, s),
  );
  return [commandPath(def), ...parts].join(' ');
}

function argInfo(key: string, spec: ArgSpec<unknown>): ArgInfo {
  const info: ArgInfo = {
    name: kebab(key),
    kind: spec.kind,
    description: spec.description,
    required: spec.required,
    positional: spec.positional,
  };
  if (spec.choices) info.choices = [...spec.choices];
  if (spec.completes) info.completes = spec.completes;
  return info;
}

/** Neutral description of a command for help, completion and Discord registration. */
export function commandInfo(def: CommandDefinition): CommandInfo {
  return {
    group: def.group,
    name: def.name,
    summary: def.summary,
    risk: def.risk,
    args: argEntries(def).map(([k, s]) => argInfo(k, s)),
  };
}

/** Builds the registry; duplicate paths are a programming error. Hidden commands are found by path only. */
export function createRegistry(commands: readonly CommandDefinition[]): Registry {
  const map = new Map<string, CommandDefinition>();
  for (const def of commands) {
    const path = commandPath(def);
    if (map.has(path)) throw new Error(`Duplicate command ${path}`);
    map.set(path, def);
  }
  const listed = commands.filter((c) => !c.hidden);
  const groups = [...new Set(listed.map((c) => c.group).filter((g) => g !== ''))];
  return {
    all: commands,
    byPath: (path) => map.get(path),
    groups: () => groups,
    actionsOf: (group) => listed.filter((c) => c.group === group).map((c) => c.name),
    paths: () => listed.map(commandPath),
    info: () => listed.map(commandInfo),
  };
}
