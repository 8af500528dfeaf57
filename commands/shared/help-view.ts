// Help pages built from the command definitions the caller may run here: the overview grouped by
// resource, a group page, and one command's page (args, flags, risk, examples), in the reader's
// language; commands and flags stay as typed.
import {
  commandPath,
  commandSummary,
  DEFAULT_LOCALE,
  isMessageKey,
  t,
  type CommandDefinition,
  type Locale,
  type Risk,
} from '../../src/core/index.js';
import type { Block, Message } from '../../src/render/message.js';
import { argRows, usageLine } from './usage.js';

const RISK_KEYS = {
  read: 'help.risk.read',
  change: 'help.risk.change',
  destructive: 'help.risk.destructive',
} as const satisfies Record<Risk, string>;

function groupTitle(group: string, locale: Locale): string {
  const key = `help.group.${group}`;
  return isMessageKey(key) ? t(locale, key) : group.charAt(0).toUpperCase() + group.slice(1);
}

function summaryOf(command: CommandDefinition, locale: Locale): string {
  return commandSummary(locale, commandPath(command), command.summary);
}

/** Commands grouped by group, groups in first-seen order with the bot's own commands last. */
export function grouped(commands: CommandDefinition[]): Map<string, CommandDefinition[]> {
  const groups = new Map<string, CommandDefinition[]>();
  for (const c of commands) groups.set(c.group, [...(groups.get(c.group) ?? []), c]);
  const bot = groups.get('');
  if (bot) {
    groups.delete('');
    groups.set('', bot);
  }
  return groups;
}

/** `help`: a short overview — one line per group the caller may use here; `help <group>` has the detail. */
export function overview(commands: CommandDefinition[], role: string, locale: Locale = 'en'): Message {
  const rows = [...grouped(commands)].map(([group, list]) => [
    group === '' ? t(locale, 'help.noGroup') : group,
    list.map((c) => c.name).join(', '),
    groupTitle(group, locale),
  ]);
  const blocks: Block[] = [
    {
      type: 'table',
      columns: ['/vps …', t(locale, 'help.column.actions'), t(locale, 'help.column.about')],
      rows,
    },
    { type: 'context', text: t(locale, 'help.overview.note', { role }) },
  ];
  return {
    title: t(locale, 'help.overview.title'),
    tone: 'info',
    blocks,
    summary: t(locale, 'help.overview.summary', { count: String(commands.length) }),
  };
}

/** `help <group>`: one group's commands. */
export function groupPage(group: string, commands: CommandDefinition[], locale: Locale = 'en'): Message {
  return {
    title: t(locale, 'help.groupPage.title', { group: groupTitle(group, locale) }),
    tone: 'info',
    blocks: [
      {
        type: 'table',
        columns: [
          t(locale, 'help.column.usage'),
          t(locale, 'help.column.does'),
          t(locale, 'help.column.risk'),
        ],
        rows: commands.map((c) => [usageLine(c), summaryOf(c, locale), c.risk]),
      },
      { type: 'context', text: t(locale, 'help.groupPage.details', { group }) },
    ],
  };
}

/** `help <group> <action>`: one command in full. */
export function commandPage(command: CommandDefinition, locale: Locale = 'en'): Message {
  const blocks: Block[] = [
    { type: 'code', text: usageLine(command) },
    { type: 'text', text: summaryOf(command, locale) },
  ];
  // The longer description is in the definitions' language only: the summary and arguments carry the meaning.
  if (command.description && locale === DEFAULT_LOCALE)
    blocks.push({ type: 'text', text: command.description });
  blocks.push({
    type: 'fields',
    fields: [{ label: t(locale, 'help.column.risk'), value: t(locale, RISK_KEYS[command.risk]) }],
  });
  const rows = argRows(command, locale);
  if (rows.length > 0)
    blocks.push({
      type: 'table',
      columns: [
        t(locale, 'help.column.argument'),
        t(locale, 'help.column.required'),
        t(locale, 'help.column.meaning'),
      ],
      rows,
    });
  if (command.examples?.length)
    blocks.push({
      type: 'text',
      text: `${t(locale, 'help.command.examples')}\n${command.examples.join('\n')}`,
    });
  if (command.visibility === 'ephemeral')
    blocks.push({ type: 'context', text: t(locale, 'help.command.private') });
  return { title: `/vps ${commandPath(command)}`, tone: 'info', blocks };
}
