// At the click, the live state the preview showed is read again: a preview whose premise no
// longer holds is refused with what a fresh preview says, and nothing is sent to the API.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SEED_IDS } from '../../src/simulator/seed-ids.js';
import { startHarness, type Harness } from '../support/command-harness.js';

const { web1 } = SEED_IDS.instances;

describe('confirming a preview whose premise no longer holds', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(async () => {
    await h.close();
  });

  it('refuses a stop previewed while Running and confirmed after the server stopped', async () => {
    const preview = await h.run('instance stop web-1');
    expect(preview.text).toContain('Running → Stopped');
    h.sim.state.setStatus(web1, 'Stopped');
    const refused = await h.confirm(preview.token!);
    expect(refused.text).toContain(
      'This preview no longer holds: web-1 is already Stopped. Nothing was done.',
    );
    expect(h.sim.countRequests('instance.stop')).toBe(0);
  });

  it('still runs a stop whose server is Running at the click', async () => {
    const preview = await h.run('instance stop web-1');
    await h.confirm(preview.token!);
    expect(h.sim.countRequests('instance.stop')).toBe(1);
  });
});
