// Clicks that run a command — a button (alert cards: Acknowledge, Snooze, Show) or an option of the
// overflow menu (Metrics, Silence 1 h) — and clicks on links (a runbook), which only need their ack.
import type { App, BlockAction, BlockButtonAction, BlockOverflowAction } from '@slack/bolt';
import { background, requestLocale, withUserLocale, type HandlerDeps } from './handler-deps.js';
import { LINK_ACTION_PATTERN, LINK_PREFIX, MENU_ACTION_ID, RUN_ACTION_PATTERN } from './render-buttons.js';
import { unlessReplayed } from './replays.js';
import { createResponder } from './responder.js';
import { invocationFromClick } from './translate.js';

/** The clicker's language and a responder answering them privately (a button, a menu choice, a shortcut). */
export function clickerResponder(deps: HandlerDeps, channelId: string, userId: string, responseUrl: string) {
  const user = requestLocale(deps, userId);
  const responder = createResponder(
    deps.outbox,
    { channelId, userId, responseUrl, defaultVisibility: 'ephemeral', locale: user.locale },
    deps.logger,
  );
  return { user, responder };
}

/** Registers the command buttons', the menu's and the links' listeners. */
export function registerCommandClicks(app: App, deps: HandlerDeps): void {
  const { dispatcher } = deps;
  // A button or menu option that runs a command (alert cards: Acknowledge, Snooze, Show; Metrics,
  // Silence 1 h): dispatched as if typed by the clicker, so the runner authorises and audits it.
  const runClicked = (body: BlockAction, text: string): void => {
    const invocation = invocationFromClick(body, text);
    const { user, responder } = clickerResponder(deps, invocation.channelId, body.user.id, body.response_url);
    // The clicker's language, as for a typed command (it used to answer in English).
    background(
      deps,
      'button command',
      () =>
        unlessReplayed(body, async () =>
          dispatcher.dispatch(await withUserLocale(invocation, user), responder),
        ),
      responder,
      user,
    );
  };
  app.action<BlockButtonAction>(RUN_ACTION_PATTERN, async ({ ack, body, action: element }) => {
    await ack();
    if (element.value) runClicked(body, element.value);
  });
  app.action<BlockOverflowAction>(MENU_ACTION_ID, async ({ ack, body, action: element }) => {
    await ack();
    const option = element.selected_option;
    // A link option opens in the browser; Slack still reports the click, and nothing is run.
    if ('url' in option || !option.value || option.value.startsWith(LINK_PREFIX)) return;
    runClicked(body, option.value);
  });
  // Link buttons (a runbook) likewise: acknowledged so Slack shows no error, nothing else.
  app.action(LINK_ACTION_PATTERN, async ({ ack }) => {
    await ack();
  });
}
