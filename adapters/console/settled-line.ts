// The line the console prints when a card's question ends without an answer being sent: the
// confirmation expired (with its local time), or it was answered elsewhere meanwhile.

/** The one line printed when a question ends without an answer: expired, or answered elsewhere. */
export function settledLine(expiresAt: number, now: number): string {
  if (now < expiresAt) return 'That confirmation was already answered elsewhere — nothing more was sent.';
  const at = new Date(expiresAt);
  const clock = [at.getHours(), at.getMinutes(), at.getSeconds()].map((n) => String(n).padStart(2, '0'));
  return `That confirmation expired at ${clock.join(':')} — run the command again.`;
}
