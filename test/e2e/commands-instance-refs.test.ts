// Instance references beyond hostnames: a uuid prefix (≥ 8 hex characters) resolves when it is
// unique, and a hostname shared by two instances lists both with their uuids instead of "unknown".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_IDS } from '../../src/simulator/seed-ids.js';
import { startHarness, type Harness } from '../support/command-harness.js';
import { createCliWorld } from '../support/console-cli.js';

const { web1, web2 } = SEED_IDS.instances;

describe('instance references', { timeout: 60_000 }, () => {
  let h: Harness;
  const world = createCliWorld(`roles:\n  admin: ["console:alice"]\n  viewer: ["*"]\n`);
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h.close();
    world.remove();
  });

  it('resolves a unique uuid prefix of 8 or more characters', async () => {
    const out = await h.run(`instance show ${web1.slice(0, 8)}`);
    expect(out.message.outcome).toBe('ok');
    expect(out.message.title).toBe('web-1');
    expect((await h.run(`instance show ${web1.slice(0, 13)}`)).message.title).toBe('web-1');
  });

  it('says "no instance with id starting …" for an unknown prefix', async () => {
    const out = await h.run('instance show 0badc0de');
    expect(out.message.title).toBe('Unknown instance');
    expect(out.text).toContain('No instance with id starting `0badc0de`');
  });

  it('lists instances sharing a hostname with their uuids to choose from', async () => {
    // web-1 is an alias in the harness policy, so the shared name is web-2.
    const twin = h.sim.state.live.instances.get(web1);
    if (!twin) throw new Error('web-1 missing from the simulator');
    twin.hostname = 'web-2';
    await h.run(`instance show ${web1}`); // the bot learns the new hostname
    await h.run(`instance show ${web2}`);
    const out = await h.run('instance show web-2');
    expect(out.message.title).toBe('Several instances match');
    expect(out.text).toContain(`web-2 — uuid ${web1}`);
    expect(out.text).toContain(`web-2 — uuid ${web2}`);
    const picked = await h.run(`instance show ${web2.slice(0, 8)}`);
    expect(picked.message.outcome).toBe('ok');
    expect(picked.text).toContain(web2);
  });

  it('resolves a uuid prefix in exec', async () => {
    const run = await world.run(['exec', `instance show ${web1.slice(0, 8)}`]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(web1);
  });
});
