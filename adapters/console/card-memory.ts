// Remembers the text last printed for each card so a later edit (a confirmation's progress line,
// the tracker's "done in 34 s", "Cancelled by …") prints only what changed instead of the whole
// card again. A title whose tone marker alone changed (‼ → ℹ) still counts as the same start.
import { TONE_MARKERS } from '../../src/render/text.js';

const MARKERS = new Set<string>(Object.values(TONE_MARKERS));

/** The title line without its tone marker, so a tone change alone is not a new card. */
function titleKey(line: string | undefined): string | undefined {
  if (line === undefined) return undefined;
  const space = line.indexOf(' ');
  return space > 0 && MARKERS.has(line.slice(0, space)) ? line.slice(space + 1) : line;
}

/** Per-card memory of printed text, bounded to the most recent cards. */
export interface CardMemory {
  remember(refId: string, text: string): void;
  /** What to print for an edit: the new tail when the card's start is unchanged, else all of it ("" when nothing new). */
  changed(refId: string, text: string): string;
}

/** Builds the memory; only the last `limit` cards are kept. */
export function createCardMemory(limit = 100): CardMemory {
  const cards = new Map<string, string[]>();
  const remember = (refId: string, text: string) => {
    cards.delete(refId);
    cards.set(refId, text.replace(/\n+$/, '').split('\n'));
    while (cards.size > limit) cards.delete(cards.keys().next().value as string);
  };
  return {
    remember,
    changed(refId, text) {
      const before = cards.get(refId);
      remember(refId, text);
      if (!before) return text;
      const after = text.replace(/\n+$/, '').split('\n');
      if (titleKey(before[0]) !== titleKey(after[0])) return text;
      let same = 1;
      while (same < before.length && same < after.length && before[same] === after[same]) same += 1;
      const tail = after.slice(same);
      while (tail.length > 0 && tail[0]?.trim() === '') tail.shift();
      return tail.length === 0 ? '' : `${tail.join('\n')}\n`;
    },
  };
}
