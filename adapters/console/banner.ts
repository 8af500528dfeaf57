// The few lines printed when the console starts: which backend (never its key), which policy,
// where data lives, who you are and how to get help.
import { DEFAULT_LOCALE, t, type Actor, type Locale } from '../../src/core/index.js';

/** What the banner reports; plain data so the adapter stays free of app wiring. */
export interface BannerInfo {
  version: string;
  backend: { kind: 'simulator'; url: string } | { kind: 'remote'; host: string };
  /** Policy file in force, or null when running on defaults. */
  policySource: string | null;
  dataDir: string;
  /** Where the bot's log lines go (details behind "ref abc123" errors). */
  logFile?: string;
  actor: Actor;
  /** The actor's role name (null: none), from the policy. */
  role: string | null;
  /** The console's language (default en). */
  locale?: Locale;
}

/** The start-up banner text (ends with a blank line). */
export function bannerText(info: BannerInfo): string {
  const locale = info.locale ?? DEFAULT_LOCALE;
  const backend =
    info.backend.kind === 'simulator'
      ? t(locale, 'console.banner.simulator', { url: info.backend.url })
      : t(locale, 'console.banner.remote', { host: info.backend.host });
  const policy = info.policySource ?? t(locale, 'console.banner.noPolicy');
  const labels = (['backend', 'policy', 'data', 'log', 'you'] as const).map((key) =>
    t(locale, `console.banner.${key}`),
  );
  // The values line up after the longest label, whichever language the labels are in.
  const width = Math.max(...labels.map((label) => label.length)) + 2;
  const row = (index: number, value: string): string => `  ${(labels[index] ?? '').padEnd(width)}${value}`;
  return [
    t(locale, 'console.banner.title', { version: info.version }),
    row(0, backend),
    row(1, policy),
    row(2, info.dataDir),
    ...(info.logFile ? [row(3, info.logFile)] : []),
    row(4, `console:${info.actor.userId} (${info.role ?? t(locale, 'console.banner.noRole')})`),
    t(locale, 'console.banner.hint'),
    '',
  ].join('\n');
}
