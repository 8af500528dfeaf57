// One-shot mode (`vpsops exec "<command>" [--confirm <target>]`): dispatch a single command,
// print the reply as plain text and turn the outcome into an exit code. A destructive command
// only runs when --confirm names its target; the core has the final word on the value, this
// module only says early (and clearly) what it expected.
import { Writable } from 'node:stream';
import { type CommandResult, DEFAULT_LOCALE, type Dispatcher, isUuid, t } from '../../src/core/index.js';
import { pendingCard, withoutButtons } from '../../src/render/buttons.js';
import type { Message } from '../../src/render/message.js';
import { EXIT } from '../../src/adapter-kit/exit-codes.js';
import { renderAnnouncement } from './render.js';
import { createConsoleResponder } from './responder.js';
import { EXEC_CHANNEL, toInvocation } from './translate.js';

import { approve, APPROVE } from './exec-approve.js';
import {
  confirmAndFinish,
  exitCode,
  names,
  printer,
  rerunLine,
  run,
  type ExecOptions,
  type ExecRun,
} from './exec-common.js';

const CONFIRM_INSIDE = /(?:^|\s)--confirm(?:=|\s+)("[^"]*"|'[^']*'|\S+)/;

/** Runs one command and returns the process exit code (0 ok, 1 error, 2 usage, 3 needs --confirm, 4 --wait timed out, 5 outcome unknown). */
export async function runExec(dispatcher: Dispatcher, options: ExecOptions): Promise<number> {
  if (!options.json) return runExecText(dispatcher, options).then((run) => run.code);
  const out = collector();
  const err = collector();
  const run = await runExecText(dispatcher, {
    ...options,
    stdout: out.stream,
    stderr: err.stream,
    color: false,
  });
  options.stdout.write(
    `${JSON.stringify(
      {
        command: options.text,
        exitCode: run.code,
        outcome: run.outcome,
        auditId: run.auditId ?? null,
        data: jsonData(options.lastResult?.(), run),
        text: out.text().trim(),
        errors: err.text().trim(),
      },
      null,
      2,
    )}\n`,
  );
  return run.code;
}

async function runExecText(dispatcher: Dispatcher, options: ExecOptions): Promise<ExecRun> {
  const locale = options.locale ?? DEFAULT_LOCALE;
  const inside = CONFIRM_INSIDE.exec(options.text);
  if (inside) {
    const command = options.text.replace(CONFIRM_INSIDE, '').trim();
    const target = (inside[1] ?? '').replace(/^["']|["']$/g, '');
    options.stderr.write(`${t(locale, 'exec.confirmInside', { line: rerunLine(command, target) })}\n`);
    return run(EXIT.usage);
  }
  const approval = APPROVE.exec(options.text);
  if (approval) return approve(dispatcher, options, approval[1] ?? '');
  const invocation = toInvocation(options.text, options.actor, EXEC_CHANNEL, options.locale);
  if (!invocation) {
    options.stderr.write(`${t(locale, 'exec.nothingToRun')}\n`);
    return run(EXIT.usage);
  }
  const color = options.color ?? false;
  const print = printer(options);
  const announce = (message: Message): void =>
    void options.stdout.write(renderAnnouncement(message, { color, locale }));
  const withConfirm = options.confirm !== undefined;
  const first = createConsoleResponder(
    {
      // With --confirm the preview card is not printed: its final state follows as an update.
      // Without it there is nothing to click, so the "Awaiting confirmation" hint is left out.
      reply: (message) => {
        if (!pendingCard(message)) return print(message);
        if (!withConfirm) print(withoutButtons(message));
      },
      update: print,
      announce,
    },
    EXEC_CHANNEL,
  );
  await dispatcher.dispatch(invocation, first.responder);
  const pending = first.takePending()[0];
  if (!pending) return run(exitCode(first.events), invocation.id);
  const target = (await dispatcher.pendingTarget?.(pending.actions.token)) ?? null;
  if (target?.twoPerson) {
    const line = rerunLine(`approve ${pending.actions.token}`, target.expected);
    options.stderr.write(`${t(locale, 'exec.secondPerson', { line })}\n`);
    return run(EXIT.needsConfirmation, invocation.id);
  }
  if (options.confirm === undefined) {
    const line = rerunLine(options.text, target?.expected ?? '<hostname-or-uuid>');
    options.stderr.write(`${t(locale, 'exec.needsConfirm', { line })}\n`);
    return run(EXIT.needsConfirmation, invocation.id);
  }
  if (target && !names(target, options.confirm)) {
    const key = target.accepted.some(isUuid) ? 'exec.confirmMismatchUuid' : 'exec.confirmMismatch';
    const values = { value: options.confirm, expected: target.expected };
    options.stderr.write(`${t(locale, key, values)}\n`);
    return run(EXIT.needsConfirmation, invocation.id);
  }
  return confirmAndFinish(
    dispatcher,
    { ...options, confirm: options.confirm },
    pending.actions.token,
    EXEC_CHANNEL,
  );
}

/**
 * `--json`'s `data`: for a read, the API object the command showed (its first answer, with the
 * API's field names); for a change, what was requested, the API's answer and how it ended.
 */
function jsonData(result: CommandResult | undefined, run: ExecRun): unknown {
  if (!result) return null;
  const response = result.responses[0]?.value ?? null;
  if (result.risk === 'read') return response;
  return { requested: { command: result.command, args: result.args }, response, outcome: run.outcome };
}

/** A writable that keeps what is written (for --json). */
function collector(): { stream: NodeJS.WritableStream; text(): string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, callback) {
      chunks.push(chunk.toString());
      callback();
    },
  });
  return { stream, text: () => chunks.join('') };
}
