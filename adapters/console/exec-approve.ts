// `vpsops exec "approve <token>" --confirm <target>`: the second person of a two-person request
// made in the console or by exec approves it (Slack and Discord requests are approved on their card).
import type { Dispatcher } from '../../src/core/ports.js';
import {
  EXIT,
  exitCode,
  finish,
  names,
  printer,
  rerunLine,
  run,
  type ExecOptions,
  type ExecRun,
} from './exec-common.js';
import { renderAnnouncement } from './render.js';
import { createConsoleResponder } from './responder.js';
import { EXEC_CHANNEL, toActionEvent } from './translate.js';

/** `approve <token>`, with or without the /vps prefix. */
export const APPROVE = /^\s*(?:\/?vps\s+)?approve\s+(\S+)\s*$/i;

/** `exec "approve <token>" --confirm <target>`: a second person approves a console/exec request. */
export async function approve(dispatcher: Dispatcher, options: ExecOptions, token: string): Promise<ExecRun> {
  const target = (await options.pendingTarget?.(token)) ?? null;
  if (!target) {
    options.stderr.write(
      `No pending request has the token ${token} (it may have expired or been answered).\n`,
    );
    return run(EXIT.error);
  }
  if (target.platform !== undefined && target.platform !== 'console') {
    options.stderr.write(`That request was made on ${target.platform}; approve it on its card there.\n`);
    return run(EXIT.error);
  }
  if (options.confirm === undefined || !names(target, options.confirm)) {
    options.stderr.write(
      `Nothing was changed. To approve, run: ${rerunLine(`approve ${token}`, target.expected)}\n`,
    );
    return run(EXIT.needsConfirmation);
  }
  const print = printer(options);
  const follow = options.follow;
  const responder = createConsoleResponder(
    {
      reply: print,
      update: (message) => (follow?.followed() && message.tone === 'info' ? undefined : print(message)),
      announce: (message) =>
        void options.stdout.write(renderAnnouncement(message, { color: options.color ?? false })),
    },
    target.channelId ?? EXEC_CHANNEL,
  );
  const event = toActionEvent(
    token,
    'confirm',
    options.actor,
    options.confirm,
    target.channelId ?? EXEC_CHANNEL,
  );
  await dispatcher.act(event, responder.responder);
  return finish(exitCode(responder.events), event.id, follow);
}
