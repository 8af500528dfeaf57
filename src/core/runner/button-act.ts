// The alert-button entry into the pipeline: the owner says what a click means (an invocation, run
// as if typed, or a change), and the change goes through authorise → run like a typed command,
// with no confirmation step, and one audit record.
import { closeRecord, openRecord } from '../audit/audit-record.js';
import { dispatchInvocation } from './dispatch.js';
import { classifyFailure, logFailure, userErrorMessage } from '../replies/outcomes.js';
import type { ActionEvent, Responder } from '../ports.js';
import type { Runtime } from '../context.js';
import type { ButtonHandler } from '../watch-port.js';
import { authorised } from './authorise.js';
import { PASS, runPipeline } from './pipeline.js';

/** Handles one click on a button owned by `handler`; refusals are private replies, never thrown. */
export async function actOnButton(
  rt: Runtime,
  handler: ButtonHandler,
  event: ActionEvent,
  responder: Responder,
): Promise<void> {
  let action;
  try {
    action = await handler.resolve(event);
  } catch (error) {
    const failure = classifyFailure(error);
    await responder.reply(failure.message, { visibility: 'ephemeral' }).catch(() => undefined);
    return;
  }
  if (action.kind === 'invoke') {
    const input = { kind: 'text' as const, text: action.text };
    await dispatchInvocation(rt, { ...event, input }, responder);
    return;
  }
  const change = action;
  const audit = openRecord(rt.now(), event, change.path, { args: change.args });
  const { record } = audit;
  const answer = (message: Parameters<Responder['reply']>[0]) =>
    responder.reply(message, { visibility: 'ephemeral' });
  await runPipeline({
    audit,
    state: undefined,
    authorise: () => authorised(rt, event.actor, { path: change.path, risk: change.risk }, event.channelId),
    confirm: () => {
      record.decision = 'allowed';
      record.confirmation = 'not-needed';
      return PASS;
    },
    run: async () => {
      const done = await change.run(event.actor);
      record.result = 'ok';
      record.summary = done.summary;
      await answer(done.message);
      return PASS;
    },
    refused: async ({ error }) => {
      await answer(userErrorMessage(error)).catch((e: unknown) => failed(e));
    },
    failed: (error) => failed(error),
    close: async () => {
      await closeRecord(audit, rt);
    },
  });

  async function failed(error: unknown): Promise<void> {
    const failure = classifyFailure(error);
    logFailure(rt.logger, failure, error, { invocationId: event.id, command: record.command });
    record.errorId = failure.errorId;
    await answer(failure.message).catch(() => undefined);
  }
}
