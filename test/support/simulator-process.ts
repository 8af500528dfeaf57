// `vpsops simulator` in its own process, for end-to-end suites that want the hosting API across a
// real process boundary (`--instances N` for a fleet over several pages, `--without E3,E4`).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChildReaper } from './cleanup.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BIN = join(ROOT, 'bin', 'vpsops.js');

/** Starts `vpsops simulator` on a free port (tracked by `children`) and resolves with its base URL once it listens. */
export async function startSimulatorProcess(
  children: ChildReaper,
  apiKey: string,
  args: string[],
): Promise<string> {
  const child = children.track(
    spawn(process.execPath, [BIN, 'simulator', '--port', '0', '--api-key', apiKey, ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  let stdout = '';
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      const url = /Hosting API simulator on (http:\S+)/.exec(stdout)?.[1];
      if (url) resolve(url);
    });
    child.once('exit', (code) => reject(new Error(`simulator exited early (${code}): ${stdout}`)));
  });
}
