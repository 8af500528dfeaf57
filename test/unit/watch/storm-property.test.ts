// Every incident ends (issue 38, item 2), as a property: random sequences of fail, recover, gone,
// silence (server / location / all), unsilence, unwatch, watch, acknowledge, snooze, a whole
// storm, a replica restart (the other replica adopts its watches), a click or an unwatch landing
// while a poll runs, and a Redis restart with AOF, over four servers of one channel polled by two
// replicas sharing one store. The Redis restart: the shared store refuses every call of both
// replicas (StoreUnavailableError "Redis is not connected", as the Redis store throws with the
// connection gone) through one to three polls a minute apart, with a click, an unwatch, a silence
// or an unsilence meeting the refusal during the first, then it is back with nothing lost (AOF).
// Drawn, the outage starts with the step; outages that cut a poll in half are replayed in
// storm-counterexamples.test.ts. Once every server is Running and a few polls have passed, nothing asks for attention: no
// card whose last version does, no PagerDuty alert left open, no open group, no open alert (so no
// reminder due), and no reminder posted an hour later.
// A fixed seed (VPSOPS_PROPERTY_SEED, default 38) and VPSOPS_PROPERTY_RUNS runs (default 200: a
// few seconds, under 30 s in CI). A longer hunt:
//   VPSOPS_PROPERTY_RUNS=5000 VPSOPS_PROPERTY_SEED=7 npx vitest run test/unit/watch/storm-property.test.ts
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { expectAllEnded, runSteps, step } from '../../support/storm-steps.js';

const RUNS = Number(process.env.VPSOPS_PROPERTY_RUNS ?? 200);
const SEED = Number(process.env.VPSOPS_PROPERTY_SEED ?? 38);

describe('every incident ends (property)', () => {
  it(
    'leaves nothing asking for attention once every server is Running',
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(step, { maxLength: 24 }), async (steps) => {
          await expectAllEnded(await runSteps(steps));
        }),
        { seed: SEED, numRuns: RUNS },
      );
    },
    RUNS * 2_000,
  );
});
