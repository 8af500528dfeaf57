// Which mode runs, and what each does once commander has parsed argv: console, exec, simulator and
// register (serve: serve-mode.ts). src/main.ts only wires these to the command line; every mode that
// runs the app goes through the one lifecycle (lifecycle.ts) and answers with an exit code (exit-codes.ts).
import { join } from 'node:path';
import { bannerText } from '../../adapters/console/banner.js';
import { APPROVE, consoleActor, createConsoleAdapter, runExec } from '../../adapters/console/index.js';
import { allCommands } from '../../commands/index.js';
import { createApp } from './create-app.js';
import { createFileLogger } from './logging.js';
import { EXIT } from '../adapter-kit/exit-codes.js';
import { nextSignal, runLifecycle } from './lifecycle.js';
import { execFollower } from './exec-follow.js';
import { anyAdapterEnabled } from './adapters.js';
import {
  ConfigError,
  type CommandResult,
  commandInfo,
  DEFAULT_LOCALE,
  parseLocale,
  supportedLocales,
  type Locale,
  t,
} from '../core/index.js';
import type { AppConfig } from './config/app-config.js';
import { runSimulatorCli, type SimulatorCliOptions } from '../simulator/index.js';

/** What the bare `vpsops` runs: serve when a chat platform is configured, otherwise the console. */
export function defaultMode(config: AppConfig): 'serve' | 'console' {
  return anyAdapterEnabled(config) ? 'serve' : 'console';
}

/**
 * `vpsops serve`. Its code (the HTTP server, prom-client metrics, admission) is loaded only to serve,
 * so exec and the console start without it.
 */
export async function runServeMode(config: AppConfig): Promise<number> {
  const { runServe } = await import('./serve-mode.js');
  return runServe(config);
}

/** The bare `vpsops`: the default mode for this config. */
export async function runDefault(config: AppConfig, version: string): Promise<number> {
  return defaultMode(config) === 'serve' ? runServeMode(config) : runConsole(config, version);
}

/** `vpsops console`: the interactive console until the user leaves or SIGTERM. */
export async function runConsole(
  config: AppConfig,
  version: string,
  options: { locale?: string } = {},
): Promise<number> {
  const locale = chosenLocale(config, options.locale);
  if (locale === null) return EXIT.usage;
  const log = createFileLogger(config);
  const app = await createApp(config, { logger: log.logger, mode: 'console' });
  const actor = consoleActor(config.consoleUser);
  const interactive = Boolean(process.stdin.isTTY && process.stdout.isTTY);
  process.stdout.write(
    bannerText({
      version,
      backend: app.backend.kind === 'simulator' ? app.backend : { kind: 'remote', host: app.backend.host },
      policySource: app.policy.source,
      dataDir: config.dataDir,
      logFile: log.path,
      actor,
      role: app.policy.roleOf(actor).role,
      locale,
    }),
  );
  const adapter = createConsoleAdapter({
    actor,
    approver: consoleActor(config.consoleApprover),
    historyFile: join(config.dataDir, 'console_history'),
    color: interactive,
    terminal: interactive,
    locale,
  });
  const stop = () => void adapter.stop();
  process.once('SIGTERM', stop);
  try {
    await runLifecycle({
      app,
      adapters: async () => [adapter],
      logger: log.logger,
      recover: true,
      until: () => adapter.closed,
    });
  } finally {
    process.off('SIGTERM', stop);
  }
  return EXIT.ok;
}

/** `vpsops exec`: one command, an exit code, no tracker left behind. */
export async function runExecCommand(
  config: AppConfig,
  words: string[],
  options: { confirm?: string; as?: string; wait?: boolean; json?: boolean; locale?: string },
): Promise<number> {
  // `exec "instance show web-1" --bogus`: once the command is quoted, a flag after it is exec's own.
  const stray = /\s/.test(words[0] ?? '') ? words.slice(1).find((word) => word.startsWith('-')) : undefined;
  // Exec's own refusals come before --locale is read: they are in VPSOPS_LOCALE.
  const said = config.locale ?? DEFAULT_LOCALE;
  if (stray) {
    process.stderr.write(`${t(said, 'exec.strayOption', { option: stray.split('=')[0] ?? stray })}\n`);
    return EXIT.usage;
  }
  // --as names a console user; "slack:U1" would read as if a Slack user had acted.
  if (options.as !== undefined && !/^[\w.-]{1,64}$/.test(options.as)) {
    process.stderr.write(`${t(said, 'exec.badAs', { value: options.as })}\n`);
    return EXIT.usage;
  }
  const locale = chosenLocale(config, options.locale);
  if (locale === null) return EXIT.usage;
  const text = words.length === 1 ? (words[0] ?? '') : words.map(shellWord).join(' ');
  // One shell user must not be both people of a two-person request.
  const approving = APPROVE.test(text);
  if (approving && options.as !== undefined) {
    process.stderr.write(`${t(locale, 'exec.asApproves', { user: consoleActor().userId })}\n`);
    return EXIT.usage;
  }
  // One-shot: nothing stays around to follow an operation, so no tracker — unless --wait.
  const follower = options.wait ? execFollower() : null;
  let lastResult: CommandResult | undefined;
  const app = await createApp(config, {
    ...(options.json ? { onResult: (result: CommandResult) => void (lastResult = result) } : {}),
    logger: createFileLogger(config).logger,
    tracker: follower ? follower.factory : null,
    mode: 'exec',
  });
  return runLifecycle({
    app,
    until: () =>
      runExec(app.dispatcher, {
        text,
        confirm: options.confirm,
        actor: approving
          ? consoleActor(config.consoleApprover)
          : consoleActor(options.as ?? config.consoleUser),
        stdout: process.stdout,
        stderr: process.stderr,
        ...(follower ? { follow: follower.follow } : {}),
        ...(options.json ? { json: true, lastResult: () => lastResult } : {}),
        locale,
      }),
  });
}

/** Re-quotes a word that arrived unquoted-but-split (e.g. `exec ipset-create web-1 "a b"`). */
function shellWord(word: string): string {
  return /[\s"']/.test(word) ? `"${word.replace(/(["\\])/g, '\\$1')}"` : word;
}

/** `vpsops simulator`: the hosting-API simulator alone until a signal. */
export async function runSimulator(options: SimulatorCliOptions): Promise<number> {
  const simulator = await runSimulatorCli(options);
  await nextSignal();
  await simulator.close();
  return EXIT.ok;
}

/** `vpsops register`: puts the /vps slash command on Discord when it changed. */
export async function runRegister(config: AppConfig, options: { guild?: string }): Promise<number> {
  const { token, applicationId, apiUrl, guildId, multiGuild } = config.discord;
  if (!token || !applicationId) {
    throw new ConfigError('register needs DISCORD_TOKEN and DISCORD_APPLICATION_ID.');
  }
  const { registerDiscordCommands } = await import('../../adapters/discord/index.js');
  const guild = options.guild ?? guildId;
  const result = await registerDiscordCommands({
    token,
    applicationId,
    apiUrl,
    guildId: guild,
    commands: allCommands.map(commandInfo),
    keyCommands: multiGuild === true,
  });
  const locale = config.locale ?? DEFAULT_LOCALE;
  const where = guild ? t(locale, 'register.guild', { guild }) : t(locale, 'register.globally');
  const said = t(locale, result.changed ? 'register.changed' : 'register.unchanged', {
    count: result.count,
    where,
  });
  process.stdout.write(`${said}\n`);
  return EXIT.ok;
}

/** --locale over VPSOPS_LOCALE over English; null (after saying which ones exist) for an unknown value. */
function chosenLocale(config: AppConfig, flag: string | undefined): Locale | null {
  if (flag === undefined) return config.locale ?? DEFAULT_LOCALE;
  const locale = parseLocale(flag);
  if (locale === null)
    process.stderr.write(
      `${t(config.locale ?? DEFAULT_LOCALE, 'exec.unknownLocale', { value: flag, supported: supportedLocales() })}\n`,
    );
  return locale;
}
