// Slack payloads → neutral Invocation / ActionEvent. Identity is always the Slack user id; the
// display name is only for messages. Shapes are structural so tests can pass plain objects.
import { randomUUID } from 'node:crypto';
import type { ActionEvent, Actor, Invocation, MessageRef } from '../../src/core/index.js';

/** The fields of a slash command payload the adapter uses. */
export interface SlashCommandPayload {
  text: string;
  user_id: string;
  user_name?: string;
  channel_id: string;
}

/** The fields of a block_actions payload the adapter uses. */
export interface BlockActionPayload {
  user: { id: string; username?: string; name?: string };
  channel?: { id: string };
  container?: Record<string, unknown>;
}

/** The fields of a view_submission payload the adapter uses. */
export interface ViewSubmissionPayload {
  user: { id: string; username?: string; name?: string };
}

function actor(userId: string, name: string | undefined): Actor {
  return { platform: 'slack', userId, displayName: name && name.trim() !== '' ? name : userId };
}

/** A `/vps …` slash command as an Invocation with raw text input. */
export function invocationFromCommand(command: SlashCommandPayload): Invocation {
  return {
    id: randomUUID(),
    platform: 'slack',
    actor: actor(command.user_id, command.user_name),
    channelId: command.channel_id,
    input: { kind: 'text', text: command.text ?? '' },
  };
}

/** A click on a button that runs a command, as an Invocation of that command by the clicker. */
export function invocationFromClick(body: BlockActionPayload, text: string): Invocation {
  return {
    id: randomUUID(),
    platform: 'slack',
    actor: actor(body.user.id, body.user.username ?? body.user.name),
    channelId: channelOfAction(body),
    input: { kind: 'text', text },
  };
}

/** The channel a button was clicked in (channel, else the message container's channel). */
export function channelOfAction(body: BlockActionPayload): string {
  const fromContainer = body.container?.['channel_id'];
  return body.channel?.id ?? (typeof fromContainer === 'string' ? fromContainer : '');
}

/** A Confirm / Cancel click as an ActionEvent carrying only the token from the button value. */
export function actionEventFromClick(
  body: BlockActionPayload,
  action: 'confirm' | 'cancel',
  token: string,
): ActionEvent {
  return {
    id: randomUUID(),
    platform: 'slack',
    actor: actor(body.user.id, body.user.username ?? body.user.name),
    channelId: channelOfAction(body),
    token,
    action,
    ...clickedMessage(body),
  };
}

/** The channel message a button was on (not an ephemeral one: only its response_url can edit it). */
function clickedMessage(body: BlockActionPayload): { clicked?: MessageRef } {
  const container = body.container ?? {};
  const ts = container['message_ts'];
  const channelId = container['channel_id'];
  if (container['type'] !== 'message' || container['is_ephemeral'] === true) return {};
  if (typeof ts !== 'string' || typeof channelId !== 'string') return {};
  return { clicked: { platform: 'slack', channelId, id: ts, extra: { mode: 'message' } } };
}

/** A submitted typed-confirmation modal as a confirm ActionEvent with the typed text. */
export function actionEventFromModal(
  body: ViewSubmissionPayload,
  metadata: { token: string; channelId: string },
  typed: string,
): ActionEvent {
  return {
    id: randomUUID(),
    platform: 'slack',
    actor: actor(body.user.id, body.user.username ?? body.user.name),
    channelId: metadata.channelId,
    token: metadata.token,
    action: 'confirm',
    input: typed,
  };
}
