// Start and restart (spec part 10, E5 and E6, optional): start runs at once for those allowed to
// change things and is followed to Running; restart is destructive (preview, confirmation) and
// followed through Stopping and Starting to Running. A service without them says so.
import { arg, commandGroup, t, type CommandDefinition, type Locale } from '../src/core/index.js';
import type { InstanceDetail } from '../src/api/index.js';
import { untilStatus, changeResult } from './shared/change-result.js';
import { present, show } from './shared/format.js';
import { isStopped } from './shared/instance-view.js';
import { powerCall } from './shared/power.js';
import { fetchLabelled, instancePreview, pointless } from './shared/preview.js';

const command = commandGroup('instance');

/** Whether the instance is busy with another operation (its flag, or a status in between). */
function inProgress(detail: InstanceDetail): boolean {
  const status = show(detail.status).toLowerCase();
  return Boolean(detail.operation_flag) || !['running', 'stopped', 'error'].includes(status);
}

/** Why a start would be pointless now, or null when the server may be started. */
function startRefusal(detail: InstanceDetail, label: string, locale: Locale): string | null {
  const status = show(detail.status);
  if (/^(running|starting)$/i.test(status)) return t(locale, 'start.already', { label, status });
  return inProgress(detail) ? t(locale, 'start.busy', { label, status }) : null;
}

/** E5: power a stopped server on, at once (no preview: nothing is lost by starting). */
export const instanceStart = command({
  name: 'start',
  summary: 'Start (power on) a stopped instance',
  examples: ['/vps instance start web-1'],
  args: { instance: arg.instance() },
  risk: 'change',
  run: async (ctx, { instance }) => {
    const { locale } = ctx;
    const { detail, label } = await fetchLabelled(ctx, instance, t(locale, 'start.participle'));
    const refusal = startRefusal(detail, label, locale);
    if (refusal) throw pointless(refusal);
    const result = await powerCall(ctx, 'start', instance.uuid);
    const target = { uuid: instance.uuid, label: present(result.hostname) ?? label };
    return changeResult(
      t(locale, 'start.requested', { label: target.label }),
      t(locale, 'start.starting', { label: target.label }),
      `start requested for ${target.label}`,
      untilStatus(target, 'starting', ['Running']),
    );
  },
  ifUnknown: ({ instance }) => ({
    check: { key: 'unknown.check.started', values: { instance: instance.label } },
    command: `instance show ${instance.label}`,
    follow: untilStatus(instance, 'starting', ['Running']),
  }),
});

/** E6: power a running server off and on again, after a preview of its live state. */
export const instanceRestart = command({
  name: 'restart',
  summary: 'Restart (power off and on) a running instance',
  examples: ['/vps instance restart web-1'],
  args: { instance: arg.instance() },
  risk: 'destructive',
  notice: 'restarted',
  preview: async (ctx, { instance }) => {
    const { locale } = ctx;
    const { detail, label } = await fetchLabelled(ctx, instance, t(locale, 'restart.participle'));
    const status = show(detail.status);
    if (isStopped(detail.status))
      throw pointless(t(locale, 'restart.stopped', { label }), t(locale, 'restart.startHint', { label }));
    if (inProgress(detail) || !/^running$/i.test(status))
      throw pointless(t(locale, 'restart.busy', { label, status }));
    return instancePreview({
      title: t(locale, 'restart.title', { label }),
      detail,
      instance,
      tone: 'warning',
      irreversible: false,
      locale,
      lines: [
        t(locale, 'restart.line', { label, status }),
        t(locale, 'restart.drops'),
        t(locale, 'restart.kept'),
      ],
    });
  },
  run: async (ctx, { instance }) => {
    const result = await powerCall(ctx, 'restart', instance.uuid);
    const target = { uuid: instance.uuid, label: present(result.hostname) ?? instance.label };
    return changeResult(
      t(ctx.locale, 'restart.requested', { label: target.label }),
      t(ctx.locale, 'restart.restarting', { label: target.label }),
      `restart requested for ${target.label}`,
      untilStatus(target, 'restarting', ['Running']),
    );
  },
  ifUnknown: ({ instance }) => ({
    check: { key: 'unknown.check.restarted', values: { instance: instance.label } },
    command: `instance show ${instance.label}`,
    follow: untilStatus(instance, 'restarting', ['Running']),
  }),
});

/** Start and restart, listed after stop in the instance group (instance.ts). */
export const powerCommands: CommandDefinition[] = [instanceStart, instanceRestart];
