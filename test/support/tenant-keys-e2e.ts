// Many-tenant e2e tests (Slack OAuth, Discord multi-guild): a hosting API that accepts several
// tenants' keys and records every key it is sent, and a dump of everything in Redis to look for
// secrets kept in clear.
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';

/**
 * A hosting API (in this process or its own) behind a proxy: the tenants' `keys` become the API's own;
 * every key sent is recorded in `seen`, every request as "<method> <path>" in `requests`.
 */
export async function keyProxy(
  sim: { url: string; apiKey: string },
  keys: readonly string[],
): Promise<{ url: string; seen: string[]; requests: string[]; server: Server }> {
  const seen: string[] = [];
  const requests: string[] = [];
  const target = new URL(sim.url);
  const server = createServer((req, res) => {
    const key = String(req.headers['x-apikey'] ?? '');
    seen.push(key);
    requests.push(`${req.method ?? ''} ${req.url ?? ''}`);
    const forwarded = keys.includes(key) ? sim.apiKey : key;
    const upstream = request(
      {
        host: target.hostname,
        port: target.port,
        path: req.url,
        method: req.method,
        headers: { ...req.headers, host: target.host, 'x-apikey': forwarded },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}${target.pathname}`, seen, requests, server };
}

/** Every key and value under the prefix, as text. */
export async function dumpRedis(url: string): Promise<string> {
  const redis = new Redis(url);
  try {
    const parts: string[] = [];
    for (const key of await redis.keys('*')) {
      const type = await redis.type(key);
      const value =
        type === 'string'
          ? await redis.get(key)
          : type === 'hash'
            ? await redis.hgetall(key)
            : type === 'zset'
              ? await redis.zrange(key, 0, -1)
              : type === 'set'
                ? await redis.smembers(key)
                : type === 'list'
                  ? await redis.lrange(key, 0, -1)
                  : type === 'stream'
                    ? await redis.xrange(key, '-', '+')
                    : `(${type})`;
      parts.push(key, JSON.stringify(value));
    }
    return parts.join('\n');
  } finally {
    redis.disconnect();
  }
}
