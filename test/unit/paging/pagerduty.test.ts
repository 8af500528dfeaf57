// The PagerDuty Events v2 client against a fake Events API on loopback: one event per action with
// the incident's dedup key, retries on 429 (after Retry-After), 5xx and network errors within a
// deadline, no retry on a rejected event, and never the routing key in what it reports.
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createPagerDuty,
  pagerDutyEvent,
  severityFor,
  SUMMARY_MAX,
  type PagerDutyOptions,
} from '../../../src/paging/pagerduty.js';
import { freePort } from '../../support/free-port.js';
import { startFakePagerDuty, type FakePagerDuty } from '../../support/fake-pagerduty.js';

const KEY = 'R0UT1NGKEY0000000000000000000042';
const OTHER_KEY = 'UNKNOWNKEY000000000000000000007X';
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const T0 = Date.parse('2026-11-25T03:00:00Z');

let fake: FakePagerDuty | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

/** A client whose waits advance a fake clock instead of time, recording each wait. */
function client(url: string, options: Partial<PagerDutyOptions> = {}) {
  const waits: number[] = [];
  let clock = T0;
  const pd = createPagerDuty({
    routingKey: KEY,
    url,
    now: () => clock,
    sleep: async (ms) => {
      waits.push(ms);
      clock += ms;
    },
    ...options,
  });
  return { pd, waits };
}

const trigger = {
  dedupKey: 'inc-7995e990-status',
  summary: 'web-1 needs attention — status Error',
  source: 'web-1',
  kind: 'status' as const,
  customDetails: { location: 'Jakarta 1', status: 'Error' },
  at: T0,
};

describe('PagerDuty Events v2 client', () => {
  it('triggers, acknowledges and resolves one alert under the same dedup key', async () => {
    fake = await startFakePagerDuty({ routingKeys: [KEY] });
    const { pd } = client(fake.url);
    expect(await pd.trigger(trigger)).toEqual({ ok: true });
    expect(fake.alerts().get(trigger.dedupKey)).toBe('triggered');
    expect(await pd.acknowledge(trigger.dedupKey)).toEqual({ ok: true });
    expect(fake.alerts().get(trigger.dedupKey)).toBe('acknowledged');
    expect(await pd.resolve(trigger.dedupKey)).toEqual({ ok: true });
    expect(fake.alerts().get(trigger.dedupKey)).toBe('resolved');
    expect(fake.events.map((e) => [e.event_action, e.dedup_key, e.routing_key])).toEqual([
      ['trigger', trigger.dedupKey, KEY],
      ['acknowledge', trigger.dedupKey, KEY],
      ['resolve', trigger.dedupKey, KEY],
    ]);
    expect(fake.events[0]?.payload).toEqual({
      summary: trigger.summary,
      source: 'web-1',
      severity: 'critical',
      timestamp: '2026-11-25T03:00:00.000Z',
      custom_details: { location: 'Jakarta 1', status: 'Error' },
    });
  });

  it('maps kinds to severities: critical for status and gone, warning for cpu and memory', async () => {
    fake = await startFakePagerDuty({ routingKeys: [KEY] });
    const { pd } = client(fake.url);
    for (const kind of ['status', 'gone', 'cpu', 'memory'] as const)
      expect(await pd.trigger({ ...trigger, dedupKey: `k-${kind}`, kind })).toEqual({ ok: true });
    expect(fake.events.map((e) => e.payload?.severity)).toEqual([
      'critical',
      'critical',
      'warning',
      'warning',
    ]);
    expect(severityFor('unreachable')).toBe('error');
  });

  it('cuts a long summary to 1024 characters so PagerDuty accepts it', async () => {
    fake = await startFakePagerDuty({ routingKeys: [KEY] });
    const { pd } = client(fake.url);
    const summary = `30 servers need attention: ${Array.from({ length: 200 }, (_, i) => `web-${i}`).join(', ')}`;
    expect(await pd.trigger({ ...trigger, summary })).toEqual({ ok: true });
    const sent = fake.events[0]?.payload?.summary ?? '';
    expect(sent.length).toBeLessThanOrEqual(SUMMARY_MAX);
    expect(sent.endsWith('…')).toBe(true);
  });

  it('never sends a summary over the limit nor cuts a character in half', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 1500 }), (summary) => {
        const body = pagerDutyEvent(KEY, 'trigger', 'k', { ...trigger, summary: summary || 'x' }, T0);
        const sent = body.payload?.summary ?? '';
        expect(sent.length).toBeLessThanOrEqual(SUMMARY_MAX);
        expect(sent).not.toMatch(LONE_SURROGATE);
      }),
    );
  });

  it('waits as long as Retry-After says on 429, then delivers the event once', async () => {
    fake = await startFakePagerDuty({ routingKeys: [KEY] });
    fake.failNext(2, { status: 429, retryAfterSeconds: 3 });
    const { pd, waits } = client(fake.url);
    expect(await pd.trigger(trigger)).toEqual({ ok: true });
    expect(waits).toEqual([3000, 3000]);
    expect(fake.requests()).toBe(3);
    expect(fake.events).toHaveLength(1);
  });

  it('backs off exponentially on 5xx and delivers once the server recovers', async () => {
    fake = await startFakePagerDuty({ routingKeys: [KEY] });
    fake.failNext(3, { status: 500 });
    const { pd, waits } = client(fake.url, { baseDelayMs: 500 });
    expect(await pd.resolve('inc-1')).toEqual({ ok: true });
    expect(waits).toEqual([500, 1000, 2000]);
    expect(fake.events.map((e) => e.event_action)).toEqual(['resolve']);
  });

  it('gives up after the retries with a retryable server-error outcome', async () => {
    fake = await startFakePagerDuty({ routingKeys: [KEY] });
    fake.failNext(10, { status: 500 });
    const { pd } = client(fake.url, { retries: 2 });
    expect(await pd.trigger(trigger)).toMatchObject({
      ok: false,
      reason: 'server-error',
      retryable: true,
      status: 500,
    });
    expect(fake.requests()).toBe(3);
  });

  it('does not retry an event PagerDuty rejects, and reports why without the routing key', async () => {
    fake = await startFakePagerDuty({ routingKeys: [OTHER_KEY] });
    const { pd, waits } = client(fake.url);
    const outcome = await pd.trigger(trigger);
    expect(outcome).toMatchObject({ ok: false, reason: 'rejected', retryable: false, status: 400 });
    expect(outcome.ok ? '' : outcome.detail).toContain('Invalid routing key');
    expect(JSON.stringify(outcome)).not.toContain(KEY);
    expect(fake.requests()).toBe(1);
    expect(waits).toEqual([]);
  });

  it('gives up at once when Retry-After reaches past the deadline', async () => {
    fake = await startFakePagerDuty({ routingKeys: [KEY] });
    fake.failNext(1, { status: 429, retryAfterSeconds: 120 });
    const { pd, waits } = client(fake.url, { deadlineMs: 60_000 });
    expect(await pd.trigger(trigger)).toMatchObject({
      ok: false,
      reason: 'rate-limited',
      retryable: true,
      status: 429,
    });
    expect(waits).toEqual([]);
    expect(fake.requests()).toBe(1);
  });

  it('retries network errors and says the failure is retryable', async () => {
    const url = `http://127.0.0.1:${await freePort()}/v2/enqueue`;
    const { pd, waits } = client(url, { retries: 2, baseDelayMs: 100 });
    const outcome = await pd.acknowledge('inc-1');
    expect(outcome).toMatchObject({ ok: false, reason: 'network', retryable: true });
    expect(waits).toEqual([100, 200]);
    expect(JSON.stringify(outcome)).not.toContain(KEY);
  });

  it('ends an attempt PagerDuty never answers as a retryable timeout', async () => {
    fake = await startFakePagerDuty({ routingKeys: [KEY] });
    fake.failNext(1, { hang: true });
    const { pd } = client(fake.url, { timeoutMs: 200, retries: 0 });
    expect(await pd.trigger(trigger)).toMatchObject({ ok: false, reason: 'timeout', retryable: true });
  });

  it('refuses an empty or over-long dedup key without sending anything', async () => {
    fake = await startFakePagerDuty({ routingKeys: [KEY] });
    const { pd } = client(fake.url);
    expect(await pd.resolve('')).toMatchObject({ ok: false, reason: 'invalid', retryable: false });
    expect(await pd.trigger({ ...trigger, dedupKey: 'k'.repeat(256) })).toMatchObject({
      ok: false,
      reason: 'invalid',
    });
    expect(fake.requests()).toBe(0);
  });
});

describe('fake PagerDuty', () => {
  it('rejects a trigger without payload fields and a short routing key, like PagerDuty', async () => {
    fake = await startFakePagerDuty({ routingKeys: [KEY] });
    const post = (body: unknown) =>
      fetch(fake!.url, {
        method: 'POST',
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
      });
    const missing = await post({ routing_key: KEY, event_action: 'trigger', payload: { summary: 'x' } });
    expect(missing.status).toBe(400);
    const body = (await missing.json()) as { status: string; errors: string[] };
    expect(body.status).toBe('invalid event');
    expect(body.errors).toEqual([
      "'payload.source' is missing or blank",
      "'payload.severity' is invalid (must be one of: critical, error, warning, info)",
    ]);
    const short = await post({ routing_key: 'abc', event_action: 'resolve', dedup_key: 'k' });
    expect(((await short.json()) as { errors: string[] }).errors).toEqual([
      "Length of 'routing_key' is incorrect (should be 32 characters)",
    ]);
    const ok = await post({ routing_key: KEY, event_action: 'resolve', dedup_key: 'k' });
    expect(ok.status).toBe(202);
    expect(await ok.json()).toEqual({ status: 'success', message: 'Event processed', dedup_key: 'k' });
  });
});
