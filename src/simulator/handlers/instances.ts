// Endpoints 1–6: instance detail, stop, delete, console, monitoring and instances without a public IP.
import { randomBytes } from 'node:crypto';
import { SimError } from '../http-io.js';
import { PERIODES, rrdSeries, type Periode } from '../rrd.js';
import { instanceDetail } from '../views.js';
import { optionalBoolean, requireInteger } from '../validate.js';
import { findInstance, requireIdle, touch, type Handler, type HandlerContext } from './context.js';

/** 1: the instance detail (2.1). */
const detail: Handler = (ctx) => ({
  message: 'Success get instance detail',
  data: instanceDetail(findInstance(ctx), ctx.state, ctx.now()),
});

/** 2: Running → (Stopping for stopMs) → Stopped; stopping a stopped instance is a 409. */
const stop: Handler = (ctx) => {
  const instance = findInstance(ctx);
  if (instance.status === 'Stopped')
    throw new SimError(409, `Instance ${instance.hostname} is already stopped.`);
  requireIdle(instance, 'stop');
  const finish = (): void => {
    instance.status = 'Stopped';
    instance.stoppedAt = ctx.now();
    touch(ctx, instance);
  };
  if (ctx.timing.stopMs > 0) {
    instance.status = 'Stopping';
    touch(ctx, instance);
  }
  ctx.scheduler.after(ctx.timing.stopMs, () => {
    if (instance.status === 'Stopping' || instance.status === 'Running') finish();
  });
  return {
    message: 'Instance stopped successfully',
    data: { uuid: instance.uuid, hostname: instance.hostname },
  };
};

/**
 * 3 (POST with `_method=DELETE`): status "Terminating" at once, gone after terminateMs. The public IP and attached block storage
 * are handled at once: removed when remove_ip / remove_block_storage is true, otherwise kept unassigned.
 */
const remove: Handler = (ctx) => {
  const removeIp = optionalBoolean(ctx.form, 'remove_ip');
  const removeStorage = optionalBoolean(ctx.form, 'remove_block_storage');
  // The spec's POST carries `_method=DELETE`: on a method-override service the route is a DELETE.
  if (ctx.form._method?.trim().toUpperCase() !== 'DELETE') {
    throw new SimError(405, 'The POST method is not supported for this route. Supported methods: DELETE.');
  }
  const instance = findInstance(ctx);
  requireIdle(instance, 'delete');
  const live = ctx.state.live;
  instance.status = 'Terminating';
  touch(ctx, instance);
  const ip = ctx.state.livePublicIpOf(instance.uuid);
  if (ip && removeIp) live.publicIps.delete(ip.uuid);
  else if (ip) ip.instanceUuid = null;
  if (removeStorage) live.blockStorages = live.blockStorages.filter((s) => s.instanceUuid !== instance.uuid);
  else for (const s of live.blockStorages) if (s.instanceUuid === instance.uuid) s.instanceUuid = null;
  ctx.scheduler.after(ctx.timing.terminateMs, () => forget(ctx, instance.uuid));
  return {
    message: 'Instance is in terminating process',
    data: { uuid: instance.uuid, hostname: instance.hostname },
  };
};

/** Removes every trace of a terminated instance. */
function forget(ctx: HandlerContext, uuid: string): void {
  const live = ctx.state.live;
  live.instances.delete(uuid);
  live.snapshots = live.snapshots.filter((s) => s.instanceUuid !== uuid);
  live.backups = live.backups.filter((b) => b.instanceUuid !== uuid);
  live.ipsets = live.ipsets.filter((s) => s.instanceUuid !== uuid);
  for (const network of live.networks) {
    if (!network.members.some((m) => m.instanceUuid === uuid)) continue;
    network.members = network.members.filter((m) => m.instanceUuid !== uuid);
    if (network.gatewayUuid === uuid) network.gatewayUuid = null;
    network.updatedAt = ctx.now();
  }
}

/** 4: a one-time console URL and password; only while the instance is Running. */
const consoleWebsocket: Handler = (ctx) => {
  const instance = findInstance(ctx);
  if (instance.status !== 'Running') {
    throw new SimError(409, `The console of ${instance.hostname} is only available while it is running.`);
  }
  const token = randomBytes(16).toString('hex');
  return {
    message: 'Success get console websocket',
    data: {
      url: `wss://console.sim.local/vnc/${instance.uuid}?token=${token}`,
      password: randomBytes(9).toString('base64url'),
    },
  };
};

/** 5: monitoring series for periode hour|day|week|month|year. */
const rrd: Handler = (ctx) => {
  const instance = findInstance(ctx);
  const periode = ctx.query.get('periode');
  if (!periode) throw new SimError(422, 'The periode field is required.');
  if (!(PERIODES as readonly string[]).includes(periode)) {
    throw new SimError(422, `The selected periode is invalid (use one of ${PERIODES.join(', ')}).`);
  }
  return { message: 'Success get instance rrd', data: rrdSeries(instance, periode as Periode, ctx.now()) };
};

/** 6: instances in a location that have no public IP (terminating ones excluded). */
const noIp: Handler = (ctx) => {
  const locationId = requireInteger(ctx.query.get('location_id'), 'location_id');
  const data = [...ctx.state.live.instances.values()]
    .filter(
      (i) => i.locationId === locationId && i.status !== 'Terminating' && !ctx.state.livePublicIpOf(i.uuid),
    )
    .map((i) => ({ id: i.uuid, hostname: i.hostname }));
  return { message: 'Success get instances without public IP', data };
};

/** Handlers of the instance group. */
export const instanceHandlers = {
  'instance.detail': detail,
  'instance.stop': stop,
  'instance.delete': remove,
  'instance.console': consoleWebsocket,
  'instance.rrd': rrd,
  'instance.noIp': noIp,
} satisfies Record<string, Handler>;
