// What a part of the code (an adapter, a store) contributes to the one configuration: its
// environment variables as a zod schema, which of them are secrets, and how they become its
// settings under one key of the process config (config.slack, config.redis, …). src/config.ts
// composes the fragments; the variable names and their meaning stay with the code that uses them.
import { z } from 'zod';

/** Blank values count as unset (`FOO=` in .env). */
export const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;
export const optionalText = z.preprocess(blankToUndefined, z.string().trim().optional());
export const optionalUrl = z.preprocess(blankToUndefined, z.url({ protocol: /^https?$/ }).optional());
export const positiveInt = (fallback: number, max = 2_147_483_647) =>
  z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(max).default(fallback));

/** One problem per bad variable: "NAME must …" or "NAME: …" (never its value). */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): string[] {
  return issues.map((issue) =>
    issue.message.startsWith('must ')
      ? `${String(issue.path[0] ?? '?')} ${issue.message}`
      : `${String(issue.path[0] ?? '?')}: ${issue.message}`,
  );
}

/**
 * How a platform's settings serve tenants: `many` (each workspace or server links its own hosting
 * API key, stored sealed, so VPSOPS_ENCRYPTION_KEY is required), `one` (one team on HOSTING_API_KEY)
 * or `none` (the platform is off). `mode` names the setting in a refusal; `manyInstead` is the
 * platform's own many-tenant mode, suggested when `one` meets another platform's `many`.
 */
export type TenancyOf =
  | { kind: 'many'; mode: string; sealed: string }
  | { kind: 'one'; mode: string; manyInstead: string }
  | { kind: 'none' };

/** Replaces a secret value by "[redacted]" (undefined stays undefined). */
export type Hide = (value: string | undefined) => string | undefined;

/** One fragment of the configuration, its settings under `key`. */
export interface ConfigFragment<Key extends string, Settings> {
  readonly key: Key;
  /** Every environment variable it reads. */
  readonly variables: readonly string[];
  /** The environment variables holding its secrets (redacted everywhere). */
  readonly secretEnv: readonly string[];
  /** Its settings from the environment, or one problem per bad variable. */
  load(env: NodeJS.ProcessEnv): { settings: Settings } | { problems: string[] };
  /** Its secret values in a config, by the name a refusal shows ("SLACK_BOT_TOKEN"). */
  secretsIn(config: { readonly [K in Key]: Settings }): Record<string, string | undefined>;
  /** Its part of a config with every secret hidden, to spread over a printable copy. */
  redactedIn(config: { readonly [K in Key]: Settings }, hide: Hide): { [K in Key]: Settings };
  /** How its settings in a config serve tenants (a platform's); stores have none. */
  tenancyIn?(config: { readonly [K in Key]: Settings }): TenancyOf;
}

/** Builds a fragment from its zod variables and how they map to its settings. */
export function configFragment<Key extends string, Shape extends z.ZodRawShape, Settings>(spec: {
  key: Key;
  env: Shape;
  secretEnv: readonly string[];
  settings(env: z.output<z.ZodObject<Shape>>): Settings;
  secrets(settings: Settings): Record<string, string | undefined>;
  redacted(settings: Settings, hide: Hide): Settings;
  tenancy?(settings: Settings): TenancyOf;
}): ConfigFragment<Key, Settings> {
  const schema = z.object(spec.env);
  const part = (settings: Settings) => ({ [spec.key]: settings }) as { [K in Key]: Settings };
  return {
    key: spec.key,
    variables: Object.keys(spec.env),
    secretEnv: spec.secretEnv,
    load(env) {
      const parsed = schema.safeParse(env);
      return parsed.success
        ? { settings: spec.settings(parsed.data) }
        : { problems: describeIssues(parsed.error.issues) };
    },
    secretsIn: (config) => spec.secrets(config[spec.key]),
    redactedIn: (config, hide) => part(spec.redacted(config[spec.key], hide)),
    ...(spec.tenancy
      ? { tenancyIn: (config: { readonly [K in Key]: Settings }) => spec.tenancy!(config[spec.key]) }
      : {}),
  };
}

/** Any fragment (for lists of them). */
export type AnyConfigFragment = ConfigFragment<string, unknown>;

/** The settings a list of fragments adds to the process config: `{ slack: SlackSettings, … }`. */
export type SettingsOf<F> = {
  [E in F as E extends ConfigFragment<infer Key, unknown> ? Key : never]: E extends ConfigFragment<
    string,
    infer Settings
  >
    ? Settings
    : never;
};
