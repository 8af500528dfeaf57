// Public entry of the hosting-API client: createHostingApi plus the types and errors callers need.
import { hostingApiOn } from './client.js';
import type { HostingApi, HostingApiOptions } from './hosting-api.js';
import { createTransport } from './transport.js';

export type { HostingApi, HostingApiOptions } from './hosting-api.js';
export type { InstanceDetail, InstanceOption } from './schemas/instance.js';
export type { Periode, RrdSeries } from './schemas/rrd.js';
export { PERIODES } from './schemas/rrd.js';
export type { BackupHistoryItem } from './schemas/backup.js';
export type { PrivateNetworkDetail, PrivateNetworkGraph } from './schemas/network.js';
export type { InstanceListItem, PrivateNetworkItem, SnapshotItem } from './schemas/listings.js';
export type { OsCatalogueEntry, SshKeyOption } from './schemas/catalogue.js';
export type { PaymentMethods, PaymentMethod, BillingReportItem, BillingSummary } from './schemas/billing.js';
export type { Paged, PageInfo } from './schemas/page.js';
export { parseApiDate } from './dates.js';
export { ApiError, isApiError, API_ERROR_CODES } from './errors.js';
export type { ApiErrorCode } from './errors.js';
export { ENDPOINTS } from './endpoints.js';
export type { EndpointName, EndpointSpec } from './endpoints.js';

/** Builds the client for one hosting-API base URL and key; misconfiguration fails here, at start-up. */
export function createHostingApi(options: HostingApiOptions): HostingApi {
  const baseUrl = checkedBaseUrl(options.baseUrl);
  if (typeof options.apiKey !== 'string' || options.apiKey === '')
    throw new Error('hosting API key is empty');
  return hostingApiOn(
    createTransport({
      baseUrl,
      apiKey: options.apiKey,
      timeoutMs: positiveOr(options.timeoutMs, 10_000),
      retries: nonNegativeOr(options.retries, 2),
      retryBaseDelayMs: nonNegativeOr(options.retryBaseDelayMs, 250),
      maxRetryAfterMs: nonNegativeOr(options.maxRetryAfterMs, 30_000),
      onCall: options.onCall,
    }),
  );
}

function checkedBaseUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error('hosting API base URL is not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error('hosting API base URL must be http(s)');
  if (url.search || url.hash || url.username || url.password) {
    throw new Error('hosting API base URL must not carry a query, fragment or credentials');
  }
  return raw.replace(/\/+$/, '');
}

function positiveOr(value: number | undefined, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback;
}

function nonNegativeOr(value: number | undefined, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.floor(value) : fallback;
}
