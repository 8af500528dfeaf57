// Bolt listeners: `/vps`, the Confirm / Cancel buttons, buttons that run a command and the
// typed-confirmation modal. Each one
// acks first — before any Web API or hosting-API call — and then hands the translated request to
// the dispatcher without holding Slack's HTTP response open.
import type {
  AllMiddlewareArgs,
  App,
  BlockButtonAction,
  SlackActionMiddlewareArgs,
  SlackCommandMiddlewareArgs,
  SlackViewMiddlewareArgs,
  ViewSubmitAction,
} from '@slack/bolt';
import { t, withDeadline, type ActionEvent } from '../../src/core/index.js';
import type { Message } from '../../src/render/message.js';
import {
  genericTypedSpec,
  TYPED_CONFIRM_CALLBACK,
  TYPED_INPUT,
  parseModalMetadata,
  typedConfirmView,
} from './modal.js';
import { renderMessage } from './render.js';
import { ACTION_IDS } from './render-buttons.js';
import { registerCommandClicks } from './command-clicks.js';
import { registerMessageShortcuts } from './message-shortcuts.js';
import {
  background,
  requestLocale,
  withUserLocale,
  type HandlerDeps,
  type RequestLocale,
} from './handler-deps.js';
import { createResponder } from './responder.js';
import { dropReplays, isFirstDelivery, unlessReplayed } from './replays.js';
import { typedMismatch, typedSpecFor } from './typed-dialog.js';
import {
  actionEventFromClick,
  actionEventFromModal,
  channelOfAction,
  invocationFromCommand,
} from './translate.js';

export type { HandlerDeps };

/** The eligibility check may take this long before views.open (trigger_id lives 3 s). */
const GATE_BUDGET_MS = 1_500;

/** Runs `work` once the I/O already waiting (other requests to ack) has been handled. */
function afterPendingIo(work: () => Promise<void>): Promise<void> {
  return new Promise<void>((resolve) => setImmediate(resolve)).then(work);
}

/**
 * The gate's refusal for this click, in the clicker's language; none (the dialog opens, the core
 * checks on submit) when it cannot tell in time — the locale lookup counts within the same budget.
 */
async function refusalFor(
  deps: HandlerDeps,
  event: ActionEvent,
  user: RequestLocale,
): Promise<Message | null> {
  const gate = deps.gate;
  if (!gate) return null;
  try {
    const refusal = withUserLocale(event, user).then((localised) => gate.refusal(localised));
    return await withDeadline(refusal, GATE_BUDGET_MS, () => null);
  } catch (error) {
    deps.logger?.warn({ err: error }, 'slack confirm gate failed; opening the dialog');
    return null;
  }
}

/** `/vps`: acked at once, dispatched once the other waiting acks are written. */
function commandListener(deps: HandlerDeps) {
  const { dispatcher, outbox } = deps;
  return async ({ command, ack, body }: SlackCommandMiddlewareArgs) => {
    // Counted on receipt: this command's dispatch comes only after the ack and the other acks waiting.
    dispatcher.arrived?.();
    await ack();
    const invocation = invocationFromCommand(command);
    const user = requestLocale(deps, command.user_id);
    const responder = createResponder(
      outbox,
      {
        channelId: command.channel_id,
        userId: command.user_id,
        responseUrl: command.response_url,
        // Until the core defers with what it decided: private (fail closed).
        defaultVisibility: 'ephemeral',
        locale: user.locale,
      },
      deps.logger,
    );
    // The 200 is written; let the event loop read the other requests waiting for theirs before
    // this command's work takes the CPU (a burst of commands is acked first, so later acks never
    // queue behind the whole burst's work; serve admits the work itself, src/serve/admission.ts).
    background(
      deps,
      'command',
      () =>
        unlessReplayed(body, () =>
          afterPendingIo(async () => dispatcher.dispatch(await withUserLocale(invocation, user), responder)),
        ),
      responder,
      user,
    );
  };
}

/** The Confirm / Cancel buttons of a confirmation card. */
function clickListener(deps: HandlerDeps, action: 'confirm' | 'cancel') {
  const { dispatcher, outbox } = deps;
  return async ({ ack, body, action: element }: SlackActionMiddlewareArgs<BlockButtonAction>) => {
    await ack();
    const token = element.value;
    if (!token) return;
    const event = actionEventFromClick(body, action, token);
    const user = requestLocale(deps, body.user.id);
    const responder = createResponder(
      outbox,
      {
        channelId: event.channelId,
        userId: body.user.id,
        responseUrl: body.response_url,
        cardResponseUrl: body.container['is_ephemeral'] === true ? body.response_url : undefined,
        defaultVisibility: 'ephemeral',
        locale: user.locale,
      },
      deps.logger,
    );
    background(
      deps,
      action,
      () => unlessReplayed(body, async () => dispatcher.act(await withUserLocale(event, user), responder)),
      responder,
      user,
    );
  };
}

/** "Confirm…" of a typed confirmation: opens the dialog, or says privately why the clicker may not. */
function typedDialogOpener(deps: HandlerDeps) {
  const { dispatcher, outbox } = deps;
  return async ({
    ack,
    body,
    action: element,
    client,
  }: SlackActionMiddlewareArgs<BlockButtonAction> & AllMiddlewareArgs) => {
    await ack();
    const token = element.value;
    if (!token) return;
    const channelId = channelOfAction(body);
    const user = requestLocale(deps, body.user.id);
    // trigger_id is good for 3 s: the state look-ups and the eligibility check run together before views.open.
    const [responseRef, spec, refusal, locale, first] = await Promise.all([
      outbox.rememberResponseUrl(body.response_url),
      typedSpecFor(dispatcher, token, GATE_BUDGET_MS, deps.logger),
      refusalFor(deps, actionEventFromClick(body, 'confirm', token), user),
      // Bounded by UserLocales' own budget (0.8 s), within the gate's.
      user.locale(),
      isFirstDelivery(body),
    ]);
    if (!first) return;
    if (refusal) {
      // Not an eligible approver (the requester, or someone the policy does not allow): say why, privately.
      const pages = renderMessage(refusal, { locale });
      await outbox
        .postEphemeral(channelId, body.user.id, pages, body.response_url)
        .catch((error: unknown) => {
          deps.logger?.warn({ err: error }, 'slack refusal notice could not be sent');
        });
      return;
    }
    // The clicker's language rides in the modal, so its in-dialog refusal needs no lookup before the ack.
    const metadata = { token, channelId, responseRef, locale };
    const isEphemeral = body.container['is_ephemeral'] === true;
    const shown = spec ?? genericTypedSpec(locale);
    const view = typedConfirmView(shown, {
      ...metadata,
      ...(isEphemeral ? { cardRef: metadata.responseRef } : {}),
    });
    try {
      await client.views.open({ trigger_id: body.trigger_id, view });
    } catch (error) {
      deps.logger?.warn({ err: error }, 'slack views.open failed');
      const text = t(locale, 'slack.dialogNotOpened', { button: shown.confirmLabel });
      const pages = renderMessage({ tone: 'error', blocks: [{ type: 'text', text }] }, { locale });
      await outbox.postEphemeral(channelId, body.user.id, pages, body.response_url).catch(() => undefined);
    }
  };
}

/** The typed-confirmation dialog's submit: a typo stays in the dialog, a match is acted on. */
function typedSubmitListener(deps: HandlerDeps) {
  const { dispatcher, outbox } = deps;
  return async ({ ack, body, view }: SlackViewMiddlewareArgs<ViewSubmitAction>) => {
    const metadata = parseModalMetadata(view.private_metadata);
    const typed = view.state.values[TYPED_INPUT.blockId]?.[TYPED_INPUT.actionId]?.value ?? '';
    // A typo stays in the dialog (response_action: errors) so the user can fix it; the core checks again.
    const mismatch = metadata
      ? await typedMismatch(dispatcher, metadata.token, typed, metadata.locale, deps.logger)
      : null;
    if (mismatch) {
      await ack({ response_action: 'errors', errors: { [TYPED_INPUT.blockId]: mismatch } });
      return;
    }
    await ack();
    if (!metadata) return;
    const event = actionEventFromModal(body, metadata, typed);
    const user = requestLocale(deps, body.user.id);
    const [responseUrl, cardResponseUrl] = await Promise.all([
      outbox.responseUrl(metadata.responseRef),
      outbox.responseUrl(metadata.cardRef),
    ]);
    const responder = createResponder(
      outbox,
      {
        channelId: metadata.channelId,
        userId: body.user.id,
        responseUrl,
        cardResponseUrl,
        defaultVisibility: 'ephemeral',
        locale: user.locale,
      },
      deps.logger,
    );
    background(
      deps,
      'modal confirmation',
      async () => dispatcher.act(await withUserLocale(event, user), responder),
      responder,
      user,
    );
  };
}

/** Registers every listener of the adapter on a Bolt app. */
export function registerHandlers(app: App, deps: HandlerDeps): void {
  // First of all: a copy of a request already delivered is acknowledged and dropped.
  app.use(dropReplays(deps.state, deps.logger));
  app.command(deps.command, commandListener(deps));
  app.action<BlockButtonAction>(ACTION_IDS.confirm, clickListener(deps, 'confirm'));
  app.action<BlockButtonAction>(ACTION_IDS.cancel, clickListener(deps, 'cancel'));
  registerCommandClicks(app, deps);
  registerMessageShortcuts(app, deps);
  app.action<BlockButtonAction>(ACTION_IDS.confirmTyped, typedDialogOpener(deps));
  app.view(TYPED_CONFIRM_CALLBACK, typedSubmitListener(deps));
}
