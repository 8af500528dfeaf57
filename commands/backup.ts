// Backup commands (endpoints 9–11): restore, delete, and the paginated history.
import type { BackupHistoryItem, HostingApi } from '../src/api/index.js';
import {
  arg,
  asFlag,
  commandGroup,
  optional,
  t,
  type CommandContext,
  type CommandDefinition,
  type Locale,
  type ResolvedInstance,
  UserError,
} from '../src/core/index.js';
import type { Field } from '../src/render/message.js';
import { ageMs, when } from './shared/dates.js';
import { show, storageSize } from './shared/format.js';
import { money } from '../src/render/format.js';
import { toNumber } from '../src/render/display.js';
import { fetchInstance, freshLabel, labelOf } from './shared/instance-view.js';
import { noSuchPage, pageFooter } from './shared/paging.js';
import { instancePreview, refuseIfTerminating } from './shared/preview.js';
import { changeResult, untilStatus } from './shared/change-result.js';

const command = commandGroup('backup');

const backupArg = () => arg.uuid('Backup uuid', { completes: 'backup' });

const PAGE_SIZE = 100;
const MAX_PAGES = 20;

/** What a search of the backup history found: the item, how many backups exist, whether all were read. */
interface BackupSearch {
  item: BackupHistoryItem | null;
  total: number | null;
  complete: boolean;
}

/** Look the backup up in the whole history (every page, up to MAX_PAGES), so a wrong uuid is refused. */
async function findBackup(api: HostingApi, instanceUuid: string, backupUuid: string): Promise<BackupSearch> {
  let total: number | null = null;
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const history = await api.backups.history(instanceUuid, { limit: PAGE_SIZE, page });
    total = toNumber(history.page?.total) ?? total;
    const item = history.items.find((entry) => entry.id === backupUuid);
    if (item) return { item, total, complete: true };
    const pages = toNumber(history.page?.total_pages) ?? page;
    if (history.items.length === 0 || page >= pages) return { item: null, total, complete: true };
  }
  return { item: null, total, complete: false };
}

/** "23 backups" / "23 cadangan". */
const backupsIn = (locale: Locale) => (n: number) => t(locale, 'count.backup', { n });

function backupFields(item: BackupHistoryItem | null, now: Date, locale: Locale): Field[] {
  if (!item)
    return [
      {
        label: t(locale, 'backup.field'),
        value: t(locale, 'backup.notAmong', { count: MAX_PAGES * PAGE_SIZE }),
      },
    ];
  return [
    { label: t(locale, 'backup.taken'), value: when(item.created_at, now, locale) },
    { label: t(locale, 'backup.size'), value: storageSize(item.size), inline: true },
  ];
}

/** Live detail plus the backup; refuses up front when the complete history lacks the uuid (or, with `refuse`, when the instance is going away). */
async function backupPreviewParts(
  ctx: CommandContext,
  instance: ResolvedInstance,
  backupUuid: string,
  refuse?: string,
) {
  const [detail, search] = await Promise.all([
    fetchInstance(ctx, instance),
    findBackup(ctx.api, instance.uuid, backupUuid),
  ]);
  const label = labelOf(detail, instance);
  const { locale } = ctx;
  if (refuse !== undefined) refuseIfTerminating(detail, label, refuse, locale);
  if (!search.item && search.complete) {
    const known =
      search.total === null ? '' : t(locale, 'backup.known', { backups: backupsIn(locale)(search.total) });
    throw new UserError('not-found', t(locale, 'backup.missing', { label, backup: backupUuid, known }));
  }
  return { detail, item: search.item, label };
}

/** Endpoint 9 (a GET that changes state): restore an instance from a backup. */
export const backupRestore = command({
  name: 'restore',
  summary: 'Restore an instance from a backup',
  examples: ['/vps backup restore web-1 b7e1c3d2-9a4f-4e6b-8d1c-2f3a4b5c6d7e'],
  args: { instance: arg.instance(), backupUuid: backupArg() },
  risk: 'destructive',
  notice: 'restored a backup onto',
  preview: async (ctx, { instance, backupUuid }) => {
    const { locale } = ctx;
    const participle = t(locale, 'backup.restore.participle');
    const { detail, item, label } = await backupPreviewParts(ctx, instance, backupUuid, participle);
    const age = item ? ageMs(item.created_at, ctx.now()) : null;
    const line =
      age !== null
        ? t(locale, 'backup.restore.lineTaken', {
            label,
            backup: backupUuid,
            taken: when(item?.created_at, ctx.now(), locale),
          })
        : t(locale, 'backup.restore.line', { label, backup: backupUuid });
    return instancePreview({
      title: t(locale, 'backup.restore.title', { label }),
      detail,
      instance,
      extraTargets: [backupUuid],
      fields: backupFields(item, ctx.now(), locale),
      locale,
      lines: [line, t(locale, 'backup.restore.overwritten')],
    });
  },
  run: async (ctx, { instance, backupUuid }) => {
    await ctx.api.backups.restore(instance.uuid, backupUuid);
    const target = await freshLabel(ctx, instance);
    return changeResult(
      t(ctx.locale, 'backup.restore.requested', { label: target.label }),
      t(ctx.locale, 'backup.restore.restoring', { label: target.label, backup: backupUuid }),
      `restore of ${target.label} from backup ${backupUuid} requested`,
      untilStatus(target, 'restoring', ['Running']),
    );
  },
  // Not followed: "Running" is both where it starts and where a restore ends.
  ifUnknown: ({ instance }) => ({
    check: { key: 'unknown.check.restoring', values: { instance: instance.label } },
    command: `instance show ${instance.label}`,
  }),
});

/** Endpoint 10 (a GET that changes state): delete one backup file. */
export const backupDelete = command({
  name: 'delete',
  summary: 'Delete a backup of an instance',
  examples: ['/vps backup delete web-1 c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f'],
  args: { instance: arg.instance(), backupUuid: backupArg() },
  risk: 'destructive',
  notice: 'deleted a backup of',
  preview: async (ctx, { instance, backupUuid }) => {
    const { locale } = ctx;
    const { detail, item, label } = await backupPreviewParts(ctx, instance, backupUuid);
    return instancePreview({
      title: t(locale, 'backup.delete.title', { label }),
      detail,
      instance,
      extraTargets: [backupUuid],
      fields: backupFields(item, ctx.now(), locale),
      locale,
      lines: [t(locale, 'backup.delete.line', { backup: backupUuid, label })],
    });
  },
  run: async (ctx, { instance, backupUuid }) => {
    await ctx.api.backups.delete(instance.uuid, backupUuid);
    const target = await freshLabel(ctx, instance);
    return changeResult(
      t(ctx.locale, 'backup.delete.done', { label: target.label }),
      t(ctx.locale, 'backup.delete.deleted', { backup: backupUuid }),
      `backup ${backupUuid} of ${target.label} deleted`,
    );
  },
  ifUnknown: ({ instance, backupUuid }) => ({
    check: { key: 'unknown.check.backupListed', values: { backup: backupUuid } },
    command: `backup list ${instance.label}`,
  }),
});

/** Endpoint 11: backup history as a table, newest first, with the next-page command. */
export const backupList = command({
  name: 'list',
  summary: 'List the backups of an instance',
  examples: ['/vps backup list web-1', '/vps backup list web-1 --page 2', '/vps backup list web-1 --limit 5'],
  args: {
    instance: arg.instance(),
    page: optional(asFlag(arg.integer('Page number', { min: 1 }))),
    limit: optional(asFlag(arg.integer('Backups per page', { min: 1, max: 100 }))),
  },
  risk: 'read',
  run: async (ctx, { instance, page, limit }) => {
    const now = ctx.now();
    const { locale } = ctx;
    const history = await ctx.api.backups.history(instance.uuid, {
      ...(page !== undefined ? { page } : {}),
      ...(limit !== undefined ? { limit } : {}),
    });
    const title = t(locale, 'backup.list.title', { label: instance.label });
    if (history.items.length === 0) {
      const text =
        page && page > 1
          ? noSuchPage(page, history.page, backupsIn(locale), locale)
          : t(locale, 'backup.list.none', { label: instance.label });
      return { title, tone: 'warning', blocks: [{ type: 'text', text }] };
    }
    await ctx.bot.rememberIds?.(
      'backup',
      history.items.map((item) => ({
        id: item.id,
        label: `${instance.label} ${when(item.created_at, now)}`,
      })),
    );
    const rows = history.items.map((item) => [
      when(item.created_at, now, locale),
      storageSize(item.size),
      show(item.schedule),
      money(item.est_this_month, ctx.currency, locale),
      show(item.id),
    ]);
    return {
      title,
      tone: 'info',
      summary: title,
      blocks: [
        {
          type: 'table',
          columns: [
            t(locale, 'backup.column.taken'),
            t(locale, 'backup.column.size'),
            t(locale, 'backup.column.schedule'),
            t(locale, 'backup.column.estimate'),
            t(locale, 'backup.column.uuid'),
          ],
          rows,
        },
        pageFooter(history.page, backupsIn(locale), `backup list ${instance.label}`, { page, limit }, locale),
      ],
    };
  },
});

/** The backup group, in help order. */
export const backupCommands: CommandDefinition[] = [backupList, backupRestore, backupDelete];
