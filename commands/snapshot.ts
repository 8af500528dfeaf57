// Snapshot commands (endpoints 7–8): delete a snapshot, roll an instance back to one.
import { arg, commandGroup, t, type CommandDefinition } from '../src/core/index.js';
import { freshLabel } from './shared/instance-view.js';
import { fetchLabelled, instancePreview } from './shared/preview.js';
import { changeResult, untilStatus } from './shared/change-result.js';
import { startButton } from './shared/power.js';

const command = commandGroup('snapshot');

const snapshotArg = () => arg.uuid('Snapshot uuid', { completes: 'snapshot' });

/** Endpoint 7: delete one snapshot of an instance. */
export const snapshotDelete = command({
  name: 'delete',
  summary: 'Delete a snapshot of an instance',
  examples: ['/vps snapshot delete web-1 0d4f1a5e-3b7c-4e8a-9f21-6c5d4b3a2e10'],
  args: { instance: arg.instance(), snapshotUuid: snapshotArg() },
  risk: 'destructive',
  notice: 'deleted a snapshot of',
  preview: async (ctx, { instance, snapshotUuid }) => {
    const { locale } = ctx;
    const { detail, label } = await fetchLabelled(ctx, instance);
    return instancePreview({
      title: t(locale, 'snapshot.delete.title', { label }),
      detail,
      instance,
      extraTargets: [snapshotUuid],
      locale,
      lines: [t(locale, 'snapshot.delete.line', { snapshot: snapshotUuid, label })],
    });
  },
  run: async (ctx, { instance, snapshotUuid }) => {
    await ctx.api.snapshots.delete(instance.uuid, snapshotUuid);
    const target = await freshLabel(ctx, instance);
    return changeResult(
      t(ctx.locale, 'snapshot.delete.requested', { label: target.label }),
      t(ctx.locale, 'snapshot.delete.removing', { snapshot: snapshotUuid }),
      `snapshot ${snapshotUuid} of ${target.label} deleted`,
    );
  },
  // The API has no call that lists snapshots: the provider's panel is the only place to look.
  ifUnknown: ({ instance, snapshotUuid }) => ({
    check: { key: 'unknown.check.snapshot', values: { snapshot: snapshotUuid, instance: instance.label } },
  }),
});

/** Endpoint 8: roll an instance back to a snapshot; it ends Stopped (the card then offers Start, E5). */
export const snapshotRollback = command({
  name: 'rollback',
  summary: 'Roll an instance back to a snapshot',
  examples: ['/vps snapshot rollback web-1 5a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d'],
  args: { instance: arg.instance(), snapshotUuid: snapshotArg() },
  risk: 'destructive',
  notice: 'rolled back',
  preview: async (ctx, { instance, snapshotUuid }) => {
    const { locale } = ctx;
    const participle = t(locale, 'snapshot.rollback.participle');
    const { detail, label } = await fetchLabelled(ctx, instance, participle);
    return instancePreview({
      title: t(locale, 'snapshot.rollback.title', { label }),
      detail,
      instance,
      extraTargets: [snapshotUuid],
      locale,
      lines: [
        t(locale, 'snapshot.rollback.line', { label, snapshot: snapshotUuid }),
        t(locale, 'snapshot.rollback.lost'),
        t(locale, 'snapshot.rollback.endsStopped', { label }),
      ],
    });
  },
  run: async (ctx, { instance, snapshotUuid }) => {
    await ctx.api.snapshots.rollback(instance.uuid, snapshotUuid);
    const target = await freshLabel(ctx, instance);
    return changeResult(
      t(ctx.locale, 'snapshot.rollback.requested', { label: target.label }),
      t(ctx.locale, 'snapshot.rollback.rolling', { label: target.label, snapshot: snapshotUuid }),
      `rollback of ${target.label} to snapshot ${snapshotUuid} requested`,
      // The server is left stopped: once it is, its card offers Start.
      {
        ...untilStatus(target, 'rolling back', ['Stopped']),
        whenDone: [startButton(instance.uuid, ctx.locale)],
      },
    );
  },
  // Not followed when unknown: a rollback ends Stopped, which the instance may already have been.
  ifUnknown: ({ instance }) => ({
    check: { key: 'unknown.check.rollingBack', values: { instance: instance.label } },
    command: `instance show ${instance.label}`,
  }),
});

/** The snapshot group, in help order. */
export const snapshotCommands: CommandDefinition[] = [snapshotDelete, snapshotRollback];
