// A real (redacting) pino logger whose lines are kept in memory, for tests that check what the bot
// logged (or that a secret never was).
import { Writable } from 'node:stream';
import { createLogger, type Logger } from '../../src/logger.js';

export interface CapturedLogs {
  logger: Logger;
  /** Every line written so far, as raw JSON text. */
  lines: string[];
  /** Every line written so far, parsed. */
  records(): Record<string, unknown>[];
}

/** Builds a trace-level logger over an in-memory stream, so tests can search what the bot logged. */
export function captureLogs(): CapturedLogs {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      lines.push(
        ...String(chunk)
          .split('\n')
          .filter((line) => line.length > 0),
      );
      done();
    },
  });
  return {
    logger: createLogger({ level: 'trace', destination }),
    lines,
    records: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}
