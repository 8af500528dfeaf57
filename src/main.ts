// The CLI and composition entry: `vpsops` (serve when a chat platform is configured, else the
// console), `console`, `exec`, `serve`, `simulator` and `register`. Config errors exit 2 with one
// line on stderr and no stack trace; nothing secret is ever printed.
import { readFileSync } from 'node:fs';
import { Command, CommanderError, InvalidArgumentError } from 'commander';
import { EXIT } from './adapter-kit/exit-codes.js';
import {
  runConsole,
  runDefault,
  runExecCommand,
  runRegister,
  runServeMode,
  runSimulator,
} from './app/modes.js';
import { ConfigError } from './core/index.js';
import { loadConfig, loadDotEnv } from './app/config/load.js';
import { optionalEndpoint, type OptionalEndpoint, type SimulatorCliOptions } from './simulator/index.js';

const VERSION = readVersion();

const HELP_AFTER = `
Without a command: serve when Slack or Discord is configured, otherwise open the console.

Examples:
  vpsops exec "instance show web-1"
  vpsops exec "instance stop web-1" --confirm web-1     (exit 3 without --confirm)
  vpsops exec "instance stop web-1" --confirm web-1 --wait --json
  vpsops simulator --port 8080
  vpsops simulator --port 8080 --instances 35 --without E4
  vpsops register --guild 123456789012345678`;

/** Runs the CLI and returns the exit code (0 ok, 1 error, 2 usage/config error, 3 exec needs --confirm, 4 exec --wait timed out, 5 exec outcome unknown). */
export async function main(argv: string[]): Promise<number> {
  let exitCode = 0;
  const done = (code: number) => void (exitCode = code);
  try {
    loadDotEnv(); // ./.env, never overriding the environment
    await buildProgram(done).parseAsync(argv);
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : EXIT.usage;
    const failure = startupFailure(error);
    process.stderr.write(`vpsops: ${failure.line}\n`);
    return failure.code;
  }
}

/** A failure before a command could run (configuration, data dir, store): its line and exit code. */
function startupFailure(error: unknown): { code: number; line: string } {
  if (error instanceof ConfigError)
    return { code: EXIT.usage, line: `configuration error: ${error.message}` };
  return { code: EXIT.error, line: error instanceof Error ? error.message : String(error) };
}

/** `exec --json`: a start-up failure is one JSON document too, so a script can always parse stdout. */
async function execOrJsonFailure(words: string[], json: boolean | undefined, work: () => Promise<number>) {
  try {
    return await work();
  } catch (error) {
    if (!json || error instanceof CommanderError) throw error;
    const { code, line } = startupFailure(error);
    const outcome = code === EXIT.usage ? 'usage-error' : 'error';
    const doc = {
      command: words.join(' '),
      exitCode: code,
      outcome,
      auditId: null,
      data: null,
      text: '',
      errors: line,
    };
    process.stdout.write(`${JSON.stringify(doc, null, 2)}\n`);
    return code;
  }
}

/** The commander program: one sub-command per mode, each reporting its exit code through `done`. */
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
      done(await runDefault(loadConfig(), VERSION));
    });
  program
    .command('console')
    .description('Interactive console (prompt "vps> ", Tab completion, history).')
    .option('--locale <locale>', 'answer in this language: en or id (default: VPSOPS_LOCALE, else en)')
    .action(async (options: { locale?: string }) => done(await runConsole(loadConfig(), VERSION, options)));
  program
    .command('exec')
    .description(
      'Run one command and exit: 0 ok, 1 error, 2 usage error, 3 confirmation needed, 4 --wait timed out, 5 outcome unknown (do not repeat blindly).',
    )
    .argument('<command...>', 'command text, e.g. "instance show web-1"')
    .option('--confirm <target>', 'hostname or uuid of the target; required for destructive commands')
    .option('--as <user>', 'console user to act as (policy member console:<user>)')
    .option('--wait', 'follow a confirmed operation to its end: exit 0 done, 1 failed, 4 timed out')
    .option('--locale <locale>', 'answer in this language: en or id (default: VPSOPS_LOCALE, else en)')
    .option(
      '--json',
      'print one JSON document {command, exitCode, outcome, auditId, data, text, errors} instead of text',
    )
    .allowUnknownOption()
    .action(
      async (
        words: string[],
        options: { confirm?: string; as?: string; wait?: boolean; json?: boolean; locale?: string },
      ) =>
        done(
          await execOrJsonFailure(words, options.json, () => runExecCommand(loadConfig(), words, options)),
        ),
    );
  program
    .command('serve')
    .description('Start every configured chat adapter (Slack, Discord) until SIGINT/SIGTERM.')
    .action(async () => done(await runServeMode(loadConfig())));
  program
    .command('simulator')
    .description('Run the hosting-API simulator alone on 127.0.0.1.')
    .option('--port <port>', 'port to listen on', parsePort, 8080)
    .option('--api-key <key>', 'API key clients must send (default: random, printed)')
    .option(
      '--instances <count>',
      'servers in the estate (default 5; more adds node-06, node-07, …)',
      parseCount,
    )
    .option(
      '--without <E3,E4>',
      'optional endpoints (E1–E6) to answer 404, as a service without them',
      parseOptionalList,
    )
    .action(async (options: SimulatorCliOptions) => done(await runSimulator(options)));
  program
    .command('register')
    .description('Register the /vps slash command with Discord (only when it changed).')
    .option('--guild <id>', 'register in one guild (instant) instead of globally')
    .action(async (options: { guild?: string }) => done(await runRegister(loadConfig(), options)));
  return program;
}

/** Commander parser for `--port`: an integer 0–65535 (0 = any free port). */
function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new InvalidArgumentError('must be a port number 0–65535');
  return port;
}

/** Commander parser for `--instances`: 5–10,000 (the five fixed servers are always seeded). */
function parseCount(value: string): number {
  const count = Number(value);
  if (!Number.isInteger(count) || count < 5 || count > 10_000)
    throw new InvalidArgumentError(
      'must be a whole number 5–10000 (the five fixed servers are always there)',
    );
  return count;
}

/** Commander parser for `--without`: a comma-separated list of E1–E6. */
function parseOptionalList(value: string): OptionalEndpoint[] {
  try {
    return value.split(',').map(optionalEndpoint);
  } catch (error) {
    throw new InvalidArgumentError(error instanceof Error ? error.message : String(error));
  }
}

/** The version from package.json, for `--version` and the console banner. */
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
