// The channel's watches as every watch command reaches them, and how their thresholds read.
import {
  DEFAULT_LOCALE,
  t,
  UserError,
  type BotServices,
  type Locale,
  type WatchService,
} from '../../src/core/index.js';

/** The bot's watches; a clear refusal where the bot runs without them (exec). */
export function watchesOf(bot: BotServices, locale: Locale): WatchService {
  if (!bot.watches) throw new UserError('nothing-to-do', t(locale, 'billingWatch.noWatches'));
  return bot.watches;
}

/** "CPU > 90 %, memory > 85 %" or "status only"; audit summaries keep English. */
export const thresholds = (cpu?: number, memory?: number, locale: Locale = DEFAULT_LOCALE): string =>
  [
    cpu !== undefined ? t(locale, 'watch.cpuOver', { cpu: String(cpu) }) : '',
    memory !== undefined ? t(locale, 'watch.memoryOver', { memory: String(memory) }) : '',
  ]
    .filter(Boolean)
    .join(', ') || t(locale, 'watch.statusOnly');
