// Bolt and the Slack SDK log through their own Logger interface; this routes those lines into our
// pino logger (which redacts secrets) instead of Bolt's console logger.
import { LogLevel, type Logger as BoltLogger } from '@slack/bolt';
import type { Logger } from '../../src/logger.js';

const TO_BOLT: Record<string, LogLevel> = {
  trace: LogLevel.DEBUG,
  debug: LogLevel.DEBUG,
  info: LogLevel.INFO,
  warn: LogLevel.WARN,
  error: LogLevel.ERROR,
  fatal: LogLevel.ERROR,
  silent: LogLevel.ERROR,
};

const text = (parts: unknown[]) => parts.map((p) => (p instanceof Error ? p.message : String(p))).join(' ');

// The Web API client logs whole request/response bodies at debug level; message text may hold a
// private reply (console credentials), so those lines never reach our logs.
const BODY_LINE = /http request (body|result)/i;

/** Drops SDK debug lines that would copy message bodies into the log. */
function isBodyLine(line: string): boolean {
  return BODY_LINE.test(line);
}

/** A Bolt Logger writing to `logger` (child "slack"), or discarding everything when none is given. */
export function toBoltLogger(logger: Logger | undefined): BoltLogger {
  const child = logger?.child({ component: 'slack' });
  return {
    debug: (...msg: unknown[]) => {
      // The Web API client logs several debug lines per call: not even joined unless debug is on.
      if (!child?.isLevelEnabled('debug')) return;
      const line = text(msg);
      if (!isBodyLine(line)) child.debug(line);
    },
    info: (...msg: unknown[]) => child?.info(text(msg)),
    warn: (...msg: unknown[]) => child?.warn(text(msg)),
    error: (...msg: unknown[]) => child?.error(text(msg)),
    // The pino logger's level is configured centrally; Bolt may not change it.
    setLevel: () => undefined,
    getLevel: () => TO_BOLT[child?.level ?? 'silent'] ?? LogLevel.ERROR,
    setName: () => undefined,
  };
}
