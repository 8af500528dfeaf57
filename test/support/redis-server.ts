// A real redis-server for tests, on a free 127.0.0.1 port, configured as the bot requires (AOF on,
// maxmemory-policy noeviction) in a temporary dir unless a test asks otherwise. A missing binary
// fails the test with an explicit message (CI installs redis-server in .ci/run); it is never a skip.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.js';

/** A running test Redis. */
export interface TestRedisServer {
  url: string;
  port: number;
  /** Where its AOF / RDB files live. */
  dir: string;
  /** Freezes the server (SIGSTOP): connections stay open but nothing answers, like a blackholed network. */
  pause(): void;
  resume(): void;
  /** SIGKILL: no shutdown save, like a crash; the data dir stays for a restart. */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

/** Settings of startRedisServer. */
export interface TestRedisOptions {
  /** Requires this password (`--requirepass`); the url then carries it. */
  password?: string;
  /** Binary to run (default `redis-server` from PATH). */
  binary?: string;
  /** Port to listen on (default: a free one), e.g. to restart a server where a client expects it. */
  port?: number;
  /**
   * 'aof' (default): appendonly yes + noeviction, what the bot requires; 'rdb': snapshots only
   * (`SAVE` writes one) with an evicting policy; 'none': no persistence at all.
   */
  persistence?: 'aof' | 'rdb' | 'none';
  /** appendfsync for 'aof' (default everysec; 'always' makes every acknowledged write durable). */
  appendfsync?: 'always' | 'everysec' | 'no';
  /** Working dir (AOF / RDB files): reuse one to restart from what a previous server wrote. Kept. */
  dir?: string;
}

/** One raw PING over the RESP protocol; true when Redis answers (+PONG or -NOAUTH). */
function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('error', () => done(false));
    socket.once('data', (data) => done(/^(\+PONG|-NOAUTH)/.test(data.toString())));
    socket.connect(port, '127.0.0.1', () => socket.write('PING\r\n'));
  });
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Starts redis-server and waits until it answers PING; throws when it cannot. */
export async function startRedisServer(options: TestRedisOptions = {}): Promise<TestRedisServer> {
  const binary = options.binary ?? 'redis-server';
  const port = options.port ?? (await freePort());
  const ownDir = options.dir === undefined;
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'vpsops-redis-'));
  const persistence = options.persistence ?? 'aof';
  const args = ['--save', '', '--port', String(port), '--bind', '127.0.0.1', '--dir', dir];
  if (persistence === 'aof')
    args.push(
      '--appendonly',
      'yes',
      '--appendfsync',
      options.appendfsync ?? 'everysec',
      '--maxmemory-policy',
      'noeviction',
    );
  else args.push('--appendonly', 'no', '--maxmemory-policy', 'allkeys-lru');
  if (options.password) args.push('--requirepass', options.password);
  const child = spawn(binary, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const failed = new Promise<Error>((resolve) => {
    child.once('error', (error: NodeJS.ErrnoException) =>
      resolve(
        new Error(
          error.code === 'ENOENT'
            ? `${binary} is not installed: the Redis store tests need the real server (apt-get install redis-server)`
            : `could not start ${binary}: ${error.message}`,
        ),
      ),
    );
    child.once('exit', (code) =>
      resolve(new Error(`${binary} exited with code ${code} before answering: ${stderr.trim()}`)),
    );
  });
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGCONT');
      child.kill('SIGTERM');
    }
    await exited(child);
    if (ownDir) rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 10_000;
  for (;;) {
    const outcome = await Promise.race([failed, answers(port).then((ok) => (ok ? 'up' : 'down'))]);
    if (outcome instanceof Error) throw outcome;
    if (outcome === 'up') break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${binary} did not answer PING on port ${port} within 10 s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const auth = options.password ? `:${encodeURIComponent(options.password)}@` : '';
  return {
    url: `redis://${auth}127.0.0.1:${port}/0`,
    port,
    dir,
    pause: () => child.kill('SIGSTOP'),
    resume: () => child.kill('SIGCONT'),
    async kill() {
      child.kill('SIGKILL');
      await exited(child);
    },
    stop,
  };
}
