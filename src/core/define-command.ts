// What a command file calls to declare its commands (the declarations are in command.ts): the
// argument builders (arg.*, optional, asFlag), defineCommand and commandGroup; and commandPath, the
// command as typed.
import { z } from 'zod';
import type { AnyArgs, ArgSpec, CommandDefinition, CommandFields } from './command.js';
import type { ResolvedInstance, SeenIdKind } from './ports.js';
import { uuidSchema } from './parse/uuid.js';

const uuidArg = uuidSchema('must be a uuid like 7995e990-c3bf-4e27-8ce2-89fd5783f9ea');

interface ArgOptions {
  positional?: boolean;
}

/** Argument builders; positional arguments are matched in declaration order. */
export const arg = {
  /** An instance reference: uuid, policy alias, a hostname the bot has seen, or the channel's bound instance. */
  instance(description = 'Instance: uuid, alias or hostname'): ArgSpec<ResolvedInstance> {
    return { kind: 'instance', description, positional: true, required: true, schema: z.string().min(1) };
  },
  uuid(description: string, options: ArgOptions & { completes?: SeenIdKind } = {}): ArgSpec<string> {
    return {
      kind: 'uuid',
      description,
      positional: options.positional ?? true,
      required: true,
      schema: uuidArg,
      ...(options.completes ? { completes: options.completes } : {}),
    };
  },
  string(description: string, options: ArgOptions & { max?: number; rest?: boolean } = {}): ArgSpec<string> {
    return {
      kind: 'string',
      description,
      positional: options.positional ?? true,
      required: true,
      ...(options.rest ? { rest: true } : {}),
      // Blank is empty: `storage create " "` is refused here, not after a preview and a Confirm.
      schema: z
        .string()
        .trim()
        .min(1)
        .max(options.max ?? 200),
    };
  },
  integer(description: string, options: ArgOptions & { min?: number; max?: number } = {}): ArgSpec<number> {
    return {
      kind: 'integer',
      description,
      positional: options.positional ?? true,
      required: true,
      schema: z
        .number()
        .int()
        .min(options.min ?? 0)
        .max(options.max ?? Number.MAX_SAFE_INTEGER),
    };
  },
  choice<const C extends readonly [string, ...string[]]>(
    description: string,
    choices: C,
    options: ArgOptions = {},
  ): ArgSpec<C[number]> {
    return {
      kind: 'choice',
      description,
      positional: options.positional ?? false,
      required: true,
      choices,
      schema: z.enum(choices),
    };
  },
  /** A boolean --flag; absent means false. */
  flag(description: string): ArgSpec<boolean> {
    return {
      kind: 'boolean',
      description,
      positional: false,
      required: false,
      schema: z.boolean(),
      defaultValue: false,
    };
  },
};

/** Make an argument optional (handler gets undefined, or the default). */
export function optional<T>(spec: ArgSpec<T>, defaultValue?: T): ArgSpec<T | undefined> {
  return { ...spec, required: false, defaultValue } as ArgSpec<T | undefined>;
}

/** Make an argument a --flag rather than positional. */
export function asFlag<T>(spec: ArgSpec<T>): ArgSpec<T> {
  return { ...spec, positional: false };
}

/** Identity function that keeps argument types flowing into preview/run. */
export function defineCommand<A extends AnyArgs>(definition: CommandDefinition<A>): CommandDefinition<A> {
  if (definition.risk === 'destructive' && !definition.preview) {
    throw new Error(`${definition.group} ${definition.name}: destructive commands need a preview`);
  }
  return definition;
}

/** defineCommand with the group filled in, so a file of one group names it once. */
export function commandGroup(group: string) {
  return <A extends AnyArgs>(fields: CommandFields<A>): CommandDefinition<A> =>
    defineCommand({ group, ...fields });
}

/** Full command path as typed, e.g. "instance stop". */
export function commandPath(definition: Pick<CommandDefinition, 'group' | 'name'>): string {
  return definition.group === '' ? definition.name : `${definition.group} ${definition.name}`;
}
