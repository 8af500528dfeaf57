// Drives the real console REPL in-process over PassThrough streams against createApp with the
// embedded simulator: `send(line)` types a line and resolves with what was printed up to the
// next prompt (`vps> `, `Confirm? [y/N] ` or a typed-confirmation question), prompt included.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { startConsoleRepl, type ConsoleRepl } from '../../adapters/console/repl.js';
import { consoleActor } from '../../adapters/console/translate.js';
import { createApp, type App } from '../../src/app/create-app.js';
import { loadConfig } from '../../src/app/config/load.js';
import type { SimulatorTiming } from '../../src/simulator/index.js';
import { SEED_IDS } from '../../src/simulator/seed-ids.js';

/** The policy the console e2e suites run under: console users are admins, seeded hosts have aliases. */
export const CONSOLE_POLICY = `roles:
  admin: ["console:alice"]
  viewer: ["*"]
aliases:
  web-1: ${SEED_IDS.instances.web1}
  web-2: ${SEED_IDS.instances.web2}
  db-1: ${SEED_IDS.instances.db1}
  worker-1: ${SEED_IDS.instances.worker1}
  cache-1: ${SEED_IDS.instances.cache1}
`;

const PROMPTS = [/vps> $/, /Confirm\? \[y\/N\] $/, /\(or press Enter to cancel\): $/];

/** A running console session. */
export interface ConsoleSession {
  app: App;
  dataDir: string;
  repl: ConsoleRepl;
  /** Types a line; resolves with the output printed up to and including the next prompt. */
  send(line: string): Promise<string>;
  /** Everything printed so far. */
  transcript(): string;
  /** Resolves once the transcript matches and a prompt is back (late card edits printed while idle). */
  waitFor(pattern: RegExp): Promise<string>;
  close(): Promise<void>;
}

/** Starts createApp + the REPL; `user` is the console identity (alice is admin in CONSOLE_POLICY). */
export async function startConsoleSession(
  options: {
    user?: string;
    policy?: string;
    env?: Record<string, string>;
    /** The simulator's operation times, over this session's short defaults. */
    timing?: Partial<SimulatorTiming>;
  } = {},
): Promise<ConsoleSession> {
  const dir = mkdtempSync(join(tmpdir(), 'vpsops-console-e2e-'));
  const dataDir = join(dir, 'data');
  const policyPath = join(dir, 'policy.yaml');
  writeFileSync(policyPath, options.policy ?? CONSOLE_POLICY);
  const config = loadConfig({
    VPSOPS_DATA_DIR: dataDir,
    VPSOPS_POLICY: policyPath,
    VPSOPS_CONSOLE_USER: options.user ?? 'alice',
    LOG_LEVEL: 'silent',
    ...options.env,
  });
  const app = await createApp(config, {
    simulator: {
      timing: {
        terminateMs: 50,
        restoreMs: 50,
        storageMs: 50,
        rollbackMs: 0,
        stopMs: 0,
        ...options.timing,
      },
    },
  });
  const input = new PassThrough();
  const output = new PassThrough();
  let all = '';
  let mark = 0;
  let wake: (() => void) | null = null;
  output.on('data', (chunk: Buffer) => {
    all += chunk.toString('utf8');
    wake?.();
  });
  const repl = startConsoleRepl({
    dispatcher: app.dispatcher,
    completer: app.lookups.completer,
    input,
    output,
    actor: consoleActor(config.consoleUser),
    historyFile: join(dataDir, 'console_history'),
    terminal: false,
  });
  const atPrompt = () => PROMPTS.some((p) => p.test(all.slice(mark)));
  const untilPrompt = async (): Promise<string> => {
    while (!atPrompt()) await new Promise<void>((resolve) => (wake = resolve));
    wake = null;
    const chunk = all.slice(mark);
    mark = all.length;
    return chunk;
  };
  await untilPrompt();
  return {
    app,
    dataDir,
    repl,
    async send(line) {
      input.write(`${line}\n`);
      return untilPrompt();
    },
    transcript: () => all,
    async waitFor(pattern) {
      // At a prompt now, even one send() already returned at: a quick follow-up line (and the prompt
      // after it) can arrive before the command's own answer is complete.
      const atPromptNow = () => PROMPTS.some((p) => p.test(all));
      while (!pattern.test(all) || !atPromptNow()) await new Promise<void>((resolve) => (wake = resolve));
      mark = all.length;
      return all;
    },
    async close() {
      input.end();
      await repl.closed;
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
