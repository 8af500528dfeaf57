// OAuth mode: the Web API client the outbox uses speaks with the bot token of the workspace the
// current request came from (src/tenants/scope.ts), one cached client per token.
import type { WebClient } from '@slack/web-api';
import { currentTenant } from '../../src/adapter-kit/tenant-context.js';

/** A client that forwards every call to the current workspace's client (`base` outside a request). */
export function tenantWebClient(base: WebClient, clientFor: (token: string) => WebClient): WebClient {
  return new Proxy(base, {
    get(target, property) {
      const token = currentTenant()?.botToken;
      const client = token ? clientFor(token) : target;
      const value: unknown = Reflect.get(client, property, client);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(client) : value;
    },
  });
}
