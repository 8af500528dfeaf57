// Child processes for the benchmarks: the bot (`bin/vpsops.js`, compiled when dist/ is current),
// the hosting-API simulator and the bare-library baselines each run in their own process, so a
// figure measures that process alone and not the harness that drives it.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The CLI entry, as `npx vpsops` runs it. */
export const BIN = join(ROOT, 'bin', 'vpsops.js');

/** A started child with its collected output. */
export interface Child {
  process: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves with the elapsed ms (since spawn) once `pattern` appears on stdout or stderr. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<number>;
  /** SIGTERM, then SIGKILL after 3 s; resolves once it has exited. */
  stop(): Promise<void>;
  /** Resident memory in MB (Linux /proc), or NaN. */
  rssMb(): Promise<number>;
}

/** A scratch working directory (no policy file, own data dir) and a clean environment for the bot. */
export function scratchEnv(extra: Record<string, string> = {}): {
  cwd: string;
  env: NodeJS.ProcessEnv;
  remove(): void;
} {
  const cwd = mkdtempSync(join(tmpdir(), 'vpsops-bench-'));
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: cwd,
    VPSOPS_DATA_DIR: join(cwd, 'data'),
    LOG_LEVEL: 'info',
    // Floods of one person's commands are the point of these benches: the limiter still counts each
    // command (its cost is measured) but never refuses one.
    VPSOPS_RATE_LIMIT_USER_PER_MINUTE: '1000000',
    VPSOPS_RATE_LIMIT_TENANT_PER_MINUTE: '1000000',
    // VPSOPS_FROM_SOURCE=1 npm run bench: the bot runs the TypeScript sources (the pre-build figures).
    ...(process.env.VPSOPS_FROM_SOURCE ? { VPSOPS_FROM_SOURCE: process.env.VPSOPS_FROM_SOURCE } : {}),
    ...extra,
  };
  return { cwd, env, remove: () => rmSync(cwd, { recursive: true, force: true }) };
}

/** Spawns `node <args>`; output is kept for waitFor. */
export function spawnNode(args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Child {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: options.cwd ?? ROOT,
    env: options.env ?? process.env,
    stdio: 'pipe',
  });
  let out = '';
  let err = '';
  const listeners = new Set<() => void>();
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    for (const listener of listeners) listener();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    err += chunk.toString();
    for (const listener of listeners) listener();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    process: child,
    stdout: () => out,
    stderr: () => err,
    waitFor: (pattern, timeoutMs = 30_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (!pattern.test(out) && !pattern.test(err)) return;
          listeners.delete(check);
          clearTimeout(timer);
          resolve(performance.now() - started);
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(
            new Error(`timed out waiting for ${pattern} from node ${args.join(' ')}\n${err.slice(-2000)}`),
          );
        }, timeoutMs);
        listeners.add(check);
        void exited.then(() => {
          if (listeners.has(check)) {
            listeners.delete(check);
            clearTimeout(timer);
            reject(new Error(`node ${args.join(' ')} exited before ${pattern}\n${err.slice(-2000)}`));
          }
        });
        check();
      }),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3_000);
      await exited;
      clearTimeout(timer);
    },
    async rssMb() {
      try {
        const { readFile } = await import('node:fs/promises');
        const status = await readFile(`/proc/${child.pid}/status`, 'utf8');
        const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
        return kb / 1024;
      } catch {
        return Number.NaN;
      }
    },
  };
}

/** Runs `node <args>` to completion and returns its wall time in ms (throws on a non-zero exit). */
export async function timeRun(
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<number> {
  const child = spawnNode(args, options);
  const started = performance.now();
  const code = await new Promise<number | null>((resolve) => child.process.once('exit', (c) => resolve(c)));
  const ms = performance.now() - started;
  if (code !== 0) throw new Error(`node ${args.join(' ')} exited ${code}\n${child.stderr().slice(-2000)}`);
  return ms;
}

/** A TCP port that was free a moment ago (for children whose config cannot take port 0). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 0;
}

/** `vpsops simulator` in its own process: the hosting API the bot talks to. */
export async function startSimulatorProcess(
  args: string[] = [],
): Promise<{ url: string; apiKey: string; stop(): Promise<void> }> {
  const child = spawnNode([BIN, 'simulator', '--port', '0', ...args]);
  try {
    await child.waitFor(/API key: \S+/);
  } catch (error) {
    await child.stop();
    throw error;
  }
  const url = /simulator on (\S+)/.exec(child.stdout())?.[1] ?? '';
  const apiKey = /API key: (\S+)/.exec(child.stdout())?.[1] ?? '';
  return { url, apiKey, stop: () => child.stop() };
}

/** Which code `bin/vpsops.js` runs right now (the figures differ a lot between the two). */
export async function binLayout(): Promise<'dist (compiled)' | 'src via tsx'> {
  const { buildIsCurrent } = (await import(join(ROOT, 'bin', 'build-state.js'))) as {
    buildIsCurrent(): boolean;
  };
  return buildIsCurrent() && process.env.VPSOPS_FROM_SOURCE !== '1' ? 'dist (compiled)' : 'src via tsx';
}

/**
 * `VPSOPS_BENCH_BASELINE=<another checkout, built>`: the latency benchmarks also run that checkout's
 * bot, its rounds alternating with this one's, so a before/after comparison shares one run's load
 * and drift instead of comparing two runs. Undefined when unset.
 */
export function baselineBin(): string | undefined {
  const dir = process.env.VPSOPS_BENCH_BASELINE;
  if (!dir) return undefined;
  const bin = join(dir, 'bin', 'vpsops.js');
  if (!existsSync(bin)) throw new Error(`VPSOPS_BENCH_BASELINE=${dir}: no bin/vpsops.js there`);
  return bin;
}

/** A `vpsops serve` child in a scratch directory, ready (logged "vpsops serving"). */
export interface ServeProcess {
  child: Child;
  /** Milliseconds from spawn to ready. */
  readyMs: number;
  /** Stops the bot and removes its scratch directory. */
  stop(): Promise<void>;
}

/** Starts `vpsops serve` against `hosting` with `env` added (chat platform settings, PORT). */
export async function startServeProcess(
  hosting: { url: string; apiKey: string },
  env: Record<string, string>,
  bin: string = BIN,
): Promise<ServeProcess> {
  const scratch = scratchEnv({ HOSTING_API_URL: hosting.url, HOSTING_API_KEY: hosting.apiKey, ...env });
  const child = spawnNode([bin, 'serve'], { cwd: scratch.cwd, env: scratch.env });
  const stop = async (): Promise<void> => {
    await child.stop();
    scratch.remove();
  };
  try {
    return { child, readyMs: await child.waitFor(/vpsops serving/), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
