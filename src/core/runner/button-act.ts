// The runner for non-confirmation buttons (alert cards): the owner says what a click means; the
// core authorizes it with the policy like a typed command and writes one audit record.
import { closeRecord, openRecord } from '../audit/audit-record.js';
import { dispatchInvocation } from './dispatch.js';
import { classifyFailure, logFailure, userErrorMessage } from '../replies/outcomes.js';
import type { ActionEvent, Responder } from '../ports.js';
import type { Runtime } from '../context.js';
import type { ButtonHandler } from '../watch-port.js';

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
  const audit = openRecord(rt.now(), event, action.path, { args: action.args });
  const { record } = audit;
  try {
    const auth = rt.policy.authorize(event.actor, { path: action.path, risk: action.risk }, event.channelId);
    if (!auth.allowed) {
      record.decision = 'denied';
      record.errorId = auth.error.id;
      await responder.reply(userErrorMessage(auth.error), { visibility: 'ephemeral' });
    } else {
      record.decision = 'allowed';
      record.confirmation = 'not-needed';
      const done = await action.run(event.actor);
      record.result = 'ok';
      record.summary = done.summary;
      await responder.reply(done.message, { visibility: 'ephemeral' });
    }
  } catch (error) {
    const failure = classifyFailure(error);
    logFailure(rt.logger, failure, error, { invocationId: event.id, command: record.command });
    record.errorId = failure.errorId;
    await responder.reply(failure.message, { visibility: 'ephemeral' }).catch(() => undefined);
  }
  await closeRecord(audit, rt);
}
