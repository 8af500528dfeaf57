// The console as a PlatformAdapter: the same start/stop shape as Slack and Discord, plus a
// `closed` promise so the CLI knows when the user has left the REPL.
import type {
  Actor,
  AdapterLookups,
  ChatAdapter,
  Dispatcher,
  Locale,
  Responder,
} from '../../src/core/index.js';
import { channelOf } from '../../src/adapter-kit/channel.js';
import { consoleChannelPoster } from './channel-poster.js';
import { startConsoleRepl, type ConsoleRepl } from './repl.js';
import { consoleActor } from './translate.js';

export { runExec } from './exec.js';
export { exitCode, type ExecOptions } from './exec-common.js';
export { consoleActor, toInvocation, commandText } from './translate.js';
export { renderConsole } from './render.js';
export { completeLine } from './completion.js';
export { APPROVE } from './exec-approve.js';

/** Options of the interactive console; defaults are the process's stdin/stdout. */
export interface ConsoleAdapterOptions {
  input?: NodeJS.ReadableStream;
  output?: NodeJS.WritableStream;
  /** Defaults to the OS user (`console:<user>` in the policy). */
  actor?: Actor;
  /** Who `approve <token>` approves as; defaults to `actor`. */
  approver?: Actor;
  historyFile?: string;
  historySize?: number;
  color?: boolean;
  terminal?: boolean;
  /** The answers' language (VPSOPS_LOCALE or --locale); English when absent. */
  locale?: Locale;
}

/** A console adapter, the same port as Slack's and Discord's; `closed` resolves when the user leaves the REPL. */
export interface ConsoleAdapter extends ChatAdapter {
  readonly closed: Promise<void>;
  /** A responder printing to this console (null before start), to resume following operations. */
  responder(): Responder | null;
}

/** Builds the console adapter; the REPL starts with `start(dispatcher)`. */
export function createConsoleAdapter(options: ConsoleAdapterOptions = {}): ConsoleAdapter {
  let repl: ConsoleRepl | undefined;
  let markClosed: () => void = () => undefined;
  const closed = new Promise<void>((resolve) => (markClosed = resolve));
  const responder = () => repl?.responder() ?? null;
  // The console's cards are the terminal's; alerts print there.
  const outbound = consoleChannelPoster(responder);
  return {
    ...outbound,
    platform: 'console',
    closed,
    responder,
    channel: (id: string) => channelOf(outbound, id),
    restore: (ref) => (ref.platform === 'console' ? responder() : null),
    async start(dispatcher: Dispatcher, lookups?: AdapterLookups) {
      if (repl) throw new Error('console adapter already started');
      const output = options.output ?? process.stdout;
      repl = startConsoleRepl({
        dispatcher,
        ...(lookups ? { completer: lookups.completer } : {}),
        input: options.input ?? process.stdin,
        output,
        actor: options.actor ?? consoleActor(),
        ...(options.approver ? { approver: options.approver } : {}),
        historyFile: options.historyFile,
        historySize: options.historySize,
        color: options.color,
        terminal: options.terminal,
        ...(options.locale ? { locale: options.locale } : {}),
      });
      void repl.closed.then(markClosed, markClosed);
    },
    async stop() {
      if (!repl) return markClosed();
      repl.close();
      await repl.closed;
    },
  };
}
