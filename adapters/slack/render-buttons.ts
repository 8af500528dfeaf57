// A message's controls in Block Kit: a pending confirmation's Confirm / Cancel (values carry only the
// token), then one actions block of the buttons that run a command or open a link, with the
// secondary actions last in an overflow menu (alert cards: Metrics, Silence 1 h, Runbook).
import type { types as slack } from '@slack/bolt';
import {
  menuItems,
  pendingCard,
  primaryButtons,
  type Clickable,
  type PendingCard,
} from '../../src/render/buttons.js';
import type { Message } from '../../src/render/message.js';
import { DEFAULT_LOCALE, t, type Locale } from '../../src/core/index.js';
import { fitPlain } from './escape.js';
import { SLACK_LIMITS as L } from './limits.js';

/** action_ids of the confirmation buttons (typed: Confirm opens a modal); values carry only the token. */
export const ACTION_IDS = {
  confirm: 'vps_confirm',
  confirmTyped: 'vps_confirm_typed',
  cancel: 'vps_cancel',
} as const;

/** Prefix of the action_ids of buttons that run a command (ids must be unique in a block). */
export const RUN_ACTION_PREFIX = 'vps_run_';

/** Matches every command button's action_id, for app.action(). */
export const RUN_ACTION_PATTERN = /^vps_run_\d+$/;

/** Confirm (danger/primary) and Cancel buttons whose value is only the pending token. */
export function actionsBlocks(actions: PendingCard, locale: Locale = DEFAULT_LOCALE): slack.KnownBlock[] {
  const seconds = Math.floor(actions.expiresAt / 1000);
  const fallback = new Date(actions.expiresAt).toISOString().slice(11, 16);
  return [
    {
      type: 'actions',
      block_id: 'vps_confirmation',
      elements: [
        {
          type: 'button',
          action_id: actions.typed ? ACTION_IDS.confirmTyped : ACTION_IDS.confirm,
          style: actions.style,
          text: { type: 'plain_text', text: fitPlain(actions.confirmLabel, L.buttonText) },
          value: actions.token,
        },
        {
          type: 'button',
          action_id: ACTION_IDS.cancel,
          text: { type: 'plain_text', text: fitPlain(actions.cancelLabel, L.buttonText) },
          value: actions.token,
        },
      ],
    },
    {
      type: 'context',
      elements: [
        {
          type: 'mrkdwn',
          // Slack shows the time in each reader's time zone; the fallback is UTC.
          text: t(locale, 'slack.card.expires', { when: `<!date^${seconds}^{time}|${fallback} UTC>` }),
        },
      ],
    },
  ];
}

/** Prefix of link buttons' action_ids and of menu links' values: Slack reports those clicks too; nothing is run. */
export const LINK_PREFIX = 'vps_link_';

/** Matches every link button's action_id, for app.action() (acknowledged, nothing else). */
export const LINK_ACTION_PATTERN = /^vps_link_\d+$/;

/** action_id of the overflow menu: the chosen option's value is the command it runs. */
export const MENU_ACTION_ID = 'vps_menu';

type ActionElement = slack.Button | slack.Overflow;

/** A primary button: a command in its value (ids and kinds only, never user text), or a link. */
function buttonElement(item: Clickable, index: number): ActionElement[] {
  const text = { type: 'plain_text' as const, text: fitPlain(item.label, L.buttonText) };
  const style = item.style ? { style: item.style } : {};
  if (item.command !== undefined)
    return item.command.length <= L.buttonValue
      ? [{ type: 'button', action_id: `${RUN_ACTION_PREFIX}${index}`, text, value: item.command, ...style }]
      : [];
  return item.url.length <= L.buttonUrl
    ? [{ type: 'button', action_id: `${LINK_PREFIX}${index}`, text, url: item.url, ...style }]
    : [];
}

/** The menu as an overflow element (commands in option values, links as option urls); one option is a button. */
function menuElements(items: Clickable[], firstIndex: number): ActionElement[] {
  const fitting = items
    .filter((item) =>
      item.command !== undefined ? item.command.length <= L.optionValue : item.url.length <= L.optionUrl,
    )
    .slice(0, L.overflowOptions);
  if (fitting.length < 2) return fitting.flatMap((item, i) => buttonElement(item, firstIndex + i));
  const options = fitting.map((item, i): slack.PlainTextOption => {
    const text = { type: 'plain_text' as const, text: fitPlain(item.label, L.optionText) };
    return item.command !== undefined
      ? { text, value: item.command }
      : { text, value: `${LINK_PREFIX}${i}`, url: item.url };
  });
  return [{ type: 'overflow', action_id: MENU_ACTION_ID, options }];
}

/** The primary buttons and, last in the same block, the menu (the card's secondary actions). */
function commandBlocks(message: Message): slack.KnownBlock[] {
  const primary = primaryButtons(message);
  const elements = [
    ...primary.flatMap((item, index) => buttonElement(item, index)),
    ...menuElements(menuItems(message), primary.length),
  ].slice(0, L.actionElements);
  return elements.length > 0 ? [{ type: 'actions', block_id: 'vps_run', elements }] : [];
}

/** Every button of the message: the confirmation's, then the command buttons. */
export function buttonBlocks(message: Message, locale: Locale = DEFAULT_LOCALE): slack.KnownBlock[] {
  const card = pendingCard(message);
  return [...(card ? actionsBlocks(card, locale) : []), ...commandBlocks(message)];
}
