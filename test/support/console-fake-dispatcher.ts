// A tiny in-memory Dispatcher for the console adapter's unit tests: a few canned commands, one
// plain and one typed confirmation, and a record of every dispatch and action it received.
import type {
  ActionEvent,
  CommandInfo,
  Completer,
  Dispatcher,
  Invocation,
  MessageRef,
  Responder,
} from '../../src/core/ports.js';
import type { Message } from '../../src/render/message.js';
import { confirmationButtons } from '../../src/render/buttons.js';

/** What the fake saw, for assertions. */
export interface FakeDispatcherLog {
  invocations: Invocation[];
  actions: ActionEvent[];
  /** Commands that actually "ran" after confirmation. */
  ran: string[];
}

const COMMANDS: CommandInfo[] = [
  { group: '', name: 'help', summary: 'Help', risk: 'read', args: [] },
  {
    group: '',
    name: 'use',
    summary: 'Bind',
    risk: 'read',
    args: [
      { name: 'instance', kind: 'instance', description: 'i', required: false, positional: true },
      { name: 'clear', kind: 'boolean', description: 'c', required: false, positional: false },
    ],
  },
  {
    group: 'instance',
    name: 'stop',
    summary: 'Stop',
    risk: 'destructive',
    args: [{ name: 'instance', kind: 'instance', description: 'i', required: true, positional: true }],
  },
  {
    group: 'instance',
    name: 'delete',
    summary: 'Delete',
    risk: 'destructive',
    args: [
      { name: 'instance', kind: 'instance', description: 'i', required: true, positional: true },
      { name: 'removeIp', kind: 'boolean', description: 'r', required: false, positional: false },
      { name: 'removeBlockStorage', kind: 'boolean', description: 'b', required: false, positional: false },
    ],
  },
  {
    group: 'instance',
    name: 'metrics',
    summary: 'Metrics',
    risk: 'read',
    args: [
      { name: 'instance', kind: 'instance', description: 'i', required: true, positional: true },
      {
        name: 'period',
        kind: 'choice',
        description: 'p',
        required: false,
        positional: false,
        choices: ['hour', 'day', 'week', 'month', 'year'],
      },
    ],
  },
  {
    group: 'backup',
    name: 'list',
    summary: 'List',
    risk: 'read',
    args: [{ name: 'instance', kind: 'instance', description: 'i', required: true, positional: true }],
  },
];

const HOSTS = ['web-1', 'web-2', 'worker-1'];

/** Builds the fake; `throwOn` makes dispatch throw for that text (an unexpected core failure). */
export function createFakeDispatcher(
  options: { throwOn?: string } = {},
): Dispatcher & { log: FakeDispatcherLog } {
  const log: FakeDispatcherLog = { invocations: [], actions: [], ran: [] };
  const pending = new Map<string, { command: string; typed?: string; ref?: MessageRef }>();
  let tokens = 0;

  async function preview(responder: Responder, command: string, host: string, typed: boolean): Promise<void> {
    tokens += 1;
    const token = `tok${tokens}`;
    const entry: { command: string; typed?: string; ref?: MessageRef } = { command: `${command} ${host}` };
    if (typed) entry.typed = host;
    pending.set(token, entry);
    const message: Message = {
      title: `${command} ${host}?`,
      tone: 'warning',
      blocks: [{ type: 'text', text: 'This cannot be undone.' }],
      outcome: 'needs-confirmation',
      actions: confirmationButtons({
        token,
        confirmLabel: 'Confirm',
        cancelLabel: 'Cancel',
        style: 'danger',
        expiresAt: Date.now() + 60_000,
        ...(typed
          ? {
              typed: {
                title: `Delete ${host}`,
                label: `Type ${host}`,
                placeholder: host,
                verb: command.toLowerCase(),
              },
            }
          : {}),
      }),
    };
    entry.ref = await responder.reply(message);
  }

  return {
    log,
    async dispatch(invocation, responder) {
      log.invocations.push(invocation);
      const text = invocation.input.kind === 'text' ? invocation.input.text : '';
      if (options.throwOn === text) throw new Error('boom with secret sk_live_123');
      const [group, action, host = 'web-1'] = text.split(/\s+/);
      if (group === 'help') {
        await responder.reply({
          title: 'Commands',
          tone: 'info',
          blocks: [{ type: 'text', text: 'instance stop' }],
          outcome: 'ok',
        });
      } else if (group === 'instance' && action === 'stop') {
        await preview(responder, 'Stop', host, false);
      } else if (group === 'instance' && action === 'delete') {
        await preview(responder, 'Delete', host, true);
      } else if (group === 'boom') {
        await responder.reply({
          title: 'The hosting API failed',
          tone: 'error',
          blocks: [],
          outcome: 'error',
        });
      } else if (group === 'ansi') {
        await responder.reply({ title: 'evil\u001b[2J\u0007name', tone: 'info', blocks: [], outcome: 'ok' });
      } else {
        await responder.reply({
          title: `Unknown command ${text}`,
          tone: 'error',
          blocks: [{ type: 'text', text: 'Did you mean help?' }],
          outcome: 'usage-error',
        });
      }
    },
    async act(event, responder) {
      log.actions.push(event);
      const entry = pending.get(event.token);
      if (!entry || !entry.ref) {
        await responder.reply({
          title: 'Unknown confirmation',
          tone: 'error',
          blocks: [],
          outcome: 'usage-error',
        });
        return;
      }
      if (event.action === 'cancel') {
        pending.delete(event.token);
        await responder.update(entry.ref, {
          title: `Cancelled by ${event.actor.displayName}`,
          blocks: [],
          outcome: 'ok',
        });
        return;
      }
      const expected = entry.typed;
      if (expected !== undefined && event.input !== expected) {
        await responder.reply({
          title: `That is not ${expected}`,
          tone: 'error',
          blocks: [],
          outcome: 'usage-error',
        });
        return;
      }
      if (
        expected === undefined &&
        event.input !== undefined &&
        event.input !== entry.command.split(' ')[1]
      ) {
        await responder.reply({
          title: 'Confirmation does not match',
          tone: 'error',
          blocks: [],
          outcome: 'usage-error',
        });
        return;
      }
      pending.delete(event.token);
      log.ran.push(entry.command);
      await responder.update(entry.ref, {
        title: `Confirmed: ${entry.command} done`,
        tone: 'success',
        blocks: [],
        outcome: 'ok',
      });
      await responder.announce?.({ summary: `${event.actor.displayName} ran ${entry.command}`, blocks: [] });
    },
    typedDialog: async () => null,
    commands: () => COMMANDS,
  };
}

/** Completions the fake knows: three hostnames and one seen snapshot id. */
export const fakeCompleter: Completer = {
  async complete(kind, prefix) {
    if (kind === 'snapshot')
      return SNAPSHOTS.filter((s) => s.startsWith(prefix)).map((s) => ({
        name: `nightly (snapshot · ${s})`,
        value: s,
      }));
    if (kind !== 'instance') return [];
    return HOSTS.filter((h) => h.startsWith(prefix)).map((h) => ({ name: h, value: h }));
  },
};

/** The seen snapshot id fakeCompleter offers. */
export const FAKE_SNAPSHOT = '5a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const SNAPSHOTS = [FAKE_SNAPSHOT];
