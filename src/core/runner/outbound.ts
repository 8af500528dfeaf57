// The one outbound path: every Message the bot posts — replies, card edits, notices, the confirm
// gate's refusals, watch alerts and tracker edits — passes through the same transforms: the
// configured secrets redacted (in every encoding), then, against the embedded simulator, a marker
// so chat users never mistake made-up servers for real ones.
import { redactDeep, type Redactor } from '../../api/redact.js';
import type { Message } from '../../render/message.js';
import type { AdapterLookups, Responder, TypedDialog } from '../ports.js';
import { DEFAULT_LOCALE, type Locale } from '../../i18n/locale.js';
import { t } from '../../i18n/translate.js';

/** The line added to every message posted while the backend is the simulator, in `locale`. */
export const simulatorMarker = (locale: Locale): string => t(locale, 'outbound.simulatorMarker');

/** The simulator marker in English (the default language). */
export const SIMULATOR_MARKER = simulatorMarker(DEFAULT_LOCALE);

/**
 * The message with the simulator marker (in `locale`, the deployment's language: the transform
 * does not know each reader's) as its last block, once, however often it is edited.
 */
export function markSimulator(message: Message, locale: Locale = DEFAULT_LOCALE): Message {
  const marker = simulatorMarker(locale);
  const marked = message.blocks.some((block) => block.type === 'context' && block.text === marker);
  if (marked) return message;
  return {
    ...message,
    blocks: [...message.blocks, { type: 'context', text: marker }],
    ...(message.summary !== undefined ? { summary: `[simulator] ${message.summary}` } : {}),
  };
}

/** The transforms every outgoing message goes through, and the wrappers that apply them. */
export interface Outbound {
  /** One message, as it may leave the process (after `ready`). */
  message(message: Message): Message;
  /** Readies the transforms for the work in progress (OAuth mode: its tenant's secrets read). */
  ready(): Promise<void>;
  /** The same Responder (defer and anything else it carries), every message it sends transformed. */
  responder(responder: Responder): Responder;
  /** Refusals the adapter posts itself, transformed too. */
  lookups(lookups: AdapterLookups): AdapterLookups;
  /** A typed-confirmation dialog's texts, redacted like the card they belong to. */
  dialog(dialog: TypedDialog): TypedDialog;
}

/** What the outbound path does: redact with `redact`; mark messages when `simulated`, in `locale`. */
export interface OutboundOptions {
  redact?: Redactor;
  /** Readies `redact` before a message leaves (OAuth mode: the current tenant's secrets are read). */
  prepare?: () => Promise<void>;
  simulated?: boolean;
  locale?: Locale;
}

/** The outbound path for these settings. */
export function createOutbound(options: OutboundOptions): Outbound {
  const { redact, simulated = false, locale = DEFAULT_LOCALE } = options;
  const prepare = options.prepare ?? (async () => undefined);
  const message = (m: Message): Message => {
    const redacted = redact ? redactDeep(m, redact) : m;
    return simulated ? markSimulator(redacted, locale) : redacted;
  };
  return {
    message,
    ready: prepare,
    dialog: (dialog) => (redact ? redactDeep(dialog, redact) : dialog),
    responder(responder) {
      // Object.create keeps the adapter's responder whole (defer, channel helpers) and overrides the sends.
      const wrapped = Object.create(responder) as Responder;
      wrapped.reply = async (m, opts) => (await prepare(), responder.reply(message(m), opts));
      wrapped.update = async (ref, m) => (await prepare(), responder.update(ref, message(m)));
      const announce = responder.announce?.bind(responder);
      if (announce) wrapped.announce = async (m) => (await prepare(), announce(message(m)));
      return wrapped;
    },
    lookups(lookups) {
      return {
        completer: lookups.completer,
        ...(lookups.roles ? { roles: lookups.roles } : {}),
        ...(lookups.plate ? { plate: lookups.plate } : {}),
        gate: {
          refusal: async (event) => {
            const refusal = await lookups.gate.refusal(event);
            await prepare();
            return refusal ? message(refusal) : null;
          },
        },
      };
    },
  };
}
