import { describe, expect, it } from 'vitest';
import { acknowledge, evaluate, snooze, type Observation } from '../../../../src/watch/rules/alert-rules.js';
import type { Locale } from '../../../../src/core/index.js';
import { freshState, type AlertState, type WatchRecord } from '../../../../src/watch/types.js';

const WATCH: WatchRecord = {
  id: 'w1',
  platform: 'slack',
  channelId: 'C1',
  instance: { uuid: '7995e990-c3bf-4e27-8ce2-89fd5783f9ea', label: 'web-1' },
  cpuPercent: 80,
  setBy: { platform: 'slack', userId: 'U1', displayName: 'alice' },
  setAt: 0,
};

/** Feeds observations one minute apart and collects every effect type with its kind. */
function run(
  observations: Observation[],
  options: { confirmed?: boolean; state?: AlertState; locale?: Locale } = {},
) {
  let state = options.state ?? freshState(WATCH.id);
  const effects: string[] = [];
  observations.forEach((observation, i) => {
    const out = evaluate({
      state,
      watch: WATCH,
      observation,
      now: (i + 1) * 60_000,
      recentlyConfirmed: options.confirmed ?? false,
      ...(options.locale ? { locale: options.locale } : {}),
    });
    state = out.state;
    effects.push(...out.effects.map((e) => `${e.type}:${e.kind}`));
  });
  return { state, effects };
}

const running: Observation = { ok: true, status: 'Running', cpu: [10, 12, 11] };
const failed: Observation = { ok: false, reason: 'the hosting API could not be reached' };

describe('alert rules', () => {
  it('opens one status alert for Error, edits it while it lasts, resolves it once Running', () => {
    const error: Observation = { ok: true, status: 'Error', cpu: [0, 0, 0] };
    const { effects, state } = run([running, error, error, error, running]);
    expect(effects).toEqual(['open:status', 'update:status', 'update:status', 'resolve:status']);
    expect(state.open).toEqual({});
  });

  it('alerts on Stopped unless this bot confirmed a stop in the last 15 minutes', () => {
    const stopped: Observation = { ok: true, status: 'Stopped', cpu: [0, 0, 0] };
    expect(run([stopped]).effects).toEqual(['open:status']);
    expect(run([stopped, stopped], { confirmed: true }).effects).toEqual([]);
  });

  it('needs the three most recent CPU samples above the threshold', () => {
    const two: Observation = { ok: true, status: 'Running', cpu: [10, 95, 96] };
    const three: Observation = { ok: true, status: 'Running', cpu: [91, 95, 96] };
    const calm: Observation = { ok: true, status: 'Running', cpu: [95, 96, 40] };
    expect(run([two, two]).effects).toEqual([]);
    expect(run([three, three, calm]).effects).toEqual(['open:cpu', 'update:cpu', 'resolve:cpu']);
  });

  it('writes the details in the channel’s language, the API’s status word as the API writes it', () => {
    const hot: Observation = { ok: true, status: 'Error', cpu: [91, 95, 96] };
    expect(run([hot]).state.open.cpu?.detail).toBe('CPU 96 % (threshold 80 %)');
    expect(run([hot]).state.open.status?.detail).toBe('Status Error');
    const gone = run([hot, { ok: true, gone: true }], { locale: 'id' }).state;
    expect(run([hot], { locale: 'id' }).state.open.cpu?.detail).toBe('CPU 96 % (ambang 80 %)');
    expect(run([hot], { locale: 'id' }).state.open.status?.detail).toBe('Status Error');
    expect(gone.open.gone?.detail).toBe('Hilang (API tidak lagi mengenalnya)');
  });

  it('says the API is unreachable from the second failed poll, once, and once when it is back', () => {
    const { effects } = run([failed, failed, failed, failed, failed, running, failed]);
    expect(effects).toEqual([
      'open:unreachable',
      'update:unreachable',
      'update:unreachable',
      'update:unreachable',
      'resolve:unreachable',
    ]);
  });

  it('reminds about an open alert until someone acknowledges it; snooze holds reminders back', () => {
    const error: Observation = { ok: true, status: 'Error' };
    const opened = run([error]).state;
    const later = (state: AlertState, minutes: number) =>
      evaluate({ state, watch: WATCH, observation: error, now: minutes * 60_000, recentlyConfirmed: false });
    expect(later(opened, 40).effects.map((e) => e.type)).toEqual(['update', 'remind']);

    const acked = structuredClone(opened);
    expect(acknowledge(acked, 'status', 'slack:U2', 2 * 60_000)).toBe(true);
    expect(later(acked, 40).effects.map((e) => e.type)).toEqual(['update']);
    expect(later(acked, 40).state.open.status?.acknowledgedBy).toBe('slack:U2');

    const snoozed = structuredClone(opened);
    expect(snooze(snoozed, 'status', 'slack:U2', 2 * 60_000, 60 * 60_000)).toBe(true);
    expect(later(snoozed, 40).effects.map((e) => e.type)).toEqual(['update']);
    expect(later(snoozed, 63).effects.map((e) => e.type)).toEqual(['update', 'remind']);
  });

  it('cannot acknowledge an alert that is not open', () => {
    expect(acknowledge(freshState('w1'), 'cpu', 'slack:U2', 0)).toBe(false);
  });
});

describe('the balance watch', () => {
  const low = (detail: string): Observation => ({ ok: true, balance: { low: true, detail } });
  const fine: Observation = { ok: true, balance: { low: false, detail: 'Balance IDR 9,000,000' } };

  it('opens one balance alert while the balance is low, then resolves it', () => {
    const { effects, state } = run([fine, low('Balance IDR 1,000'), low('Balance IDR 900'), fine]);
    expect(effects).toEqual(['open:balance', 'update:balance', 'resolve:balance']);
    expect(state.open.balance).toBeUndefined();
  });

  it('keeps the latest balance in the open alert', () => {
    const { state } = run([low('Balance IDR 1,000'), low('Balance IDR 900')]);
    expect(state.open.balance?.detail).toBe('Balance IDR 900');
  });
});
