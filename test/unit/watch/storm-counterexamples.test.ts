// The property test's shrunk counterexamples (issue 38), each replayed as it was found: the steps,
// then every server Running and a few polls, and nothing may still ask for attention.
import { describe, it } from 'vitest';
import { expectAllEnded, runSteps, type Step } from '../../support/storm-steps.js';

const found: { title: string; steps: Step[] }[] = [
  {
    title: 'a storm with one member unwatched (today’s main, seed 38): the storm recovers',
    steps: [{ op: 'storm' }, { op: 'poll', minutes: 0 }, { op: 'unwatch', n: 1 }],
  },
  {
    title: 'a single alert whose server is unwatched: its card closed, its page resolved',
    steps: [
      { op: 'fail', n: 2 },
      { op: 'poll', minutes: 0 },
      { op: 'unwatch', n: 2 },
    ],
  },
  {
    title:
      'a single alert silenced while open, still failing when its silence ends: its own page resolved at recovery',
    steps: [
      { op: 'fail', n: 1 },
      { op: 'poll', minutes: 0 },
      { op: 'silence', target: { type: 'location' } },
      { op: 'poll', minutes: 0 },
      { op: 'poll', minutes: 31 },
    ],
  },
  {
    title:
      'a member silenced out of a storm, failing on its own after: the storm’s end leaves its new page alone',
    steps: [
      { op: 'fail', n: 3 },
      { op: 'gone', n: 1 },
      { op: 'poll', minutes: 0 },
      { op: 'silence', target: { type: 'instance', n: 3 } },
      { op: 'poll', minutes: 0 },
      { op: 'poll', minutes: 31 },
    ],
  },
  {
    title: 'a storm member deleted, reminded of while gone: nothing of its own until it is back',
    steps: [
      { op: 'gone', n: 1 },
      { op: 'fail', n: 4 },
      { op: 'poll', minutes: 0 },
      { op: 'gone', n: 4 },
      { op: 'poll', minutes: 31 },
    ],
  },
  {
    title: 'a storm whose member is unwatched while the poll that opened it runs: the storm recovers',
    steps: [{ op: 'storm' }, { op: 'poll-while', during: 'unwatch', n: 1 }],
  },
  {
    title: 'a single alert unwatched while the poll that opened it runs: its card closed, its page resolved',
    steps: [
      { op: 'fail', n: 3 },
      { op: 'poll-while', during: 'unwatch', n: 3 },
    ],
  },
  // Redis restarting in the middle of the poll that opens the incident (the store refuses from the
  // `after`-th call of the step on): the alert state was written only at the poll's end.
  {
    title: 'Redis down after a lone failure was placed in its group: the group still ends',
    steps: [
      { op: 'fail', n: 1 },
      { op: 'redis-restart', after: 26, polls: 1, during: 'nothing', n: 1 },
    ],
  },
  {
    title: 'Redis down after a lone failure was paged: its page resolved at recovery',
    steps: [
      { op: 'fail', n: 1 },
      { op: 'redis-restart', after: 29, polls: 1, during: 'nothing', n: 1 },
    ],
  },
  {
    title: 'Redis down after a lone failure’s card was posted and recorded: the card recovers',
    steps: [
      { op: 'fail', n: 1 },
      { op: 'redis-restart', after: 31, polls: 1, during: 'nothing', n: 1 },
    ],
  },
  {
    // Found at the storm step's 60th store call; the story's page lines (a watch read and an append
    // per page) added calls before it, so it is replayed at the 65th. Not fixed yet: a cut at calls
    // 46–64 of this step (41–57 before the story) still leaves fleet-01 asking for attention.
    title: 'Redis down while a storm’s members join its card: the storm ends',
    steps: [{ op: 'storm' }, { op: 'redis-restart', after: 65, polls: 2, during: 'ack', n: 1 }],
  },
];

describe('every incident ends: the property test’s counterexamples', () => {
  it.each(found)('$title', async ({ steps }) => {
    await expectAllEnded(await runSteps(steps));
  });
});
