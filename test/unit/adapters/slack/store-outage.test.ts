// A Slack reply never waits on the state store: with the shared state frozen (every call hangs) or
// down (every call fails), a command is still answered through its response_url, and its card can
// still be edited — the use counter and the handles are help, not a condition.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSlackAdapter, type SlackAdapter } from '../../../../adapters/slack/index.js';
import type { EphemeralState } from '../../../../src/core/ephemeral-state.js';
import { StoreUnavailableError } from '../../../../src/core/store-errors.js';
import { FakeSlack } from '../../../support/fake-slack.js';
import { postSigned, slashCommandForm } from '../../../support/fake-slack-requests.js';
import { CHANNEL, ScriptedDispatcher, SECRET, text } from '../../../support/slack-adapter-rig.js';
import { onTestServer } from '../../../support/test-http.js';
import { waitFor } from '../../../support/wait-for.js';

let slack: FakeSlack;
const adapters: SlackAdapter[] = [];

beforeEach(async () => {
  slack = await new FakeSlack().start();
});

afterEach(async () => {
  for (const adapter of adapters.splice(0)) await adapter.stop();
  await slack.close();
});

/** Every call hangs, like Redis under SIGSTOP. */
const frozenState: EphemeralState = {
  get: () => new Promise(() => undefined),
  set: () => new Promise(() => undefined),
  delete: () => new Promise(() => undefined),
  increment: () => new Promise(() => undefined),
};

/** Every call fails, like Redis down. */
const down = () => Promise.reject(new StoreUnavailableError('Redis is not connected', false));
const downState: EphemeralState = { get: down, set: down, delete: down, increment: down };

async function replica(state: EphemeralState, dispatcher: ScriptedDispatcher) {
  const adapter = onTestServer((http) =>
    createSlackAdapter({
      botToken: slack.botToken,
      signingSecret: SECRET,
      apiUrl: slack.apiUrl,
      state,
      http,
    }),
  );
  adapters.push(adapter);
  await adapter.start(dispatcher);
  return `http://127.0.0.1:${adapter.port}/slack/events`;
}

describe('Slack replies while the state store is unreachable', () => {
  for (const [name, state] of [
    ['frozen', frozenState],
    ['down', downState],
  ] as const) {
    it(`answers privately through the response_url and edits the reply (${name})`, async () => {
      const dispatcher = new ScriptedDispatcher();
      const events = await replica(state, dispatcher);
      const url = slack.newResponseUrl();
      dispatcher.onDispatch = async (_inv, responder) => {
        const ref = await responder.reply(text('The bot’s state store is unreachable'), {
          visibility: 'ephemeral',
        });
        await responder.update(ref, text('edited'));
      };
      await postSigned(
        events,
        slashCommandForm({
          text: 'instance stop web-1',
          userId: 'U0ALICE',
          channelId: CHANNEL,
          responseUrl: url,
        }),
        { secret: SECRET },
      );
      const posts = await waitFor(
        () => slack.responsesTo(url).length > 0 && slack.responsesTo(url),
        'a condition',
        10_000,
      );
      expect(JSON.stringify(posts[0]?.body)).toContain('state store is unreachable');
      // The handle could not be stored: the edit reaches the user with the bot token instead.
      const edits = await waitFor(
        () => slack.callsTo('chat.postEphemeral').length > 0 && slack.callsTo('chat.postEphemeral'),
        'a condition',
        10_000,
      );
      expect(edits[0]?.args['text']).toBe('edited');
    }, 20_000);
  }
});
