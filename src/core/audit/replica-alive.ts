// Every running process holds a lease saying it is alive, under its replica id, renewed every
// third of its TTL: a `calling` record whose replica no longer holds it was left by a process that
// died, so a live replica may close it without waiting for the age bound (see interrupted.ts).
import type { Logger } from '../../logger.js';
import { lease } from '../leases.js';
import type { LeaseStore } from '../store.js';

/** The lease a running process holds while it is alive. */
export function replicaAliveLease(replica: string): string {
  return `replica-alive:${replica}`;
}

/** Takes this process's liveness lease now and keeps it; resolves with a stop function that gives it up. */
export async function keepReplicaAlive(
  leases: LeaseStore,
  replica: string,
  ttlMs: number,
  logger: Logger,
): Promise<() => void> {
  const warn = (error: unknown) =>
    logger.warn({ err: error }, 'renewing this replica’s liveness lease failed');
  const alive = lease(leases, replicaAliveLease(replica), replica, ttlMs, { retake: true, onError: warn });
  await alive.take().catch(warn);
  alive.keep();
  return () => void alive.release().catch(() => undefined);
}
