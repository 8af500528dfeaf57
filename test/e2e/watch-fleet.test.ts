// Issue 25 below the chat adapters: `watch --location` / `--all` give each listed server a watch of
// its own, kept in step with the instance list (new servers picked up, deleted ones dropped);
// `unwatch --location` / `--all`; a service without the list is refused with a hint; and the
// balance watch (`watch billing`) alerts once and says when the balance recovered.
import { describe, expect, it } from 'vitest';
import { SEED_IDS } from '../../src/simulator/seed-ids.js';
import { waitFor } from '../support/wait-for.js';
import { pause, VIEWER, watchRig } from '../support/watch-rig.js';

const { web1: WEB1, web2: WEB2, db1: DB1 } = SEED_IDS.instances;

/** Hostnames in the Instance column of `watches`, sorted. */
const watched = (list: string): string[] =>
  [...list.matchAll(/^\s*([a-z][\w.-]*)\s{2,}/gm)].map((m) => m[1] as string).filter((n) => n !== 'Instance');

describe.concurrent('fleet watches', { timeout: 60_000 }, () => {
  it('watches every server of a location once by hostname, picks up new ones and drops deleted ones', async () => {
    const r = await watchRig({ instanceListTtlMs: 150 });
    try {
      expect(await r.say('watch --location jakarta', VIEWER)).toMatch(/not allowed|may not|cannot/i);
      const set = await r.say('watch --location jakarta');
      expect(set).toMatch(/Watching location Jakarta \(3 servers\)/);
      expect(set).toContain('db-1, web-1, web-2');
      expect(watched(await r.say('watches'))).toEqual(['db-1', 'web-1', 'web-2']);
      await r.watching.start([r.log.poster('r1')]);
      await r.polledOk(3);

      r.sim.state.setStatus(WEB2, 'Error');
      await waitFor(() => r.log.posts(/^web-2: needs attention/).length === 1, 'the alert on web-2', 5_000);
      await pause(300);
      expect(r.log.posts(/needs attention/)).toHaveLength(1);
      r.sim.state.setStatus(WEB2, 'Running');

      // A server created in Jakarta later is picked up by the sweep; one deleted is dropped.
      const template = r.sim.state.live.instances.get(WEB1);
      if (!template) throw new Error('web-1 is seeded');
      const newUuid = '0b3c6a9e-5d1f-4c2b-9e8a-7f6d5c4b3a21';
      r.sim.state.live.instances.set(newUuid, {
        ...structuredClone(template),
        uuid: newUuid,
        hostname: 'web-3',
      });
      r.sim.state.live.instances.delete(DB1);
      await waitFor(
        async () => watched(await r.say('watches')).join(',') === 'web-1,web-2,web-3',
        'the sweep to add web-3 and drop db-1',
        10_000,
      );

      // A second `watch --location` changes the same watch: still one per server.
      expect(await r.say('watch --location Jakarta --cpu 90')).toMatch(
        /Still watching location Jakarta \(3 servers\)/,
      );
      expect(watched(await r.say('watches'))).toEqual(['web-1', 'web-2', 'web-3']);

      expect(await r.say('unwatch --location singapore')).toMatch(/Location singapore is not watched/);
      expect(await r.say('unwatch --location jakarta')).toMatch(/Removed 3 server watches/);
      expect(await r.say('watches')).toMatch(/No watches here/);
      await pause(400);
      expect(await r.say('watches')).toMatch(/No watches here/);
    } finally {
      await r.close();
    }
  });

  it('watch --all covers every server; unwatch --all removes every server watch of the channel', async () => {
    const r = await watchRig();
    try {
      expect(await r.say(`watch ${WEB1}`)).toMatch(/Watching web-1/);
      expect(await r.say('watch --all')).toMatch(/Watching every server \(5 servers\)/);
      expect(watched(await r.say('watches'))).toEqual(['cache-1', 'db-1', 'web-1', 'web-2', 'worker-1']);
      expect(await r.say('unwatch --all')).toMatch(/Removed 5 server watches/);
      expect(await r.say('unwatch --all')).toMatch(
        /No server is watched from this channel — nothing changed/,
      );
    } finally {
      await r.close();
    }
  });

  it('refuses bad combinations and unknown locations, changing nothing', async () => {
    const r = await watchRig();
    try {
      expect(await r.say('watch --all --location Jakarta')).toMatch(/`--all` or `--location`, not both/);
      expect(await r.say('watch web-1 --all')).toMatch(/a server or `--all` \/ `--location`, not both/);
      const unknown = await r.say('watch --location Bandung');
      expect(unknown).toMatch(/No server is in location "Bandung" — nothing is watched/);
      expect(unknown).toMatch(/Locations with servers: Jakarta, Singapore/);
      expect(await r.say('watch')).toMatch(/Which server\?.*watch --all/s);
      expect(await r.say('watches')).toMatch(/No watches here/);
    } finally {
      await r.close();
    }
  });

  it('says plainly when the service offers no instance list or balance summary', async () => {
    const r = await watchRig({ simulator: { notOffered: ['instance.list', 'billing.summary'] } });
    try {
      const all = await r.say('watch --all');
      expect(all).toMatch(/does not offer an instance list/);
      expect(all).toMatch(/nothing is watched/);
      expect(all).toMatch(/\/vps watch <uuid>/);
      expect(await r.say('watch --location Jakarta')).toMatch(/does not offer an instance list/);
      expect(await r.say('watch billing')).toMatch(/does not offer a balance summary.*nothing is watched/s);
      expect(await r.say('watches')).toMatch(/No watches here/);
      expect(await r.say(`watch ${WEB2}`)).toMatch(/Watching web-2/);
    } finally {
      await r.close();
    }
  });
});

describe.concurrent('the balance watch', { timeout: 60_000 }, () => {
  it('alerts once when the balance drops under the amount, then says it recovered', async () => {
    const r = await watchRig();
    try {
      r.sim.state.setBalance(900_000_000);
      expect(await r.say('watch billing --below 5000000', VIEWER)).toMatch(/not allowed|may not|cannot/i);
      const set = await r.say('watch billing --below 5000000 --runway-days 3');
      expect(set).toMatch(/Watching the prepaid balance/);
      expect(set).toMatch(/balance < IDR 5,000,000 or runway < 3 days/);
      expect(await r.say('watches')).toMatch(/Prepaid balance\s+balance < IDR 5,000,000 or runway < 3 days/);
      await r.watching.start([r.log.poster('r1')]);
      await waitFor(async () => /OK/.test(await r.say('watches')), 'a first poll', 5_000);

      r.sim.state.setBalance(1_000);
      const card = await waitFor(() => r.log.posts(/^Prepaid balance: running low/)[0], 'the alert', 5_000);
      expect(card.message.summary).toMatch(/Balance IDR -?[\d,]+ · under IDR 5,000,000/);
      expect(card.message.actions?.map((b) => b.label)).toEqual(['Acknowledge', 'Snooze 1 h']);
      await pause(300);
      expect(r.log.posts(/running low/)).toHaveLength(1);

      r.sim.state.setBalance(900_000_000);
      await waitFor(
        () => r.log.posts(/./).some((p) => /Prepaid balance recovered/.test(p.message.summary ?? '')),
        'the recovery notice',
        20_000, // after the card's paced edit (at most one per 2 s, TEST_PACING)
      );
      expect(r.log.posts(/running low/)).toHaveLength(1);
      expect(await r.say('unwatch billing')).toMatch(/No longer watching the prepaid balance/);
      expect(await r.say('unwatch billing')).toMatch(/not watched from this channel — nothing changed/);
    } finally {
      await r.close();
    }
  });
});
