// Adapters start no server: they mount on serve's. For a test that runs an adapter alone, this gives
// it a serve HTTP server of its own on a free loopback port, opened by start() and closed by stop().
import type { PlatformAdapter } from '../../src/core/ports.js';
import { createBotMetrics } from '../../src/observability/metrics.js';
import { createServeHttpServer, type HttpMount } from '../../src/serve/http-server.js';

/** `build(http)`'s adapter, with start() first listening on the server and stop() then closing it. */
export function onTestServer<A extends PlatformAdapter>(build: (http: HttpMount) => A): A {
  const server = createServeHttpServer({
    port: 0,
    host: '127.0.0.1',
    ready: async () => ({ ready: true }),
    metrics: createBotMetrics({ commands: [] }),
  });
  const adapter = build(server);
  const start = adapter.start.bind(adapter);
  const stop = adapter.stop.bind(adapter);
  adapter.start = async (...args) => {
    await server.listen();
    await start(...args);
  };
  adapter.stop = async () => {
    await stop();
    await server.close();
  };
  return adapter;
}
