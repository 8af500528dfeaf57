// What a followed operation looks like in the channel: the confirmed card (when the runner
// passed it) with a progress line underneath, edited until the operation's outcome is known.
import type { FollowSpec } from '../core/index.js';
import type { Message, Tone } from '../render/message.js';

/** How a followed operation ended. */
export type TrackResult = 'done' | 'failed' | 'timed-out';

/** "3 s", "2 min 5 s", "1 h 2 min": elapsed time the way people say it in chat. */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  if (total < 60) return `${total} s`;
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  if (minutes < 60) return seconds === 0 ? `${minutes} min` : `${minutes} min ${seconds} s`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** The card with the tracker's line appended (or a small message of its own without a card). */
function withLine(card: Message | undefined, line: string, tone: Tone | undefined, summary: string): Message {
  if (!card) return { tone, summary, blocks: [{ type: 'text', text: line }] };
  const blocks = card.blocks.filter((b) => !(b.type === 'context' && b.text.startsWith('⏳')));
  return {
    ...card,
    actions: undefined,
    tone: tone ?? card.tone,
    summary,
    blocks: [...blocks, { type: 'context', text: line }],
  };
}

/** "web-1: terminating… 20 s (status Terminating)". */
export function progressMessage(
  spec: FollowSpec,
  elapsedMs: number,
  status: string | null,
  card?: Message,
): Message {
  const shown = status ? ` (status ${status})` : '';
  const line = `⏳ ${spec.label}: ${spec.verb}… ${formatElapsed(elapsedMs)}${shown}`;
  // Still running: neither the card's success tone nor a failure colour fits yet.
  return withLine(card, line, 'info', `${spec.label}: ${spec.verb}…`);
}

/** What the final edit says, and whether it counts as done, failed or timed out. */
export interface FinalOutcome {
  result: TrackResult;
  line: string;
}

/** Outcome when the watched condition was reached. */
export function doneOutcome(spec: FollowSpec, elapsedMs: number, status: string | null): FinalOutcome {
  const what =
    spec.kind === 'instance-gone'
      ? `${spec.label} deleted`
      : spec.kind === 'instance-ip'
        ? `${spec.ipAddress ?? 'the public IP'} is on ${spec.label}`
        : `${spec.label} is ${status ?? 'done'}`;
  return { result: 'done', line: `✅ ${what} — done in ${formatElapsed(elapsedMs)}` };
}

/** Outcome when the instance reported a failure status, or vanished while we waited for a status. */
export function failedOutcome(spec: FollowSpec, elapsedMs: number, reason: string): FinalOutcome {
  return {
    result: 'failed',
    line: `❌ ${spec.label}: ${spec.verb} failed after ${formatElapsed(elapsedMs)} — ${reason}`,
  };
}

/** Outcome when the deadline passed; names the last known status and the last API error, if any. */
export function timedOutOutcome(
  spec: FollowSpec,
  elapsedMs: number,
  status: string | null,
  lastError: string | null,
): FinalOutcome {
  const known = status ? `last known status ${status}` : 'no check of its status succeeded';
  const error = lastError ? `; last check failed: ${lastError}` : '';
  return {
    result: 'timed-out',
    line: `⚠️ ${spec.label}: stopped following after ${formatElapsed(elapsedMs)} — not finished ${spec.verb} (${known}${error})`,
  };
}

const TONES: Record<TrackResult, Tone> = { done: 'success', failed: 'error', 'timed-out': 'warning' };

/** The final edit of the card. */
export function finalMessage(outcome: FinalOutcome, card?: Message): Message {
  const summary = outcome.line.replace(/^\S+ /, '');
  return withLine(card, outcome.line, TONES[outcome.result], summary);
}
