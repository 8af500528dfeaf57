// The few lines printed when the console starts: which backend (never its key), which policy,
// where data lives, who you are and how to get help.
import type { Actor } from '../../src/core/index.js';

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
}

/** The start-up banner text (ends with a blank line). */
export function bannerText(info: BannerInfo): string {
  const backend =
    info.backend.kind === 'simulator'
      ? `embedded simulator at ${info.backend.url} (set HOSTING_API_URL and HOSTING_API_KEY for the real API)`
      : `hosting API at ${info.backend.host}`;
  const policy = info.policySource
    ? info.policySource
    : 'none — defaults: console users are admin, Slack/Discord users are viewers';
  return [
    `vpsops ${info.version} console`,
    `  Backend  ${backend}`,
    `  Policy   ${policy}`,
    `  Data     ${info.dataDir}`,
    ...(info.logFile ? [`  Log      ${info.logFile}`] : []),
    `  You are  console:${info.actor.userId} (${info.role ?? 'no role'})`,
    'Type help for commands, Tab to complete, exit to leave.',
    '',
  ].join('\n');
}
