// Which hosting API the app talks to: the configured one (its URL and key), or the embedded
// simulator started in-process when no HOSTING_API_URL is set.
import { ConfigError } from '../core/index.js';
import type { AppConfig } from './config/app-config.js';
import { startSimulator, type SimulatorHandle } from '../simulator/index.js';
import { multiTenant } from './tenancy.js';
import type { ApiCallEvent } from '../core/index.js';
import { createHostingApi, type HostingApi } from '../api/index.js';
import type { Logger } from '../logger.js';
import { logApiFailure } from './logging.js';

/** Which hosting API the app talks to; printed in the banner (never the key). */
export type Backend = { kind: 'simulator'; url: string } | { kind: 'remote'; url: string; host: string };

export interface HostingTarget {
  baseUrl: string;
  apiKey: string;
  backend: Backend;
  simulator?: SimulatorHandle;
}

export async function hostingTarget(
  config: AppConfig,
  options: { simulator?: Parameters<typeof startSimulator>[0] },
): Promise<HostingTarget> {
  const { url, key } = config.hostingApi;
  if (url) {
    // OAuth mode: no key of its own — each tenant links one.
    if (!key && multiTenant(config))
      return { baseUrl: url, apiKey: '', backend: { kind: 'remote', url, host: new URL(url).host } };
    if (!key) {
      throw new ConfigError(
        'HOSTING_API_URL is set but HOSTING_API_KEY is missing — set the key, or unset HOSTING_API_URL to use the embedded simulator.',
      );
    }
    return { baseUrl: url, apiKey: key, backend: { kind: 'remote', url, host: new URL(url).host } };
  }
  const simulator = await startSimulator({ ...options.simulator, port: 0 });
  return {
    baseUrl: simulator.url,
    apiKey: simulator.apiKey,
    backend: { kind: 'simulator', url: simulator.url },
    simulator,
  };
}

export /** A hosting-API client per key, every attempt heard by `onCall` and failures logged. */
function hostingClients(
  config: AppConfig,
  baseUrl: string,
  logger: Logger,
  onCall: (event: ApiCallEvent) => void,
): (apiKey: string) => HostingApi {
  return (apiKey) =>
    createHostingApi({
      baseUrl,
      apiKey,
      timeoutMs: config.hostingApi.timeoutMs,
      onCall: (event) => {
        onCall(event);
        logApiFailure(logger, event);
      },
    });
}
