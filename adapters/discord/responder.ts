// The Responder for one interaction. A slash command's first reply edits the deferred reply;
// later replies are follow-ups. Card edits prefer the freshest interaction token and fall back to
// the bot token (PATCH /channels/{id}/messages/{id}) once tokens have expired, so a card can still
// reach its final state minutes later. restoredResponder does the same for a card stored before a
// restart, with the bot token only.
import { MessageFlags, Routes } from 'discord.js';
import type {
  ButtonInteraction,
  ChatInputCommandInteraction,
  MessageContextMenuCommandInteraction,
  ModalSubmitInteraction,
  StringSelectMenuInteraction,
  REST,
} from 'discord.js';
import type { Logger } from '../../src/logger.js';
import type { Locale, MessageRef, Responder } from '../../src/core/index.js';
import type { Message, Visibility } from '../../src/render/message.js';
import type { DiscordInteractionState } from './interaction-state.js';
import type { AnyPayload } from './layout.js';
import { describeError, isTokenRefused } from './errors.js';
import { editPayload, freshPayload, interactionOptions, restBody, sentAsV2, sentRef } from './layout.js';
import { answerLocale } from './translate.js';

/** The logging the adapter does (a pino Logger fits). */
export type AdapterLogger = Pick<Logger, 'info' | 'warn' | 'error'>;

/** Shared state and clients every responder needs. */
export interface ResponderDeps {
  rest: REST;
  applicationId: string;
  /** Interaction tokens, shared by every replica. */
  state: DiscordInteractionState;
  logger: AdapterLogger;
  now: () => number;
}

type AnyInteraction =
  | ChatInputCommandInteraction
  | MessageContextMenuCommandInteraction
  | ButtonInteraction
  | StringSelectMenuInteraction
  | ModalSubmitInteraction;

/**
 * How the interaction is acknowledged: a slash command not yet deferred (the responder's defer()
 * defers it, privately or not), a deferred reply, or a deferred card update (click).
 */
export type AckMode = { kind: 'command' } | { kind: 'reply'; ephemeral: boolean } | { kind: 'update' };

/** Builds the Responder for an interaction (deferred already, or through its defer() for a command). */
export function interactionResponder(
  interaction: AnyInteraction,
  initialAck: AckMode,
  deps: ResponderDeps,
): Responder {
  const receivedAt = deps.now();
  let ack = initialAck;
  let originalUsed = ack.kind === 'update';
  // A private deferral shows "thinking…" to the requester only; a command's first reply edits it.
  // Deferred once; a later call (the core's, after the adapter's own) waits for that deferral.
  let deferring: Promise<unknown> = Promise.resolve();
  const defer = async (visibility: Visibility): Promise<void> => {
    if (ack.kind !== 'command') return void (await deferring);
    const ephemeral = visibility === 'ephemeral';
    ack = { kind: 'reply', ephemeral };
    deferring = interaction.deferReply(ephemeral ? { flags: MessageFlags.Ephemeral } : {});
    await deferring;
  };
  const fresh = () => deps.now() - receivedAt < 14 * 60_000;

  // The renderer's own words (expiry, what did not fit) in the language of whoever this answers.
  const locale = answerLocale(interaction);
  // A public notice is the channel's: its language once the core has said how to find it.
  let channelLocale = async (): Promise<Locale> => locale;

  const ref = async (id: string, payload: AnyPayload, ephemeral: boolean): Promise<MessageRef> => {
    await deps.state.rememberToken(id, interaction.token, receivedAt);
    return sentRef(interaction.channelId ?? '', id, payload, ephemeral);
  };

  // A V2 card's flag goes on the message that carries it (an edit, a follow-up), never on a deferral.
  const followUp = async (message: Message, ephemeral: boolean, words: Locale = locale) => {
    const payload = freshPayload(message, { locale: words });
    const sent = await interaction.followUp(
      interactionOptions(payload, ephemeral ? MessageFlags.Ephemeral : 0),
    );
    return ref(sent.id, payload, ephemeral);
  };

  return {
    defer,

    useChannelLocale(lookup) {
      channelLocale = lookup;
    },

    async reply(message: Message, options?: { visibility?: Visibility }): Promise<MessageRef> {
      const ephemeral = (options?.visibility ?? message.visibility) === 'ephemeral';
      // A reply before any deferral (a crash guard's notice) acknowledges with its own visibility.
      await defer(ephemeral ? 'ephemeral' : 'channel');
      if (originalUsed || ack.kind !== 'reply') return followUp(message, ephemeral);
      originalUsed = true;
      if (ephemeral && !ack.ephemeral) {
        // The deferral was public but this reply is private: drop the public placeholder.
        await interaction.deleteReply();
        return followUp(message, true);
      }
      const payload = freshPayload(message, { locale });
      const sent = await interaction.editReply(interactionOptions(payload));
      return ref(sent.id, payload, ack.ephemeral);
    },

    async update(target: MessageRef, message: Message): Promise<void> {
      const own = ack.kind === 'update' && 'message' in interaction ? interaction.message : null;
      const ownCard = own?.id === target.id;
      // The message keeps its layout: its ref says V2, or (a card clicked) its own flags do.
      const v2 = sentAsV2(target) || (ownCard && own.flags.has(MessageFlags.IsComponentsV2));
      const payload = editPayload(message, { locale }, v2);
      const ownTokenFirst = ownCard && fresh();
      if (ownTokenFirst) {
        try {
          await interaction.editReply({ ...interactionOptions(payload), attachments: [] });
          return;
        } catch (error) {
          // A refused token (revoked, or the clock lied about its age) falls back like the others.
          if (!isTokenRefused(error)) throw error;
          deps.logger.info({ messageId: target.id }, 'discord: card edit falls back to the bot token');
        }
      }
      const { body, files } = restBody(payload);
      const token = ownTokenFirst ? undefined : await deps.state.token(target.id);
      if (token) {
        try {
          await deps.rest.patch(Routes.webhookMessage(deps.applicationId, token, target.id), {
            body,
            files,
            auth: false,
          });
          return;
        } catch (error) {
          if (!isTokenRefused(error)) throw error;
          await deps.state.forgetToken(target.id);
        }
      }
      if (target.extra?.ephemeral === '1') {
        deps.logger.warn(
          { messageId: target.id },
          'discord: ephemeral card can no longer be edited (interaction token expired)',
        );
        return;
      }
      await deps.rest.patch(Routes.channelMessage(target.channelId, target.id), { body, files });
    },

    async announce(message: Message): Promise<void> {
      const words = await channelLocale();
      if (fresh()) {
        try {
          await followUp(message, false, words);
          return;
        } catch (error) {
          if (!isTokenRefused(error)) throw error;
          deps.logger.info({ error: describeError(error) }, 'discord: announce falls back to the bot token');
        }
      }
      const { body, files } = restBody(freshPayload(message, { locale: words }));
      await deps.rest.post(Routes.channelMessages(interaction.channelId ?? ''), { body, files });
    },
  };
}

/**
 * A Responder for a card posted before a restart (operation tracking resumes through it): edits go
 * through the bot token (PATCH /channels/{id}/messages/{id}), replies and announcements are
 * channel posts. Ephemeral cards can only be edited with an interaction token, so they get null.
 */
export function restoredResponder(rest: REST, ref: MessageRef): Responder | null {
  if (ref.platform !== 'discord' || ref.extra?.ephemeral === '1' || !ref.channelId || !ref.id) return null;
  const post = async (message: Message): Promise<MessageRef> => {
    const payload = freshPayload(message);
    const { body, files } = restBody(payload);
    const sent = (await rest.post(Routes.channelMessages(ref.channelId), { body, files })) as { id: string };
    return sentRef(ref.channelId, sent.id, payload);
  };
  return {
    async reply(message, options) {
      if ((options?.visibility ?? message.visibility) === 'ephemeral')
        throw new Error('a restored Discord conversation has no interaction to answer privately');
      return post(message);
    },
    async update(target, message) {
      if (target.extra?.ephemeral === '1') throw new Error('this Discord message can no longer be edited');
      const { body, files } = restBody(editPayload(message, {}, sentAsV2(target)));
      await rest.patch(Routes.channelMessage(target.channelId, target.id), { body, files });
    },
    async announce(message) {
      await post(message);
    },
  };
}
