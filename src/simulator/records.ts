// The simulator's internal records: the estate it keeps, before it is shaped into API responses.

/** Instance status strings, as the real service writes them. */
export type InstanceStatus =
  'Running' | 'Stopped' | 'Stopping' | 'Starting' | 'Terminating' | 'Restoring' | 'Rolling back' | 'Error';

/** A virtual machine. Public IP and private network live on their own records (single source of truth). */
export interface SimInstance {
  uuid: string;
  /** Integer VM id used by the SSH-key endpoint. */
  vmId: number;
  hostname: string;
  username: string;
  /** Number for one instance, string for others — like the real service. */
  cpu: number | string;
  isCpuDedicated: boolean;
  memory: string;
  storage: string;
  status: InstanceStatus;
  /** Operating-system template id (see the catalogue). */
  templateId: number;
  locationId: number;
  tierId: number;
  pricePerHour: number;
  createdAt: Date;
  updatedAt: Date;
  lastStartedAt: Date;
  lastBackupAt: Date | null;
  /** When it last stopped (its metrics are flat after this); null while running. */
  stoppedAt: Date | null;
  /** Test hook: CPU samples read this percentage while set (see SimulatorState.setCpuLoad). */
  cpuLoad?: number;
}

/** A public IPv4 address; `instanceUuid` null means allocated but unassigned. */
export interface SimPublicIp {
  uuid: string;
  address: string;
  locationId: number;
  instanceUuid: string | null;
}

/** An instance's place in a private network. */
export interface SimNetworkMember {
  instanceUuid: string;
  privateIp: string;
}

/** A private network (vswitch), addressed by uuid (details) or integer id (graph). */
export interface SimNetwork {
  uuid: string;
  id: number;
  name: string;
  tag: number;
  vid: string;
  locationId: number;
  status: string;
  gatewayUuid: string | null;
  /** First three octets of the private subnet, e.g. "10.20.0". */
  subnetPrefix: string;
  members: SimNetworkMember[];
  createdAt: Date;
  updatedAt: Date;
}

/** A snapshot of one instance. */
export interface SimSnapshot {
  uuid: string;
  instanceUuid: string;
  name: string;
  sizeGb: number;
  createdAt: Date;
}

/** One backup file in an instance's history. */
export interface SimBackup {
  uuid: string;
  instanceUuid: string;
  schedule: string;
  sizeGb: number;
  currentCost: number;
  estThisMonth: number;
  createdAt: Date;
  attachedStorage: { id: string; name: string; size: number }[];
}

/** A block storage volume; "creating" until its creation timer fires. */
export interface SimBlockStorage {
  uuid: string;
  name: string;
  sizeGb: number;
  locationId: number;
  status: 'creating' | 'ready';
  instanceUuid: string | null;
  createdAt: Date;
}

/** A firewall IPSet created on an instance. */
export interface SimIpset {
  uuid: string;
  instanceUuid: string;
  name: string;
  description: string;
}

/** An SSH key and the VM ids it is assigned to. */
export interface SimSshKey {
  id: number;
  title: string;
  assignedVmIds: number[];
}

const HOURS_PER_MONTH = 730;

/** The monthly estimate of a server: 730 hours at its hourly price. */
export function monthlyEstimate(instance: SimInstance): number {
  return instance.pricePerHour * HOURS_PER_MONTH;
}
