// Confirming a card on the fake Slack the way a person does: the card's Confirm button (its token)
// clicked through a serve's /slack/events, signed.
import { expect } from 'vitest';
import type { FakeSlack, StoredMessage } from './fake-slack.js';
import { buttonClickPayload, interactionForm, postSigned } from './fake-slack-requests.js';

/** The token of the card's Confirm button, if it has one. */
export function confirmToken(card: StoredMessage): string | undefined {
  return (card.blocks as { elements?: { action_id?: string; value?: string }[] }[])
    .flatMap((b) => b.elements ?? [])
    .find((e) => e.action_id === 'vps_confirm')?.value;
}

/** `userId` clicks Confirm on `card` in `channelId`, sent to `events` signed with `secret`. */
export async function clickConfirm(
  slack: FakeSlack,
  events: string,
  card: StoredMessage,
  who: { userId: string; channelId: string; secret: string },
): Promise<void> {
  const click = buttonClickPayload({
    actionId: 'vps_confirm',
    value: confirmToken(card) ?? '',
    userId: who.userId,
    channelId: who.channelId,
    messageTs: card.ts,
    responseUrl: slack.newResponseUrl(),
  });
  expect((await postSigned(events, interactionForm(click), { secret: who.secret })).status).toBe(200);
}
