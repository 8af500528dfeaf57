// The simulator's estate. Handlers mutate `live`; tests read through the getters, which return copies
// so an assertion sees the state at the moment it asked.
import type {
  SimBackup,
  SimBlockStorage,
  SimInstance,
  SimIpset,
  SimNetwork,
  SimPublicIp,
  SimSnapshot,
  SimSshKey,
} from './records.js';
import { seedSshKeys } from './seed/catalogue.js';
import { seedInstances } from './seed/instances.js';
import { seedBlockStorages, seedNetworks, seedPublicIps } from './seed/network.js';
import { seedBackups, seedSnapshots } from './seed/history.js';
import { seedBalance, seedBillingReports, type BillingReport, type PrepaidBalance } from './seed/billing.js';
import { seedFleet } from './seed/fleet.js';
import { monthlyEstimate } from './records.js';

/** The mutable collections behind the simulator. */
export interface Estate {
  instances: Map<string, SimInstance>;
  publicIps: Map<string, SimPublicIp>;
  networks: SimNetwork[];
  snapshots: SimSnapshot[];
  backups: SimBackup[];
  blockStorages: SimBlockStorage[];
  ipsets: SimIpset[];
  sshKeys: SimSshKey[];
  billingReports: BillingReport[];
  balance: PrepaidBalance;
}

/** Builds the seeded estate relative to `now`; `instances` (default 5) servers in all. */
export function seedEstate(now: Date, opts: { instances?: number } = {}): Estate {
  const fixed = seedInstances(now);
  const fleet = seedFleet(opts.instances ?? fixed.length, now);
  const instances = [...fixed, ...fleet.instances];
  const blockStorages = seedBlockStorages();
  const monthly = instances.reduce((sum, i) => sum + monthlyEstimate(i), 0);
  return {
    instances: new Map(instances.map((i) => [i.uuid, i])),
    publicIps: new Map([...seedPublicIps(), ...fleet.publicIps].map((ip) => [ip.uuid, ip])),
    networks: seedNetworks(now),
    snapshots: seedSnapshots(now),
    backups: seedBackups(now, fixed, blockStorages),
    blockStorages,
    ipsets: [],
    sshKeys: seedSshKeys(),
    billingReports: seedBillingReports(now),
    balance: seedBalance(monthly, now),
  };
}

/** Read access to the simulated estate, for test assertions and for the handlers' lookups. */
export class SimulatorState {
  constructor(readonly live: Estate) {}

  /** The instance, or undefined once it is gone (terminated). */
  getInstance(uuid: string): SimInstance | undefined {
    return copy(this.live.instances.get(uuid));
  }

  /** Test hook: sets an instance's status (e.g. "Error") as if the service changed it; false if unknown. */
  setStatus(uuid: string, status: SimInstance['status']): boolean {
    const instance = this.live.instances.get(uuid);
    if (!instance) return false;
    instance.status = status;
    instance.stoppedAt = status === 'Stopped' ? (instance.stoppedAt ?? new Date()) : null;
    return true;
  }

  /** Test hook: every CPU sample of a running instance reads `percent` until cleared with null. */
  setCpuLoad(uuid: string, percent: number | null): boolean {
    const instance = this.live.instances.get(uuid);
    if (!instance) return false;
    if (percent === null) delete instance.cpuLoad;
    else instance.cpuLoad = percent;
    return true;
  }

  /** Test hook: sets the prepaid balance (IDR, before this month's usage), as a top-up or a charge would. */
  setBalance(amount: number): void {
    this.live.balance.amount = amount;
  }

  listInstances(): SimInstance[] {
    return [...this.live.instances.values()].map((i) => structuredClone(i));
  }

  /** Backup history of an instance, newest first. */
  getBackups(instanceUuid: string): SimBackup[] {
    return this.live.backups.filter((b) => b.instanceUuid === instanceUuid).map((b) => structuredClone(b));
  }

  getSnapshots(instanceUuid: string): SimSnapshot[] {
    return this.live.snapshots.filter((s) => s.instanceUuid === instanceUuid).map((s) => structuredClone(s));
  }

  /** A public IP by uuid; `instanceUuid` null means allocated but unassigned; undefined means released. */
  getPublicIp(ipUuid: string): SimPublicIp | undefined {
    return copy(this.live.publicIps.get(ipUuid));
  }

  listPublicIps(): SimPublicIp[] {
    return [...this.live.publicIps.values()].map((ip) => structuredClone(ip));
  }

  /** The public IP assigned to an instance, if any. */
  publicIpOf(instanceUuid: string): SimPublicIp | undefined {
    return copy(this.livePublicIpOf(instanceUuid));
  }

  getBlockStorages(): SimBlockStorage[] {
    return this.live.blockStorages.map((s) => structuredClone(s));
  }

  /** A private network by uuid. */
  getNetwork(uuid: string): SimNetwork | undefined {
    return copy(this.live.networks.find((n) => n.uuid === uuid));
  }

  /** A private network by its integer (graph) id. */
  getNetworkById(id: number): SimNetwork | undefined {
    return copy(this.live.networks.find((n) => n.id === id));
  }

  /** The private network an instance is attached to, if any. */
  networkOf(instanceUuid: string): SimNetwork | undefined {
    return copy(this.liveNetworkOf(instanceUuid));
  }

  getIpsets(instanceUuid: string): SimIpset[] {
    return this.live.ipsets.filter((s) => s.instanceUuid === instanceUuid).map((s) => structuredClone(s));
  }

  getSshKeys(): SimSshKey[] {
    return this.live.sshKeys.map((k) => structuredClone(k));
  }

  /** Live (mutable) lookup for handlers. */
  livePublicIpOf(instanceUuid: string): SimPublicIp | undefined {
    for (const ip of this.live.publicIps.values()) if (ip.instanceUuid === instanceUuid) return ip;
    return undefined;
  }

  /** Live (mutable) lookup for handlers. */
  liveNetworkOf(instanceUuid: string): SimNetwork | undefined {
    return this.live.networks.find((n) => n.members.some((m) => m.instanceUuid === instanceUuid));
  }
}

function copy<T>(value: T | undefined): T | undefined {
  return value === undefined ? undefined : structuredClone(value);
}
