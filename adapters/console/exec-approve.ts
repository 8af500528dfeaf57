// `vpsops exec "approve <token>" --confirm <target>`: the second person of a two-person request
// made in the console or by exec approves it (Slack and Discord requests are approved on their card).
import { EXIT } from '../../src/adapter-kit/exit-codes.js';
import { DEFAULT_LOCALE, t, type Dispatcher } from '../../src/core/index.js';
import { confirmAndFinish, names, rerunLine, run, type ExecOptions, type ExecRun } from './exec-common.js';
import { EXEC_CHANNEL } from './translate.js';

/** `approve <token>`, with or without the /vps prefix. */
export const APPROVE = /^\s*(?:\/?vps\s+)?approve\s+(\S+)\s*$/i;

/** `exec "approve <token>" --confirm <target>`: a second person approves a console/exec request. */
export async function approve(dispatcher: Dispatcher, options: ExecOptions, token: string): Promise<ExecRun> {
  const locale = options.locale ?? DEFAULT_LOCALE;
  const target = (await dispatcher.pendingTarget?.(token)) ?? null;
  if (!target) {
    options.stderr.write(`${t(locale, 'exec.noPending', { token })}\n`);
    return run(EXIT.error);
  }
  if (target.platform !== undefined && target.platform !== 'console') {
    options.stderr.write(`${t(locale, 'exec.otherPlatform', { platform: target.platform })}\n`);
    return run(EXIT.error);
  }
  if (options.confirm === undefined || !names(target, options.confirm)) {
    const line = rerunLine(`approve ${token}`, target.expected);
    options.stderr.write(`${t(locale, 'exec.toApprove', { line })}\n`);
    return run(EXIT.needsConfirmation);
  }
  return confirmAndFinish(
    dispatcher,
    { ...options, confirm: options.confirm },
    token,
    target.channelId ?? EXEC_CHANNEL,
  );
}
