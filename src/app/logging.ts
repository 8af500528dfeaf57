// The app's log destinations: a file for console and exec (the terminal is for people), and the one
// line a failed hosting-API call is worth.
import { redactCurrentTenant } from '../tenants/tenant-secrets.js';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import type { ApiCallEvent } from '../core/index.js';
import { secretsOf, type AppConfig } from './config/app-config.js';
import { createLogger, type Logger } from '../logger.js';
import { requireWritableDataDir } from './data-dir.js';

/** Console and exec keep the terminal for people: log lines go to `<dataDir>/vpsops.log`. */
export function createFileLogger(config: AppConfig): { logger: Logger; path: string } {
  requireWritableDataDir(config.dataDir);
  const path = join(config.dataDir, 'vpsops.log');
  const destination = createWriteStream(path, { flags: 'a', mode: 0o600 });
  return {
    logger: createLogger({
      level: config.logLevel,
      destination,
      secrets: secretsOf(config),
      redactMore: redactCurrentTenant,
    }),
    path,
  };
}

/** Failed hosting-API calls are worth a log line (the client reports endpoint names, never the key). */
export function logApiFailure(logger: Logger, event: ApiCallEvent): void {
  const { endpoint, status, errorCode, attempt, durationMs } = event;
  if (errorCode === undefined && (status === undefined || status < 400)) return;
  const fields = { endpoint, status, errorCode, attempt, durationMs };
  if (status !== undefined && status < 500) logger.info(fields, 'hosting API call refused');
  else logger.warn(fields, 'hosting API call failed');
}
