// What the bot's chart service takes and gives back, declared on the render side so the renderer
// never imports the core (the core's BotServices names these types).
import type { Locale } from '../../i18n/locale.js';

/** Input for a metrics chart: the RRD data of one instance for one period. */
export interface ChartInput {
  title: string;
  periode: string;
  series: unknown;
  /** Language of the titles, axis and legend labels (default en). */
  locale?: Locale;
}

/** A rendered chart PNG (and where it was saved, if anywhere) that adapters can upload. */
export interface ChartOutput {
  png: Uint8Array;
  width: number;
  height: number;
  savedPath?: string;
}
