// pino logger factory: JSON lines on stderr (stdout belongs to the console and exec output), with
// redaction of every key, token and password field so secrets never reach the logs.
import { pino, type Logger as PinoLogger } from 'pino';
import { createRedactor, type Redactor } from './api/redact.js';

/** The bot's logger: pino's. */
export type Logger = PinoLogger;

/** Field names whose values are always censored, at the top level and up to two levels deep. */
const SECRET_KEYS = [
  'apiKey',
  'key',
  'token',
  'botToken',
  'appToken',
  'signingSecret',
  'password',
  'secret',
  'authorization',
  'x-apikey',
];

/** pino redact paths for SECRET_KEYS at depth 0–2 (pino wildcards match one level each). */
export const REDACT_PATHS: string[] = SECRET_KEYS.flatMap((k) => {
  const p = /^[A-Za-z_$][\w$]*$/.test(k) ? k : `["${k}"]`;
  const dot = p.startsWith('[') ? '' : '.';
  return [p, `*${dot}${p}`, `*.*${dot}${p}`];
});

/** Options for the process logger. */
export interface LoggerOptions {
  level?: string;
  /** Where to write; defaults to stderr (fd 2). Tests pass a stream to capture lines. */
  destination?: NodeJS.WritableStream;
  name?: string;
  /** Secret values (config keys and tokens): removed from every line in any encoding they take. */
  secrets?: readonly (string | undefined)[];
  /** Applied after `secrets` (OAuth mode: the secrets of the tenant whose work logs the line). */
  redactMore?: Redactor;
}

/** Builds the process logger; writes to stderr so stdout stays clean for console/exec output. */
export function createLogger(options: LoggerOptions = {}): Logger {
  const destination = options.destination ?? pino.destination({ fd: 2, sync: false });
  return pino(
    {
      name: options.name ?? 'vpsops',
      level: options.level ?? 'info',
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      // Field names catch `{ token }`; this catches a secret echoed inside any message or error text.
      ...(options.secrets || options.redactMore
        ? { hooks: { streamWrite: both(createRedactor(options.secrets ?? []), options.redactMore) } }
        : {}),
    },
    destination,
  );
}

/** `first`, then `more` when given. */
const both = (first: Redactor, more: Redactor | undefined): Redactor =>
  more ? (line) => more(first(line)) : first;

/** A logger that discards everything (tests, library use without logging). */
export function silentLogger(): Logger {
  return pino({ level: 'silent' });
}
