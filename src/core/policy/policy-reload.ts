// The policy file, where used, reloads on change without a restart: at most every `checkEveryMs`
// the file is read again and, if its text changed, parsed; a new file that does not parse (or that
// vanished) is refused with the reason in the log, and the policy in force stays.
import { readFileSync } from 'node:fs';
import type { CommandDefinition } from '../command.js';
import { createRegistry } from '../parse/registry.js';
import { parsePolicy, readPolicyFile } from './policy-file.js';
import type { PolicyPlatform } from './policy-schema.js';
import { createPolicy, type Policy } from './policy.js';

/** How to find and check the file again. */
export interface PolicyReloadOptions {
  path: string;
  commandPaths: readonly string[];
  /** How the catalogue's platforms write members, channels and on-call targets (src/app/adapters.ts). */
  platforms: readonly PolicyPlatform[];
  logger: {
    info(detail: Record<string, unknown>, message: string): void;
    error(detail: Record<string, unknown>, message: string): void;
  };
  now?: () => number;
  /** Least time between two reads of the file (default 2 s). */
  checkEveryMs?: number;
}

/** A Policy that follows its file; `rejected()` says why the newest file was refused, if it was. */
export function reloadingPolicy(
  initial: Policy,
  options: PolicyReloadOptions,
): Policy & { rejected(): string | null } {
  const now = options.now ?? Date.now;
  const checkEveryMs = options.checkEveryMs ?? 2_000;
  const readText = (): string | null => {
    try {
      return readFileSync(options.path, 'utf8');
    } catch {
      return null;
    }
  };
  let current = initial;
  let lastText = readText();
  let lastCheck = now();
  let rejection: string | null = null;
  const policy = (): Policy => {
    if (now() - lastCheck < checkEveryMs) return current;
    lastCheck = now();
    const text = readText();
    if (text === lastText) return current;
    lastText = text;
    try {
      if (text === null) throw new Error(`Policy file ${options.path}: not found any more`);
      current = createPolicy(
        parsePolicy(text, options.path, options.commandPaths, options.platforms),
        options.path,
      );
      rejection = null;
      options.logger.info({ path: options.path }, 'policy file changed: reloaded');
    } catch (error) {
      rejection = error instanceof Error ? error.message : String(error);
      options.logger.error(
        { reason: rejection },
        'new policy file refused; the previous policy stays in force',
      );
    }
    return current;
  };
  // Every read goes to the policy in force, whatever Policy grows: no method list to keep in step.
  return new Proxy({} as Policy & { rejected(): string | null }, {
    get(_target, property) {
      if (property === 'rejected') return () => rejection;
      const inForce = policy();
      const value: unknown = Reflect.get(inForce, property);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(inForce) : value;
    },
  });
}

/** Where the policy file is: `explicit` says VPSOPS_POLICY named it (then it must exist). */
export interface PolicySource {
  policyPath: string;
  policyExplicit: boolean;
}

/**
 * The policy in force, read before anything that asks it is built: the file's (following its edits;
 * a bad edit is logged and the old policy stays) or, without a file, the defaults. A bad file throws
 * ConfigError naming the file, line and problem.
 */
export function loadPolicy(
  source: PolicySource,
  commands: readonly CommandDefinition[],
  options: Pick<PolicyReloadOptions, 'logger' | 'now' | 'platforms'>,
): Policy {
  const commandPaths = createRegistry(commands).paths();
  const file = readPolicyFile(source.policyPath, source.policyExplicit, commandPaths, options.platforms);
  const loaded = createPolicy(file, file ? source.policyPath : null);
  return file ? reloadingPolicy(loaded, { ...options, path: source.policyPath, commandPaths }) : loaded;
}
