// The store goes down while a confirmed stop is in flight and comes back (issue 44 item 16): the
// outcome the bot learned is recorded as soon as the store is back (the audit gets the ok record),
// the server's busy lock is released (a fresh confirmation runs), and the call is never closed as
// "outcome unknown (interrupted)" meanwhile.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { confirmsAgain } from '../../../support/confirms-again.js';
import { describe, expect, it } from 'vitest';
import { StoreUnavailableError } from '../../../../src/core/store-errors.js';
import { renderText } from '../../../../src/render/text.js';
import { makeBot, POLICY, recordingResponder, WEB1 } from '../../../support/core-fakes.js';

const outage = () => Promise.reject(new StoreUnavailableError('Redis is not connected', false));

describe('an outcome learned while the store is down', () => {
  it('is recorded once the store is back, the busy lock released, and never rewritten as unknown', async () => {
    let t = Date.parse('2026-01-01T00:00:00Z');
    const { bot, fake, run, act, config } = await makeBot({ policy: POLICY, now: () => new Date(t) });
    // Everything the store (and the audit trail on it) does after the call fails while `down`.
    let down = false;
    const { store, audit } = bot;
    const collection = store.collection.bind(store);
    const release = store.leases.release.bind(store.leases);
    const write = audit.write.bind(audit);
    store.collection = <T>(name: string) => {
      const real = collection<T>(name);
      return { ...real, put: (id: string, value: T) => (down ? outage() : real.put(id, value)) };
    };
    store.leases.release = (name, owner) => (down ? outage() : release(name, owner));
    audit.write = (record) => (down ? outage() : write(record));
    const stop = fake.api.instances.stop.bind(fake.api.instances);
    fake.api.instances.stop = async (uuid: string) => {
      const answer = await stop(uuid);
      down = true; // the store stops while the call is in flight
      return answer;
    };
    try {
      const { token } = await run('instance stop prod-web');
      const clicked = await act(token!);
      expect(renderText(clicked.update!)).not.toMatch(/unknown/i);
      // Long after, the store still down: the interrupted-call closer leaves this call alone.
      t += 60 * 60_000;
      const closer = recordingResponder();
      expect(await bot.closeInterrupted(() => closer)).toBe(0);
      expect(closer.updates).toHaveLength(0);
      down = false;
      fake.api.instances.stop = stop;
      // Once back, the kept writes land within a replay interval.
      const audited = () =>
        readFileSync(join(config.dataDir, 'audit.jsonl'), 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as { command?: string; result?: string });
      await expect
        .poll(() => audited().filter((r) => r.command === 'instance stop' && r.result === 'ok').length, {
          timeout: 5_000,
        })
        .toBe(1);
      expect(audited().some((r) => r.result === 'unknown')).toBe(false);
      await expect.poll(() => store.leases.holder(`instance-op:${WEB1}`), { timeout: 5_000 }).toBeNull();
      await confirmsAgain({ run, act, fake });
    } finally {
      await bot.close();
    }
  });
});
