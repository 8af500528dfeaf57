// Helpers of the tenants benchmark: installing many tenants into a store quickly, and timing a
// `vpsops serve` child from spawn until /readyz answers 200 (the key check and the store included).
import type { TenantDirectory } from '../../src/tenants/tenant-directory.js';
import { freePort, scratchEnv, spawnNode, BIN } from './processes.js';

export const tenantId = (i: number) => `slack:T${String(i).padStart(6, '0')}`;

/** Installs tenants 0…count-1 (a sealed installation and a linked key each), `batch` at a time. */
export async function installTenants(directory: TenantDirectory, count: number, batch = 50): Promise<void> {
  for (let start = 0; start < count; start += batch) {
    const ids = Array.from({ length: Math.min(batch, count - start) }, (_, k) => start + k);
    await Promise.all(
      ids.map(async (i) => {
        const id = tenantId(i);
        await directory.saveInstallation(
          id,
          {
            team: { id: `T${i}`, name: `Team ${i}` },
            bot: {
              token: `fake-bot-token-${i}`,
              userId: 'B1',
              scopes: ['commands', 'chat:write', 'users:read'],
            },
            user: { id: 'U1' },
          },
          'U1',
          1,
        );
        await directory.linkApiKey(id, `hk-bench-key-${i}-ABCD`, 'slack:U1', 2);
      }),
    );
  }
}

/** Milliseconds from spawning `vpsops serve` with `env` until GET /readyz answers 200. */
export async function serveReadyMs(env: Record<string, string>): Promise<number> {
  const port = await freePort();
  const scratch = scratchEnv({ ...env, PORT: String(port) });
  const started = performance.now();
  const child = spawnNode([BIN, 'serve'], { cwd: scratch.cwd, env: scratch.env });
  try {
    const deadline = started + 60_000;
    while (performance.now() < deadline) {
      if (child.process.exitCode !== null) throw new Error(`serve exited: ${child.stderr().slice(-2000)}`);
      const status = await fetch(`http://127.0.0.1:${port}/readyz`)
        .then((res) => res.status)
        .catch(() => 0);
      if (status === 200) return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`serve not ready within 60 s: ${child.stderr().slice(-2000)}`);
  } finally {
    await child.stop();
    scratch.remove();
  }
}
