// `vpsops exec --wait`: exec normally runs without a tracker; with --wait it follows the confirmed
// operation to its end with the real tracker and reports how it ended, for the exit code.
import type { ExecFollow, FollowResult } from '../../adapters/console/exec-common.js';
import { trackerSettings, type TrackerFactory } from './trackers.js';
import { createOperationTracker } from '../tracking/index.js';

/** A tracker factory for createApp plus the ExecFollow runExec waits on. */
export function execFollower(): { factory: TrackerFactory; follow: ExecFollow } {
  let followed = false;
  let finish: (result: FollowResult) => void = () => undefined;
  // The tracker's timers are unref'd (a server must not stay up for them): exec holds the event
  // loop open itself while it follows, or Node would exit mid-operation with an unsettled await.
  let keepAlive: NodeJS.Timeout | undefined;
  const ended = new Promise<FollowResult>((resolve) => (finish = resolve)).finally(() =>
    clearInterval(keepAlive),
  );
  const factory: TrackerFactory = ({ api, store, config, owner, logger }) => {
    const tracker = createOperationTracker({
      api,
      store,
      owner,
      ...trackerSettings(config),
      // One card per exec: no need to throttle its (unprinted) progress edits.
      editIntervalMs: config.tracking.pollMinMs,
      onDone: (_op, outcome) => finish(outcome.result),
      ...(logger ? { logger } : {}),
    });
    return {
      ...tracker,
      follow: (spec, target) => {
        followed = true;
        keepAlive ??= setInterval(() => undefined, 60_000);
        tracker.follow(spec, target);
      },
    };
  };
  return { factory, follow: { followed: () => followed, done: () => ended } };
}
