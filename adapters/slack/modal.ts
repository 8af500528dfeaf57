// The typed-confirmation modal: a Confirm click on a card whose action needs the hostname typed
// back opens this view; its private_metadata carries the token and where the card lives, so the
// view_submission can be turned into an ActionEvent without any server-side session.
import type { types as slack } from '@slack/bolt';
import type { TypedPrompt } from '../../src/render/message.js';
import { LOCALES, t, type Locale } from '../../src/core/index.js';
import { fitMrkdwn, fitPlain } from './escape.js';
import { SLACK_LIMITS as L } from './limits.js';

/** callback_id of the modal, used to route its view_submission. */
export const TYPED_CONFIRM_CALLBACK = 'vps_typed_confirm';
/** block_id / action_id of the text input inside the modal. */
export const TYPED_INPUT = { blockId: 'vps_typed', actionId: 'value' } as const;

/** What the modal remembers between views.open and view_submission. */
export interface ModalMetadata {
  token: string;
  channelId: string;
  /** Handle of the stored response_url of the Confirm click (private replies to the clicker). */
  responseRef?: string;
  /** Same handle when the card itself is ephemeral, so the submit can edit it in place. */
  cardRef?: string;
  /** The clicker's language, for the in-dialog refusal (the ack cannot wait for a lookup). */
  locale?: Locale;
}

/** What the modal shows: the card's typed prompt plus its button labels. */
export interface TypedSpec {
  confirmLabel: string;
  cancelLabel: string;
  typed: TypedPrompt;
}

/** Used when the card's spec is unknown here (bot restarted, another replica posted the card). */
export function genericTypedSpec(locale: Locale): TypedSpec {
  return {
    confirmLabel: t(locale, 'card.confirm'),
    cancelLabel: t(locale, 'card.cancel'),
    typed: { title: t(locale, 'card.confirm'), label: t(locale, 'slack.typed.genericLabel') },
  };
}

/** Builds the modal asking for the typed confirmation text. */
export function typedConfirmView(actions: TypedSpec, metadata: ModalMetadata): slack.ModalView {
  const privateMetadata = JSON.stringify(metadata);
  if (privateMetadata.length > L.privateMetadata) throw new Error('modal metadata too long');
  const input: slack.PlainTextInput = { type: 'plain_text_input', action_id: TYPED_INPUT.actionId };
  // A cut name would invite typing the cut name: the placeholder only repeats it when it fits whole.
  const placeholder = actions.typed.placeholder ?? '';
  if (placeholder !== '' && placeholder.length <= L.placeholder) {
    input.placeholder = { type: 'plain_text', text: placeholder };
  }
  return {
    type: 'modal',
    callback_id: TYPED_CONFIRM_CALLBACK,
    private_metadata: privateMetadata,
    title: { type: 'plain_text', text: fitPlain(actions.typed.title, L.modalTitle) },
    submit: { type: 'plain_text', text: fitPlain(actions.confirmLabel, L.modalTitle) },
    close: { type: 'plain_text', text: fitPlain(actions.cancelLabel, L.modalTitle) },
    blocks: [
      { type: 'section', text: { type: 'mrkdwn', text: fitMrkdwn(actions.typed.label, L.sectionText) } },
      {
        type: 'input',
        block_id: TYPED_INPUT.blockId,
        label: { type: 'plain_text', text: fitPlain(actions.typed.label, L.inputLabel) },
        element: input,
      },
    ],
  };
}

/** Reads the modal metadata back; null when it is not ours or was tampered into another shape. */
export function parseModalMetadata(raw: string): ModalMetadata | null {
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { token, channelId, responseRef, cardRef, locale } = value as Record<string, unknown>;
    if (typeof token !== 'string' || typeof channelId !== 'string') return null;
    const metadata: ModalMetadata = { token, channelId };
    if (typeof responseRef === 'string') metadata.responseRef = responseRef;
    if (typeof cardRef === 'string') metadata.cardRef = cardRef;
    const known = LOCALES.find((supported) => supported === locale);
    if (known) metadata.locale = known;
    return metadata;
  } catch {
    return null;
  }
}
