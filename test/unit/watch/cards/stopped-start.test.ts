// A watch alert for a Stopped server offers Start (instance start, E5) in its menu; one for a server
// in Error does not. The rules mark the status alert stopped; the card reads the mark.
import { describe, expect, it } from 'vitest';
import { alertCard } from '../../../../src/watch/cards/alert-card.js';
import { evaluate, type Observation } from '../../../../src/watch/rules/alert-rules.js';
import { freshState, type WatchRecord } from '../../../../src/watch/types.js';

const UUID = '7995e990-c3bf-4e27-8ce2-89fd5783f9ea';
const WATCH: WatchRecord = {
  id: 'w1',
  platform: 'slack',
  channelId: 'C1',
  instance: { uuid: UUID, label: 'web-1' },
  setBy: { platform: 'slack', userId: 'U1', displayName: 'alice' },
  setAt: 0,
};

/** The status alert's card after one observation, in `locale`. */
function cardAfter(observation: Observation, locale: 'en' | 'id' = 'en') {
  const { state } = evaluate({
    state: freshState(WATCH.id),
    watch: WATCH,
    observation,
    now: 60_000,
    recentlyConfirmed: false,
  });
  const alert = state.open.status;
  if (!alert) throw new Error('no status alert');
  return alertCard(WATCH, alert, 120_000, locale);
}

describe('a stopped server’s alert', () => {
  it('offers Start in the card’s menu, running instance start with the uuid', () => {
    const card = cardAfter({ ok: true, status: 'Stopped', cpu: [] });
    expect(card.actions).toContainEqual({ label: 'Start', command: `instance start ${UUID}`, more: true });
    expect(cardAfter({ ok: true, status: 'Stopped', cpu: [] }, 'id').actions).toContainEqual(
      expect.objectContaining({ label: 'Nyalakan', command: `instance start ${UUID}` }),
    );
  });

  it('does not offer Start for a server in Error', () => {
    const card = cardAfter({ ok: true, status: 'Error', cpu: [] });
    expect(card.actions?.some((b) => 'command' in b && b.command?.startsWith('instance start'))).toBe(false);
  });
});
