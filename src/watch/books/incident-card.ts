// One card per incident even when the alert state is lost: the card of a watch's open incident of
// one kind is claimed in the shared store (a counter only its first caller sees at 1) before it is
// posted, and its ref kept there beside the alert state. A poll that finds no card in the alert
// state (its write was lost, or it failed) edits the claimed card instead of posting another.
import type { MessageRef, EphemeralState } from '../../core/index.js';
import type { OpenAlert } from '../types.js';

/** How long a posted card's ref is kept for an incident still open (it is dropped on recovery). */
const CARD_KEPT_MS = 7 * 24 * 60 * 60_000;
/** How long a claim whose card ref was never recorded blocks a new post (the post's outcome is unknown). */
const CLAIM_MS = 10 * 60_000;

/** The card an open incident already has, as kept in the store. */
export interface IncidentCard {
  ref: MessageRef;
  openedAt: number;
}

const claimKey = (watchId: string, kind: string) => `watch-card-claim:${watchId}:${kind}`;
const cardKey = (watchId: string, kind: string) => `watch-card:${watchId}:${kind}`;

/** The card already posted for this watch's open incident of `kind`, if any. */
export async function incidentCard(
  state: EphemeralState,
  watchId: string,
  kind: string,
): Promise<IncidentCard | null> {
  const raw = await state.get(cardKey(watchId, kind));
  return raw ? (JSON.parse(raw) as IncidentCard) : null;
}

/**
 * Shows `alert` once per incident: edits the incident's card when one was posted (adopting its ref
 * and opening time into `alert`), otherwise claims the incident and posts. Resolves with whether a
 * new card was posted; false too when another poll holds the claim but its card is not known yet.
 */
export async function postIncidentCard(
  state: EphemeralState,
  watchId: string,
  alert: OpenAlert,
  post: () => Promise<MessageRef>,
  edit: (ref: MessageRef) => Promise<void>,
): Promise<boolean> {
  const known = await incidentCard(state, watchId, alert.kind);
  if (known) {
    alert.ref = known.ref;
    alert.openedAt = known.openedAt;
    await edit(known.ref);
    return false;
  }
  if ((await state.increment(claimKey(watchId, alert.kind), CLAIM_MS)) > 1) return false;
  let ref: MessageRef;
  try {
    ref = await post();
  } catch (error) {
    await state.delete(claimKey(watchId, alert.kind));
    throw error;
  }
  alert.ref = ref;
  const card: IncidentCard = { ref, openedAt: alert.openedAt };
  await state.set(cardKey(watchId, alert.kind), JSON.stringify(card), CARD_KEPT_MS);
  return true;
}

/** The incident is over (recovered, or the watch removed): the next one gets a card of its own. */
export async function endIncident(state: EphemeralState, watchId: string, kind: string): Promise<void> {
  await state.delete(cardKey(watchId, kind));
  await state.delete(claimKey(watchId, kind));
}
