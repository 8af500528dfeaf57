// E5 and E6 (spec part 10): start and restart, stop's siblings. Start: Stopped → Starting (for
// startMs) → Running; restart: Running → Stopping (for stopMs) → Starting (for startMs) → Running.
import { SimError } from '../http-io.js';
import type { SimInstance } from '../records.js';
import { findInstance, requireIdle, touch, type Handler, type HandlerContext } from './context.js';

/** Moves the instance to `status` now and stamps the change. */
function become(ctx: HandlerContext, instance: SimInstance, status: SimInstance['status']): void {
  instance.status = status;
  if (status !== 'Stopped') instance.stoppedAt = null;
  touch(ctx, instance);
}

/** Starting now, Running after startMs unless something else took the instance meanwhile. */
function boot(ctx: HandlerContext, instance: SimInstance): void {
  become(ctx, instance, 'Starting');
  ctx.scheduler.after(ctx.timing.startMs, () => {
    if (instance.status === 'Starting') become(ctx, instance, 'Running');
  });
}

/** E5: a stopped instance is powered on; a running (or starting) one is a 409. */
const start: Handler = (ctx) => {
  const instance = findInstance(ctx);
  if (instance.status === 'Running' || instance.status === 'Starting')
    throw new SimError(409, `Instance ${instance.hostname} is already running.`);
  requireIdle(instance, 'start');
  boot(ctx, instance);
  return {
    message: 'Instance is starting',
    data: { uuid: instance.uuid, hostname: instance.hostname },
  };
};

/** E6: a running instance goes down and comes back; a stopped one is a 409 (start it instead). */
const restart: Handler = (ctx) => {
  const instance = findInstance(ctx);
  if (instance.status === 'Stopped')
    throw new SimError(409, `Instance ${instance.hostname} is stopped: start it instead.`);
  requireIdle(instance, 'restart');
  if (instance.status !== 'Running')
    throw new SimError(409, `Cannot restart ${instance.hostname}: the instance is ${instance.status}.`);
  become(ctx, instance, 'Stopping');
  ctx.scheduler.after(ctx.timing.stopMs, () => {
    if (instance.status === 'Stopping') boot(ctx, instance);
  });
  return {
    message: 'Instance is restarting',
    data: { uuid: instance.uuid, hostname: instance.hostname },
  };
};

/** Handlers of the power extensions. */
export const powerHandlers = {
  'instance.start': start,
  'instance.restart': restart,
} satisfies Record<string, Handler>;
