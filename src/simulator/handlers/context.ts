// What every endpoint handler receives and returns, plus lookups most handlers share.
import { SimError } from '../http-io.js';
import type { SimInstance } from '../records.js';
import type { Scheduler } from '../scheduler.js';
import type { SimulatorState } from '../state.js';
import type { SimulatorTiming } from '../types.js';
import { isUuid } from '../validate.js';

/** A parsed request plus the simulator's state, clock and timers. */
export interface HandlerContext {
  params: Record<string, string>;
  query: URLSearchParams;
  form: Record<string, string>;
  state: SimulatorState;
  scheduler: Scheduler;
  timing: SimulatorTiming;
  now: () => Date;
}

/** A success envelope: `{ message, data }` with HTTP 200 unless `status` says otherwise. */
export interface HandlerResult {
  message: string;
  data: unknown;
  status?: number;
}

/** One endpoint's behaviour; throws SimError for failures. */
export type Handler = (ctx: HandlerContext) => HandlerResult;

/** Statuses during which an instance is busy with an operation and refuses new ones. */
const BUSY = new Set(['Starting', 'Stopping', 'Terminating', 'Restoring', 'Rolling back']);

/**
 * The live instance named by a path parameter. A malformed uuid is a 404 too: a real router
 * would find no such resource, so the simulator does not distinguish the two.
 */
export function findInstance(
  ctx: HandlerContext,
  uuid: string | undefined = ctx.params.instance_uuid,
): SimInstance {
  const instance = uuid && isUuid(uuid) ? ctx.state.live.instances.get(uuid.toLowerCase()) : undefined;
  if (!instance) throw new SimError(404, 'Instance not found.');
  return instance;
}

/** 409 when the instance is in the middle of another operation. */
export function requireIdle(instance: SimInstance, action: string): void {
  if (BUSY.has(instance.status)) {
    throw new SimError(
      409,
      `Cannot ${action} ${instance.hostname}: the instance is ${instance.status.toLowerCase()}.`,
    );
  }
}

/** Marks an instance as changed now. */
export function touch(ctx: HandlerContext, instance: SimInstance): void {
  instance.updatedAt = ctx.now();
}
