// Runs the real `vpsops` CLI as a child process in a clean environment (own HOME, data dir and
// policy, no real API, no chat platforms) for the exec and console end-to-end suites.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * A second OS account (nobody) for runs that must be another person than the test's own account:
 * the console's person is its OS account, whatever VPSOPS_CONSOLE_USER says. Switching uid needs
 * root (CI runs as root); without it such a run fails, it is never skipped.
 */
export const OTHER_ACCOUNT = { uid: 65534, gid: 65534 } as const;
const BIN = join(ROOT, 'bin', 'vpsops.js');

/** One finished CLI run. */
export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A scratch directory with a policy file; `run` starts the CLI in it. */
export interface CliWorld {
  dir: string;
  run(
    args: string[],
    options?: {
      dataDir?: string;
      env?: Record<string, string>;
      stdin?: string;
      /** Run as OTHER_ACCOUNT instead of the test's own; its data dir is made its own, so run it before the test's account writes there. */
      otherAccount?: boolean;
    },
  ): Promise<CliRun>;
  /** Kills any run still going (a failed or timed-out test), then removes the directory. */
  remove(): void;
}

/** Builds the world; each run gets a fresh data dir unless `dataDir` names a shared one. */
export function createCliWorld(policy: string): CliWorld {
  const dir = mkdtempSync(join(tmpdir(), 'vpsops-cli-'));
  const policyPath = join(dir, 'policy.yaml');
  writeFileSync(policyPath, policy);
  let runs = 0;
  const children = new Set<ChildProcess>();
  return {
    dir,
    remove() {
      for (const child of children) child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
    run(args, options = {}) {
      runs += 1;
      const dataDir = options.dataDir ?? join(dir, `data-${runs}`);
      const env: Record<string, string> = {
        PATH: process.env.PATH ?? '',
        HOME: dir,
        VPSOPS_DATA_DIR: dataDir,
        VPSOPS_POLICY: policyPath,
        VPSOPS_CONSOLE_USER: 'alice',
        LOG_LEVEL: 'silent',
        ...options.env,
      };
      if (options.otherAccount) {
        // The other account reads the policy and writes its data dir; the test's own account (root) can still read both.
        chmodSync(dir, 0o755);
        mkdirSync(dataDir, { recursive: true });
        chownSync(dataDir, OTHER_ACCOUNT.uid, OTHER_ACCOUNT.gid);
      }
      return new Promise((resolve, reject) => {
        const child = spawn(process.execPath, [BIN, ...args], {
          cwd: ROOT,
          env,
          stdio: ['pipe', 'pipe', 'pipe'],
          ...(options.otherAccount ? OTHER_ACCOUNT : {}),
        });
        children.add(child);
        child.once('exit', () => children.delete(child));
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
        child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
        child.stdin.end(options.stdin ?? '');
        child.on('error', reject);
        child.on('close', (code) => resolve({ code, stdout, stderr }));
      });
    },
  };
}
