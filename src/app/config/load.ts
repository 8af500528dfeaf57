// The one place that reads process.env: every setting is validated with zod here, so a bad value
// stops the bot at start-up with a message naming the variable instead of failing later. The
// variables of each platform and store come from its configuration fragment (CONFIG_FRAGMENTS:
// the catalogue in src/app/adapters.ts and src/store/open.ts), the core's own from config-core.ts.
import { existsSync, readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { CONFIG_FRAGMENTS, namedSecretsOf, type AppConfig } from './app-config.js';
import { coreConfigOf, coreEnvSchema } from './core-variables.js';
import { describeIssues, type Hide } from '../../adapter-kit/config-fragment.js';
import { ConfigError } from '../../core/index.js';

/**
 * Loads `.env` from the working directory into process.env, as `.env.example` promises; variables
 * already set in the environment win. Returns the file's path when one was read.
 */
export function loadDotEnv(path = '.env', env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (!existsSync(path)) return undefined;
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new ConfigError(`cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? 'unreadable'}`);
  }
  for (const [name, value] of Object.entries(parseEnv(text))) {
    if (env[name] === undefined) env[name] = value;
  }
  return path;
}

/** Shorter secrets are never redacted (their encodings would match ordinary text). */
export const MIN_SECRET_LENGTH = 8;

/**
 * Against a real hosting API, a secret too short to be redacted would reach logs and replies as
 * is: refused at start, naming the variable only. The simulator's made-up secrets are let through.
 */
function refuseShortSecrets(config: AppConfig): void {
  const short = Object.entries(namedSecretsOf(config))
    .filter(([, value]) => value !== undefined && value.length > 0 && value.length < MIN_SECRET_LENGTH)
    .map(([name]) => name);
  if (short.length === 0) return;
  throw new ConfigError(
    `Invalid configuration — ${short.join(', ')}: a secret must be at least ${MIN_SECRET_LENGTH} characters ` +
      '(shorter ones cannot be kept out of logs and messages).',
  );
}

/**
 * A platform serving many tenants keeps their keys sealed (VPSOPS_ENCRYPTION_KEY required), and each
 * request is sent with its tenant's key: a platform serving one team beside it would have none.
 */
function refuseMixedTenancy(config: AppConfig): void {
  const tenancies = CONFIG_FRAGMENTS.flatMap((fragment) => fragment.tenancyIn?.(config) ?? []);
  for (const tenancy of tenancies) {
    if (tenancy.kind !== 'many') continue;
    if (!config.encryptionKey)
      throw new ConfigError(
        `Invalid configuration — VPSOPS_ENCRYPTION_KEY must be set in ${tenancy.mode} (it encrypts ${tenancy.sealed})`,
      );
    const one = tenancies.find((other) => other.kind === 'one');
    if (one?.kind === 'one')
      throw new ConfigError(
        `Invalid configuration — ${tenancy.mode} cannot run beside ${one.mode}; use ${one.manyInstead} or run it in another process`,
      );
  }
}

/** Each fragment's settings under its key, or every problem with the fragments' variables. */
function loadFragments(env: NodeJS.ProcessEnv) {
  const parts: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const fragment of CONFIG_FRAGMENTS) {
    const loaded = fragment.load(env);
    if ('problems' in loaded) problems.push(...loaded.problems);
    else parts[fragment.key] = loaded.settings;
  }
  return { parts, problems };
}

/** A start-up warning: one line on stderr, before any logger exists. */
const warnOnStderr = (line: string) => void process.stderr.write(`vpsops: warning: ${line}\n`);

/**
 * Reads and validates the environment; throws ConfigError naming every bad variable (never its
 * value). A setting replaced by its default (an unsupported VPSOPS_LOCALE) is told to `warn`.
 */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  warn: (line: string) => void = warnOnStderr,
): AppConfig {
  const parsed = coreEnvSchema.safeParse(env);
  const fragments = loadFragments(env);
  const problems = [...(parsed.success ? [] : describeIssues(parsed.error.issues)), ...fragments.problems];
  if (!parsed.success || problems.length > 0)
    throw new ConfigError(`Invalid configuration — ${problems.join('; ')}`);
  const core = coreConfigOf(parsed.data, warn);
  // The fragments' parts, each loaded by its own schema under its own key (one entry per fragment).
  const config = { ...fragments.parts, ...core } as AppConfig;
  refuseMixedTenancy(config);
  // Only against a real hosting API (url stays unset without one and for the simulator).
  if (config.hostingApi.url !== undefined) refuseShortSecrets(config);
  return config;
}

/** Every environment variable the configuration reads (the core's and each fragment's). */
export function configVariables(): string[] {
  return [...Object.keys(coreEnvSchema.shape), ...CONFIG_FRAGMENTS.flatMap((fragment) => fragment.variables)];
}

const REDACTED = '[redacted]';
const hide: Hide = (value) => (value === undefined ? undefined : REDACTED);

/** A copy safe to log or print: every key, token and secret replaced by "[redacted]". */
export function redactedConfig(config: AppConfig): AppConfig {
  return {
    ...config,
    ...Object.assign({}, ...CONFIG_FRAGMENTS.map((fragment) => fragment.redactedIn(config, hide))),
    hostingApi: { ...config.hostingApi, key: hide(config.hostingApi.key) },
    ...(config.encryptionKey ? { encryptionKey: REDACTED } : {}),
    ...(config.previousEncryptionKey ? { previousEncryptionKey: REDACTED } : {}),
    tracking: { ...config.tracking },
    audit: { ...config.audit },
    replies: { ...config.replies },
  };
}
