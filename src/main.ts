// The CLI and composition entry: `vpsops` (serve when a chat platform is configured, else the
// console), `console`, `exec`, `serve`, `simulator` and `register`. Config errors exit 2 with one
// line on stderr and no stack trace; nothing secret is ever printed.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command, CommanderError, InvalidArgumentError } from 'commander';
import { bannerText } from '../adapters/console/banner.js';
import { consoleActor, createConsoleAdapter, EXIT, runExec } from '../adapters/console/index.js';
import { allCommands } from '../commands/index.js';
import {
  createApp,
  createChatAdapters,
  createFileLogger,
  responderRouter,
  type ResumableAdapter,
} from './app.js';
import { ConfigError, discordEnabled, loadConfig, slackEnabled, type AppConfig } from './config.js';
import { commandInfo } from './core/registry.js';
import { createLogger } from './logger.js';
import { runSimulatorCli } from './simulator/index.js';

const VERSION = readVersion();

const HELP_AFTER = `
Without a command: serve when Slack or Discord is configured, otherwise open the console.

Examples:
  vpsops exec "instance show web-1"
  vpsops exec "instance stop web-1" --confirm web-1     (exit 3 without --confirm)
  vpsops simulator --port 8080
  vpsops register --guild 123456789012345678`;

/** Runs the CLI and returns the exit code (0 ok, 1 error, 2 usage/config error, 3 exec needs --confirm). */
export async function main(argv: string[]): Promise<number> {
  let exitCode = 0;
  const done = (code: number) => void (exitCode = code);
  try {
    await buildProgram(done).parseAsync(argv);
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : EXIT.usage;
    if (error instanceof ConfigError) {
      process.stderr.write(`vpsops: configuration error: ${error.message}\n`);
      return EXIT.usage;
    }
    process.stderr.write(`vpsops: ${error instanceof Error ? error.message : String(error)}\n`);
    return EXIT.error;
  }
}

function buildProgram(done: (code: number) => void): Command {
  const program = new Command('vpsops')
    .description('Run the virtual-server hosting service from Slack, Discord or this console.')
    .version(VERSION)
    .exitOverride()
    .allowExcessArguments()
    .addHelpText('after', HELP_AFTER)
    .action(async (_options: unknown, command: Command) => {
      if (command.args.length > 0) {
        process.stderr.write(`vpsops: unknown command '${command.args[0] ?? ''}' (see vpsops --help)\n`);
        return done(EXIT.usage);
      }
      done(await runDefault(loadConfig()));
    });
  program
    .command('console')
    .description('Interactive console (prompt "vps> ", Tab completion, history).')
    .action(async () => done(await runConsole(loadConfig())));
  program
    .command('exec')
    .description('Run one command and exit: 0 ok, 1 error, 2 usage error, 3 confirmation needed.')
    .argument('<command...>', 'command text, e.g. "instance show web-1"')
    .option('--confirm <target>', 'hostname or uuid of the target; required for destructive commands')
    .option('--as <user>', 'console user to act as (policy member console:<user>)')
    .allowUnknownOption()
    .action(async (words: string[], options: { confirm?: string; as?: string }) =>
      done(await runExecCommand(loadConfig(), words, options)),
    );
  program
    .command('serve')
    .description('Start every configured chat adapter (Slack, Discord) until SIGINT/SIGTERM.')
    .action(async () => done(await runServe(loadConfig())));
  program
    .command('simulator')
    .description('Run the hosting-API simulator alone on 127.0.0.1.')
    .option('--port <port>', 'port to listen on', parsePort, 8080)
    .option('--api-key <key>', 'API key clients must send (default: random, printed)')
    .action(async (options: { port: number; apiKey?: string }) => done(await runSimulator(options)));
  program
    .command('register')
    .description('Register the /vps slash command with Discord (only when it changed).')
    .option('--guild <id>', 'register in one guild (instant) instead of globally')
    .action(async (options: { guild?: string }) => done(await runRegister(loadConfig(), options)));
  return program;
}

async function runDefault(config: AppConfig): Promise<number> {
  return slackEnabled(config) || discordEnabled(config) ? runServe(config) : runConsole(config);
}

async function runConsole(config: AppConfig): Promise<number> {
  const log = createFileLogger(config);
  const app = await createApp(config, { logger: log.logger });
  const actor = consoleActor(config.consoleUser);
  const interactive = Boolean(process.stdin.isTTY && process.stdout.isTTY);
  process.stdout.write(
    bannerText({
      version: VERSION,
      backend: app.backend.kind === 'simulator' ? app.backend : { kind: 'remote', host: app.backend.host },
      policySource: app.bot.policy.source,
      dataDir: config.dataDir,
      logFile: log.path,
      actor,
      role: app.bot.policy.roleOf(actor).role,
    }),
  );
  const adapter = createConsoleAdapter({
    actor,
    historyFile: join(config.dataDir, 'console_history'),
    color: interactive,
    terminal: interactive,
  });
  const stop = () => void adapter.stop();
  process.once('SIGTERM', stop);
  try {
    await adapter.start(app.dispatcher);
    await app.resumeTracking((op) => (op.ref.platform === 'console' ? adapter.responder() : null));
    await adapter.closed;
  } finally {
    process.off('SIGTERM', stop);
    await app.close();
  }
  return EXIT.ok;
}

async function runExecCommand(
  config: AppConfig,
  words: string[],
  options: { confirm?: string; as?: string },
) {
  // `exec "instance show web-1" --bogus`: once the command is quoted, a flag after it is exec's own.
  const stray = /\s/.test(words[0] ?? '') ? words.slice(1).find((word) => word.startsWith('-')) : undefined;
  if (stray) {
    process.stderr.write(
      `Unknown option ${stray.split('=')[0] ?? stray} for exec (options: --confirm, --as)\n`,
    );
    return EXIT.usage;
  }
  // One-shot: nothing stays around to follow an operation, so no tracker.
  const app = await createApp(config, { logger: createFileLogger(config).logger, tracker: null });
  try {
    return await runExec(app.dispatcher, {
      text: words.length === 1 ? (words[0] ?? '') : words.map(shellWord).join(' '),
      confirm: options.confirm,
      actor: consoleActor(options.as ?? config.consoleUser),
      stdout: process.stdout,
      stderr: process.stderr,
      pendingTarget: async (token) => {
        const pending = await app.bot.store.getPending(token);
        const expected = pending?.typedConfirmation ?? pending?.targets[0];
        return pending && expected ? { expected, accepted: pending.targets } : null;
      },
    });
  } finally {
    await app.close();
  }
}

/** Re-quotes a word that arrived unquoted-but-split (e.g. `exec ipset-create web-1 "a b"`). */
function shellWord(word: string): string {
  return /[\s"']/.test(word) ? `"${word.replace(/(["\\])/g, '\\$1')}"` : word;
}

async function runServe(config: AppConfig): Promise<number> {
  const logger = createLogger({ level: config.logLevel });
  const adapters = await createChatAdapters(config, logger);
  if (adapters.length === 0) {
    throw new ConfigError(
      'nothing to serve: set SLACK_BOT_TOKEN and SLACK_SIGNING_SECRET, and/or DISCORD_TOKEN and DISCORD_APPLICATION_ID (or run `vpsops console`).',
    );
  }
  const app = await createApp(config, { logger });
  const started: ResumableAdapter[] = [];
  try {
    for (const adapter of adapters) {
      await adapter.start(app.dispatcher);
      started.push(adapter);
      logger.info({ platform: adapter.platform }, `${adapter.platform} adapter started`);
    }
    // Operations a previous run was following are picked up again, edited with the bot token.
    const resumed = await app.resumeTracking(responderRouter(started)).catch((error: unknown) => {
      logger.warn({ err: error }, 'resuming tracked operations failed');
      return 0;
    });
    if (resumed > 0) logger.info({ resumed }, 'resumed tracked operations');
    const backend =
      app.backend.kind === 'simulator' ? `embedded simulator ${app.backend.url}` : app.backend.host;
    logger.info(
      { backend, policy: app.bot.policy.source ?? 'defaults', dataDir: config.dataDir },
      'vpsops serving',
    );
    const signal = await nextSignal();
    logger.info({ signal }, 'shutting down');
  } finally {
    for (const adapter of started.reverse()) {
      await adapter
        .stop()
        .catch((error: unknown) => logger.warn({ err: error }, `${adapter.platform} stop failed`));
    }
    await app.close();
  }
  return EXIT.ok;
}

async function runSimulator(options: { port: number; apiKey?: string }): Promise<number> {
  const simulator = await runSimulatorCli({ port: options.port, apiKey: options.apiKey });
  await nextSignal();
  await simulator.close();
  return EXIT.ok;
}

async function runRegister(config: AppConfig, options: { guild?: string }): Promise<number> {
  const { token, applicationId, apiUrl, guildId } = config.discord;
  if (!token || !applicationId) {
    throw new ConfigError('register needs DISCORD_TOKEN and DISCORD_APPLICATION_ID.');
  }
  const { registerDiscordCommands } = await import('../adapters/discord/index.js');
  const guild = options.guild ?? guildId;
  const result = await registerDiscordCommands({
    token,
    applicationId,
    apiUrl,
    guildId: guild,
    commands: allCommands.map(commandInfo),
  });
  const where = guild ? `guild ${guild}` : 'globally';
  process.stdout.write(
    result.changed
      ? `Registered /vps (${result.count} commands) ${where}.\n`
      : `/vps is already up to date ${where} (${result.count} commands); nothing changed.\n`,
  );
  return EXIT.ok;
}

function nextSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const handler = (signal: NodeJS.Signals) => {
      process.off('SIGINT', handler);
      process.off('SIGTERM', handler);
      resolve(signal);
    };
    process.on('SIGINT', handler);
    process.on('SIGTERM', handler);
  });
}

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new InvalidArgumentError('must be a port number 0–65535');
  return port;
}

function readVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      version?: string;
    };
    return pkg.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

const code = await main(process.argv);
process.exitCode = code;
// Anything left holding the event loop (a stuck socket) must not keep a finished CLI alive.
setTimeout(() => process.exit(code), 2_000).unref();
