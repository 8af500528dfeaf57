// The one outbound path: every Message the bot posts — replies, card edits, notices, the confirm
// gate's refusals, watch alerts and tracker edits — passes through the same transforms: the
// configured secrets redacted (in every encoding), then, against the embedded simulator, a marker
// so chat users never mistake made-up servers for real ones.
import { redactDeep, type Redactor } from '../../api/redact.js';
import type { Message } from '../../render/message.js';
import type { AdapterLookups, ChannelPoster, MessageRef, Responder, TypedDialog } from '../ports.js';
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
  /** The same ChannelPoster (channel checks, failure reasons kept), every alert and notice it sends transformed. */
  poster(poster: ChannelPoster): ChannelPoster;
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

/**
 * The one outgoing wrapper, for replies and alerts alike: `target` whole — Object.create keeps every
 * member it has (a responder's defer, a poster's channel checks) — with its sending members replaced.
 */
function overriding<T extends object>(target: T, sends: Partial<T>): T {
  return Object.assign(Object.create(target) as T, sends);
}

/** The outbound path for these settings. */
export function createOutbound(options: OutboundOptions): Outbound {
  const { redact, simulated = false, locale = DEFAULT_LOCALE } = options;
  const prepare = options.prepare ?? (async () => undefined);
  const message = (m: Message): Message => {
    const redacted = redact ? redactDeep(m, redact) : m;
    return simulated ? markSimulator(redacted, locale) : redacted;
  };
  /** One message readied and transformed, as it leaves. */
  const out = async (m: Message): Promise<Message> => (await prepare(), message(m));
  return {
    message,
    ready: prepare,
    dialog: (dialog) => (redact ? redactDeep(dialog, redact) : dialog),
    responder(responder) {
      const announce = responder.announce?.bind(responder);
      return overriding<Responder>(responder, {
        reply: async (m, opts) => responder.reply(await out(m), opts),
        update: async (ref, m) => responder.update(ref, await out(m)),
        ...(announce ? { announce: async (m: Message) => announce(await out(m)) } : {}),
      });
    },
    poster(poster) {
      // Thread replies (a group's member list, an alert's chart) take the same transforms as posts.
      const reply = poster.reply?.bind(poster);
      const tell = poster.tellPrivately?.bind(poster);
      return overriding<ChannelPoster>(poster, {
        post: async (channelId, m) => poster.post(channelId, await out(m)),
        update: async (ref, m) => poster.update(ref, await out(m)),
        ...(reply ? { reply: async (ref: MessageRef, m: Message) => reply(ref, await out(m)) } : {}),
        ...(tell ? { tellPrivately: async (userId: string, m: Message) => tell(userId, await out(m)) } : {}),
      });
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
