// The confirmed card stays the record of a long operation: the runner hands it to the tracker,
// which adds its progress and outcome lines under "Confirmed by …" (dispatcher + tracker + simulator).
import { afterEach, describe, expect, it } from 'vitest';
import { allCommands } from '../../../commands/index.js';
import { createHostingApi } from '../../../src/api/index.js';
import type { Core } from '../../../src/core/create-core.js';
import { createCoreWithState as createCore } from '../../support/core-with-state.js';
import type { ActionEvent, Invocation } from '../../../src/core/ports.js';
import { createMemoryStore } from '../../../src/store/memory/table-store.js';
import { renderText } from '../../../src/render/text.js';
import { SEED_IDS, startSimulator, type SimulatorHandle } from '../../../src/simulator/index.js';
import {
  createOperationTracker,
  type FinalOutcome,
  type RunningTracker,
} from '../../../src/tracking/index.js';
import { actors, recordingResponder, tempConfig } from '../../support/core-fakes.js';
import { policyYaml } from '../../support/policy.js';
import { pendingCard } from '../../../src/render/buttons.js';

const WEB1 = SEED_IDS.instances.web1;
/** No alias for web-1: the uuid below is one the bot has never seen. */
const POLICY = policyYaml({ operator: ['slack:U034OPS'], viewer: ['*'] });

let sim: SimulatorHandle | undefined;
let bot: Core | undefined;
let tracker: RunningTracker | undefined;

afterEach(async () => {
  tracker?.stop();
  await bot?.close();
  await sim?.close();
  sim = undefined;
  bot = undefined;
  tracker = undefined;
});

async function start() {
  sim = await startSimulator({ timing: { terminateMs: 400 } });
  const api = createHostingApi({ baseUrl: sim.url, apiKey: sim.apiKey, retries: 0, timeoutMs: 2000 });
  const store = createMemoryStore();
  let finished!: (outcome: FinalOutcome) => void;
  const done = new Promise<FinalOutcome>((resolve) => (finished = resolve));
  tracker = createOperationTracker({
    api,
    store,
    pollMinMs: 20,
    pollMaxMs: 40,
    timeoutMs: 10_000,
    editIntervalMs: 1,
    onDone: (_op, outcome) => finished(outcome),
  });
  const { config } = tempConfig(POLICY);
  bot = await createCore(config, { api, commands: allCommands, tracker, store });
  return { bot, done };
}

describe('a confirmed long operation', () => {
  it('adds progress and the outcome under the confirmed card instead of replacing it', async () => {
    const { bot: b, done } = await start();
    const channel = recordingResponder('C1');
    const invocation: Invocation = {
      id: 'inv-1',
      platform: 'slack',
      actor: actors.alice,
      channelId: 'C1',
      input: { kind: 'text', text: `instance delete ${WEB1}` },
    };
    await b.dispatcher.dispatch(invocation, channel);
    const card = channel.replies[0]!;
    expect(pendingCard(card.message)?.typed?.placeholder).toBe('web-1');

    const clicks = recordingResponder('C1');
    const confirm: ActionEvent = {
      id: 'act-1',
      platform: 'slack',
      actor: actors.alice,
      channelId: 'C1',
      token: pendingCard(card.message)!.token,
      action: 'confirm',
      input: 'web-1',
    };
    await b.dispatcher.act(confirm, clicks);
    const outcome = await done;
    expect(outcome.result).toBe('done');

    const edits = clicks.updates;
    expect(edits.every((e) => e.ref.id === card.ref.id)).toBe(true);
    const texts = edits.map((e) => renderText(e.message));
    const progress = texts.find((t) => t.includes('⏳'));
    expect(progress).toMatch(
      /Delete requested for web-1[\s\S]*Confirmed by @alice at \d\d:\d\d:\d\d UTC[\s\S]*⏳ web-1: terminating… \d+ s/,
    );
    const final = texts.at(-1)!;
    expect(final).toMatch(
      /Delete requested for web-1[\s\S]*Confirmed by @alice at \d\d:\d\d:\d\d UTC[\s\S]*✅ web-1 deleted — done in \d+ s/,
    );
    expect(final).not.toContain('⏳');
    expect(edits.at(-1)!.message.actions).toBeUndefined();
    expect(renderText(clicks.announcements[0]!)).toMatch(/@alice deleted web-1 \(confirmed/);
  });
});
