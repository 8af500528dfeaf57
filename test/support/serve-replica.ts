// `vpsops serve` as a child process for multi-replica e2e tests: a free PORT, its own data dir,
// stderr collected (the JSON log), and a stop that always reaps the process (SIGTERM, then SIGKILL).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { freePort } from './free-port.js';
import { waitFor } from './wait-for.js';
import { SCRIPTED_ENV } from './scripted-env.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BIN = join(ROOT, 'bin', 'vpsops.js');

/** A running replica. */
export interface ServeReplica {
  child: ChildProcess;
  port: number;
  stderr(): string;
  exit: Promise<number | null>;
  /** SIGTERM, and SIGKILL if it has not exited after 10 s; resolves once it is gone. */
  stop(): Promise<void>;
}

/** How to start a replica: fdLimit, a lowered descriptor limit; install, another install's launcher and working directory. */
type ReplicaOptions = { fdLimit?: number; install?: { bin: string; cwd: string } };

/**
 * Starts `vpsops serve` with `env` (plus PATH, HOME, PORT and a data dir under `dir`); resolves once
 * serving. A free port can be taken by another test's server between finding it and the child's
 * listen (cases run side by side): a replica refused its PORT as in use is started again on another.
 */
export async function startServeReplica(
  name: string,
  dir: string,
  env: Record<string, string>,
  options: ReplicaOptions = {},
): Promise<ServeReplica> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startOnce(name, dir, env, options);
    } catch (error) {
      if (attempt >= 3 || env.PORT !== undefined || !/EADDRINUSE/.test(String(error))) throw error;
    }
  }
}

async function startOnce(
  name: string,
  dir: string,
  env: Record<string, string>,
  options: ReplicaOptions,
): Promise<ServeReplica> {
  const port = await freePort();
  const dataDir = join(dir, `data-${name}`);
  mkdirSync(dataDir, { recursive: true });
  const install = options.install ?? { bin: BIN, cwd: ROOT };
  // With fdLimit, a shell lowers the descriptor limit (`ulimit -n`) and execs the same command.
  const [command, args] = options.fdLimit
    ? [
        '/bin/sh',
        ['-c', `ulimit -n ${options.fdLimit} && exec "$0" "$@"`, process.execPath, install.bin, 'serve'],
      ]
    : [process.execPath, [install.bin, 'serve']];
  const child = spawn(command, args, {
    cwd: install.cwd,
    env: {
      ...SCRIPTED_ENV,
      PATH: process.env.PATH ?? '',
      HOME: dir,
      PORT: String(port),
      VPSOPS_DATA_DIR: dataDir,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  child.stdout?.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  const exit = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  const replica: ServeReplica = {
    child,
    port,
    stderr: () => stderr,
    exit,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exit;
      clearTimeout(timer);
    },
  };
  try {
    await waitFor(
      () => /vpsops serving/.test(stderr) || child.exitCode !== null,
      `replica ${name} to serve`,
      30_000,
    );
    if (child.exitCode !== null) throw new Error(`replica ${name} exited: ${stderr}`);
  } catch (error) {
    await replica.stop();
    throw error;
  }
  return replica;
}

/**
 * Starts one replica per name side by side (each start is mostly a process booting), in the
 * order of `names`; if any fails to serve, the others are stopped before the error is thrown.
 */
export async function startServeReplicas(
  names: readonly string[],
  dir: string,
  env: Record<string, string>,
): Promise<ServeReplica[]> {
  const starts = await Promise.allSettled(names.map((name) => startServeReplica(name, dir, env)));
  const started = starts.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failed = starts.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) {
    await Promise.all(started.map((r) => r.stop()));
    throw failed.reason;
  }
  return started;
}
