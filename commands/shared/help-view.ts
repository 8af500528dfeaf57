// Help pages built from the command definitions the caller may run here: the overview grouped by
// resource, a group page, and one command's page (args, flags, risk, examples).
import { commandPath, type CommandDefinition, type Risk } from '../../src/core/index.js';
import type { Block, Message } from '../../src/render/message.js';
import { argRows, usageLine } from './usage.js';

const RISK_TEXT: Record<Risk, string> = {
  read: 'read — changes nothing',
  change: 'change — makes a change, no confirmation unless it costs money',
  destructive: 'destructive — shows a preview and waits for Confirm',
};

const GROUP_TITLES: Record<string, string> = {
  '': 'Bot',
  instance: 'Instances',
  snapshot: 'Snapshots',
  backup: 'Backups',
  firewall: 'Firewall',
  ip: 'Public IPs',
  network: 'Private networks',
  storage: 'Block storage',
  os: 'Operating systems',
  sshkey: 'SSH keys',
  billing: 'Billing',
};

function groupTitle(group: string): string {
  return GROUP_TITLES[group] ?? group.charAt(0).toUpperCase() + group.slice(1);
}

function groupBlocks(group: string, commands: CommandDefinition[]): Block[] {
  return [
    { type: 'text', text: groupTitle(group) },
    {
      type: 'table',
      columns: ['Usage', 'What it does', 'Risk'],
      rows: commands.map((c) => [usageLine(c), c.summary, c.risk]),
    },
  ];
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
export function overview(commands: CommandDefinition[], role: string): Message {
  const rows = [...grouped(commands)].map(([group, list]) => [
    group === '' ? '(none)' : group,
    list.map((c) => c.name).join(', '),
    groupTitle(group),
  ]);
  const blocks: Block[] = [
    { type: 'table', columns: ['/vps …', 'Actions', 'About'], rows },
    {
      type: 'context',
      text: `Your role (${role}) may run these here · details: /vps help <group>, e.g. /vps help instance · /vps help <group> <action>`,
    },
  ];
  return { title: 'vpsops commands', tone: 'info', blocks, summary: `${commands.length} commands available` };
}

/** `help <group>`: one group's commands. */
export function groupPage(group: string, commands: CommandDefinition[]): Message {
  return {
    title: `Help: ${groupTitle(group)}`,
    tone: 'info',
    blocks: [
      ...groupBlocks(group, commands).slice(1),
      { type: 'context', text: `Details: /vps help ${group} <action>` },
    ],
  };
}

/** `help <group> <action>`: one command in full. */
export function commandPage(command: CommandDefinition): Message {
  const blocks: Block[] = [
    { type: 'code', text: usageLine(command) },
    { type: 'text', text: command.summary },
  ];
  if (command.description) blocks.push({ type: 'text', text: command.description });
  blocks.push({ type: 'fields', fields: [{ label: 'Risk', value: RISK_TEXT[command.risk] }] });
  const rows = argRows(command);
  if (rows.length > 0) blocks.push({ type: 'table', columns: ['Argument', 'Required', 'Meaning'], rows });
  if (command.examples?.length)
    blocks.push({ type: 'text', text: `Examples:\n${command.examples.join('\n')}` });
  if (command.visibility === 'ephemeral')
    blocks.push({ type: 'context', text: 'The reply is shown only to you.' });
  return { title: `/vps ${commandPath(command)}`, tone: 'info', blocks };
}
