// Every id a command needs can be found from chat: `instance show` names the ids other commands take.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_IDS } from '../../src/simulator/seed-ids.js';
import { startHarness, type Harness } from '../support/command-harness.js';

const { web1, worker1 } = SEED_IDS.instances;

describe('ids in chat', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  it('instance show lists the uuid, location id and public IP id', async () => {
    const out = await h.run(`instance show ${web1}`);
    expect(out.text).toContain(
      `uuid ${web1} · Location id ${SEED_IDS.locations.jakarta} · Public IP id ${SEED_IDS.publicIps.web1}`,
    );
  });

  it('instance show of an instance without a public IP still names its location id', async () => {
    const out = await h.run(`instance show ${worker1}`);
    expect(out.text).toContain(`uuid ${worker1} · Location id ${SEED_IDS.locations.singapore}`);
    expect(out.text).not.toContain('Public IP id');
  });
});
