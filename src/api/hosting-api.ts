// The typed surface of the hosting-API client that commands code against (one method per endpoint).
import type { ApiErrorCode } from './errors.js';
import type { EndpointName } from './endpoints.js';
import type { BackupHistoryItem } from './schemas/backup.js';
import type { BillingReportItem, BillingSummary, PaymentMethods } from './schemas/billing.js';
import type { OsCatalogueEntry, SshKeyOption } from './schemas/catalogue.js';
import type { InstanceDetail, InstanceOption } from './schemas/instance.js';
import type { InstanceListItem, PrivateNetworkItem, SnapshotItem } from './schemas/listings.js';
import type { PrivateNetworkDetail, PrivateNetworkGraph } from './schemas/network.js';
import type { Paged } from './schemas/page.js';
import type { Periode, RrdSeries } from './schemas/rrd.js';

/** Settings of createHostingApi. */
export interface HostingApiOptions {
  /** Base URL ending in /v1, e.g. http://127.0.0.1:4010/v1. */
  baseUrl: string;
  /** Sent as x-apikey; never logged or put in errors. */
  apiKey: string;
  /** Per attempt, default 10_000. */
  timeoutMs?: number;
  /** Extra attempts for retrySafe reads only, default 2. */
  retries?: number;
  /** Exponential backoff base, default 250. */
  retryBaseDelayMs?: number;
  /** Longest Retry-After the client waits for, default 30_000; a longer one fails as RATE_LIMITED. */
  maxRetryAfterMs?: number;
  /** Called after every attempt, for audit and metrics; never receives the key. */
  onCall?: (event: {
    endpoint: EndpointName;
    status?: number;
    durationMs: number;
    attempt: number;
    errorCode?: ApiErrorCode;
  }) => void;
}

/** The hosting API, one group per resource; every method rejects only with ApiError. */
export interface HostingApi {
  instances: {
    /** 1 — GET /instance/{uuid}/detail. */
    detail(uuid: string): Promise<InstanceDetail>;
    /** 2 — PATCH /instance/{uuid}/stop. */
    stop(uuid: string): Promise<{ uuid: string; hostname: string }>;
    /** E5 (optional, part 10) — PATCH /instance/{uuid}/start, no body; 404/405 when not offered. */
    start(uuid: string): Promise<{ uuid: string; hostname: string }>;
    /** E6 (optional, part 10) — PATCH /instance/{uuid}/restart, no body; 404/405 when not offered. */
    restart(uuid: string): Promise<{ uuid: string; hostname: string }>;
    /** 3 — POST /instance/{uuid}/delete with _method=DELETE, remove_ip and remove_block_storage as "1"/"0". */
    delete(
      uuid: string,
      opts: { removeIp: boolean; removeBlockStorage: boolean },
    ): Promise<{ uuid: string; hostname: string }>;
    /** 4 — POST /instance/{uuid}/console-websocket; the password is a secret. */
    consoleWebsocket(uuid: string): Promise<{ url: string; password: string }>;
    /** 5 — GET /instance/{uuid}/rrd?periode=…. */
    rrd(uuid: string, periode: Periode): Promise<RrdSeries>;
    /** 6 — GET /instance/options/no-ip?location_id=…. */
    withoutPublicIp(locationId: number): Promise<InstanceOption[]>;
    /**
     * E3 (optional, part 10) — GET /instances?limit&page&search&sort&statuses; 404/405 when not
     * offered. `search` matches hostnames; `statuses` is sent comma-separated.
     */
    list(opts?: {
      limit?: number;
      page?: number;
      search?: string;
      sort?: 'created_at' | 'cost';
      statuses?: string[];
    }): Promise<Paged<InstanceListItem>>;
  };
  snapshots: {
    /** 7 — DELETE /instance/{uuid}/snapshot/{snapshot}/delete. */
    delete(instanceUuid: string, snapshotUuid: string): Promise<{ vm_uuid: string; snap_uuid: string }>;
    /** 8 — PATCH /instance/{uuid}/snapshot/{snapshot}/rollback. */
    rollback(instanceUuid: string, snapshotUuid: string): Promise<{ uuid: string }>;
    /** E1 (optional, part 10) — GET /instance/{uuid}/snapshot/snapshots; 404/405 when not offered. */
    list(instanceUuid: string): Promise<SnapshotItem[]>;
  };
  backups: {
    /** 9 — GET that changes state: never retried. */
    restore(instanceUuid: string, backupUuid: string): Promise<{ vm_uuid: string; backup_uuid: string }>;
    /** 10 — GET that changes state: never retried. */
    delete(instanceUuid: string, backupUuid: string): Promise<{ backup: string }>;
    /** 11 — GET /instance/{uuid}/backup/history?limit&page. */
    history(
      instanceUuid: string,
      opts?: { limit?: number; page?: number },
    ): Promise<Paged<BackupHistoryItem>>;
  };
  firewall: {
    /** 12 — PATCH /instance/{uuid}/firewall/ipset/create with name, description. */
    createIpset(
      instanceUuid: string,
      opts: { name: string; description?: string },
    ): Promise<{ vm_uuid: string; ipset: string }>;
  };
  publicIps: {
    /** 13 — PATCH /instance/{uuid}/ip/add. */
    add(instanceUuid: string): Promise<{ vm_uuid: string; ip_address: string }>;
    /** 14 — PATCH /network/public/{ip}/change-instance with instance_id. */
    changeInstance(
      ipUuid: string,
      targetInstanceUuid: string,
    ): Promise<{ ip_id: string; instance_id: string }>;
  };
  privateNetworks: {
    /** 15 — PATCH /instance/{uuid}/vswitch with vswitch (attaches or detaches). */
    setVswitch(instanceUuid: string, vswitchUuid: string): Promise<{ vm_uuid: string }>;
    /** 16 — GET /network/vswitch/{uuid}/details. */
    details(vswitchUuid: string): Promise<PrivateNetworkDetail>;
    /** 17 — GET /network/vswitch/{id}/graph. */
    graph(vswitchId: number): Promise<PrivateNetworkGraph>;
    /** E2 (optional, part 10) — GET /network/vswitches; 404/405 when not offered. */
    list(): Promise<PrivateNetworkItem[]>;
  };
  blockStorage: {
    /** 18 — POST /storage/blocks/create with name and any extra fields. */
    create(
      opts: { name: string } & Record<string, string | number | boolean>,
    ): Promise<{ block_storage_id: string }>;
  };
  systems: {
    /** 19 — GET /systems?location=…. */
    list(opts?: { location?: number }): Promise<OsCatalogueEntry[]>;
  };
  sshKeys: {
    /** 20 — GET /credential/ssh/unassigned?vm_id=…. */
    unassigned(vmId: number): Promise<SshKeyOption[]>;
  };
  billing: {
    /** 21 — GET /billing/v2/payment-methods?amount=…. */
    paymentMethods(opts?: { amount?: number }): Promise<PaymentMethods>;
    /** 22 — GET /billing/report/summary?limit&page. */
    reportSummary(opts?: { limit?: number; page?: number }): Promise<Paged<BillingReportItem>>;
    /** E4 (optional, part 10) — GET /billing/summary: this month's prepaid balance; 404/405 when not offered. */
    summary(): Promise<BillingSummary>;
  };
}
