// Endpoints 18–20: block storage creation, the OS catalogue and unassigned SSH keys.
import { randomUUID } from 'node:crypto';
import { SimError } from '../http-io.js';
import type { SimBlockStorage } from '../records.js';
import { LOCATIONS, OS_CATALOGUE } from '../seed/catalogue.js';
import { optionalInteger, requireField, requireInteger } from '../validate.js';
import type { Handler } from './context.js';

/** Volume size bounds in GB, and the size used when the form gives none. */
const SIZE = { min: 1, max: 2000, default: 20 };

/**
 * 18: creates a volume, "creating" until storageMs passes, then "ready". Form: name (required),
 * location_id (optional integer, default 1 = Jakarta), size (optional integer GB, default 20).
 */
const storageCreate: Handler = (ctx) => {
  const name = requireField(ctx.form, 'name');
  if (name.length > 64) throw new SimError(422, 'The name may not be greater than 64 characters.');
  const locationId = optionalInteger(ctx.form.location_id, 'location_id') ?? 1;
  if (!LOCATIONS.has(locationId))
    throw new SimError(422, `The selected location_id ${locationId} is invalid.`);
  const size = optionalInteger(ctx.form.size, 'size', SIZE.min) ?? SIZE.default;
  if (size > SIZE.max) throw new SimError(422, `The size may not be greater than ${SIZE.max} GB.`);
  const volume: SimBlockStorage = {
    uuid: randomUUID(),
    name,
    sizeGb: size,
    locationId,
    status: 'creating',
    instanceUuid: null,
    createdAt: ctx.now(),
  };
  ctx.state.live.blockStorages.push(volume);
  ctx.scheduler.after(ctx.timing.storageMs, () => {
    volume.status = 'ready';
  });
  return { message: 'Block storage is being created', data: { block_storage_id: volume.uuid } };
};

/** 19: the OS catalogue; `location` keeps only versions offered there (and drops emptied entries). */
const systems: Handler = (ctx) => {
  const location = optionalInteger(ctx.query.get('location'), 'location');
  const data = OS_CATALOGUE.map((os) => ({
    id: os.id,
    os_name: os.osName,
    image: os.image,
    os_version: os.versions
      .filter((v) => location === undefined || v.locations.includes(location))
      .map((v) => ({
        id: v.id,
        version: v.version,
        description: v.description,
        min_cpu: v.minCpu,
        min_memory: v.minMemory,
        min_storage: v.minStorage,
      })),
  })).filter((os) => os.os_version.length > 0);
  return { message: 'Success get operating systems', data };
};

/** 20: SSH keys not assigned to the VM; an unknown vm_id is a 404. */
const sshUnassigned: Handler = (ctx) => {
  const vmId = requireInteger(ctx.query.get('vm_id'), 'vm_id');
  const known = [...ctx.state.live.instances.values()].some((i) => i.vmId === vmId);
  if (!known) throw new SimError(404, 'VM not found.');
  const data = ctx.state.live.sshKeys
    .filter((k) => !k.assignedVmIds.includes(vmId))
    .map((k) => ({ id: k.id, title: k.title }));
  return { message: 'Success get unassigned SSH keys', data };
};

/** Handlers of the storage, systems and credentials group. */
export const catalogueHandlers = {
  'storage.create': storageCreate,
  'systems.list': systems,
  'sshkey.unassigned': sshUnassigned,
} satisfies Record<string, Handler>;
