// One free-port picker for the tests that start child processes needing a real PORT number
// (serve replicas, redis-server), instead of a copy in each test file.
import { createServer } from 'node:net';

/** A loopback port that was free a moment ago (PORT must be a real number, not 0). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (typeof address !== 'object' || !address) throw new Error('could not pick a free port');
  return address.port;
}
