// Endpoints 7–11: snapshot delete and rollback, backup restore, delete and history.
import { humanDate } from '../format.js';
import { SimError } from '../http-io.js';
import { paginate } from '../pagination.js';
import type { SimBackup, SimInstance } from '../records.js';
import { isUuid } from '../validate.js';
import { findInstance, requireIdle, touch, type Handler, type HandlerContext } from './context.js';

function findSnapshot(ctx: HandlerContext, instance: SimInstance) {
  const uuid = ctx.params.snapshot_uuid ?? '';
  const snapshot = isUuid(uuid)
    ? ctx.state.live.snapshots.find((s) => s.uuid === uuid.toLowerCase() && s.instanceUuid === instance.uuid)
    : undefined;
  if (!snapshot) throw new SimError(404, 'Snapshot not found.');
  return snapshot;
}

function findBackup(ctx: HandlerContext, instance: SimInstance): SimBackup {
  const uuid = ctx.params.backup_uuid ?? '';
  const backup = isUuid(uuid)
    ? ctx.state.live.backups.find((b) => b.uuid === uuid.toLowerCase() && b.instanceUuid === instance.uuid)
    : undefined;
  if (!backup) throw new SimError(404, 'Backup not found.');
  return backup;
}

/** 7: the snapshot disappears from the instance's list. */
const snapshotDelete: Handler = (ctx) => {
  const instance = findInstance(ctx);
  const snapshot = findSnapshot(ctx, instance);
  ctx.state.live.snapshots = ctx.state.live.snapshots.filter((s) => s !== snapshot);
  return {
    message: 'Snapshot deleted successfully',
    data: { vm_uuid: instance.uuid, snap_uuid: snapshot.uuid },
  };
};

/** 8: the instance rolls back ("Rolling back" for rollbackMs) and ends Stopped, ready to be started. */
const snapshotRollback: Handler = (ctx) => {
  const instance = findInstance(ctx);
  findSnapshot(ctx, instance);
  requireIdle(instance, 'roll back');
  if (ctx.timing.rollbackMs > 0) instance.status = 'Rolling back';
  touch(ctx, instance);
  ctx.scheduler.after(ctx.timing.rollbackMs, () => {
    instance.status = 'Stopped';
    instance.stoppedAt = ctx.now();
    touch(ctx, instance);
  });
  return {
    message: 'Snapshot rollback successful, the instance can be started',
    data: { uuid: instance.uuid },
  };
};

/** 9 (a GET that changes state): "Restoring" for restoreMs, then Running. */
const backupRestore: Handler = (ctx) => {
  const instance = findInstance(ctx);
  const backup = findBackup(ctx, instance);
  requireIdle(instance, 'restore');
  instance.status = 'Restoring';
  touch(ctx, instance);
  ctx.scheduler.after(ctx.timing.restoreMs, () => {
    instance.status = 'Running';
    instance.stoppedAt = null;
    instance.lastStartedAt = ctx.now();
    touch(ctx, instance);
  });
  return {
    message: 'Backup restore process started',
    data: { vm_uuid: instance.uuid, backup_uuid: backup.uuid },
  };
};

/** 10 (a GET that changes state): the backup leaves the history; last_backup_at follows. */
const backupDelete: Handler = (ctx) => {
  const instance = findInstance(ctx);
  const backup = findBackup(ctx, instance);
  const live = ctx.state.live;
  live.backups = live.backups.filter((b) => b !== backup);
  const newest = live.backups
    .filter((b) => b.instanceUuid === instance.uuid)
    .reduce<Date | null>((max, b) => (max && max >= b.createdAt ? max : b.createdAt), null);
  instance.lastBackupAt = newest;
  return { message: 'Backup deleted successfully', data: { backup: backup.uuid } };
};

/** 11: the backup history, newest first, paginated. */
const backupHistory: Handler = (ctx) => {
  const instance = findInstance(ctx);
  const items = ctx.state.live.backups
    .filter((b) => b.instanceUuid === instance.uuid)
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    .map((b) => ({
      id: b.uuid,
      schedule: b.schedule,
      current_cost: b.currentCost,
      est_this_month: b.estThisMonth,
      size: b.sizeGb,
      created_at: humanDate(b.createdAt),
      attached_storage: b.attachedStorage.map((s) => ({ ...s })),
    }));
  return { message: 'Success get backup history', data: paginate(items, ctx.query) };
};

/** Handlers of the snapshot and backup group. */
export const backupHandlers = {
  'snapshot.delete': snapshotDelete,
  'snapshot.rollback': snapshotRollback,
  'backup.restore': backupRestore,
  'backup.delete': backupDelete,
  'backup.history': backupHistory,
} satisfies Record<string, Handler>;
