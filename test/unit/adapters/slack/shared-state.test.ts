// State a click needs lives in the EphemeralState, not in one adapter's memory: two Slack adapters
// sharing one state behave as one bot (a card posted through one is confirmed through the other),
// and response_url uses are counted across them, 5 at most, as Slack allows.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSlackAdapter, type SlackAdapter } from '../../../../adapters/slack/index.js';
import { lastUseNote } from '../../../../adapters/slack/response-urls.js';
import { createMemoryEphemeralState } from '../../../../src/adapter-kit/memory-ephemeral-state.js';
import type { MessageRef } from '../../../../src/core/ports.js';
import { FakeSlack } from '../../../support/fake-slack.js';
import {
  buttonClickPayload,
  interactionForm,
  postSigned,
  slashCommandForm,
  viewSubmissionPayload,
} from '../../../support/fake-slack-requests.js';
import { CHANNEL, ScriptedDispatcher, SECRET, text } from '../../../support/slack-adapter-rig.js';
import { onTestServer } from '../../../support/test-http.js';
import { waitFor } from '../../../support/wait-for.js';
import { confirmationButtons } from '../../../../src/render/buttons.js';

let slack: FakeSlack;
const adapters: SlackAdapter[] = [];

beforeEach(async () => {
  slack = await new FakeSlack().start();
});

afterEach(async () => {
  for (const adapter of adapters.splice(0)) await adapter.stop();
  await slack.close();
});

async function replica(state: ReturnType<typeof createMemoryEphemeralState>, dispatcher: ScriptedDispatcher) {
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

const longName = `${'db-'.repeat(80)}primary-🦄`;

describe('Slack adapters sharing one EphemeralState', () => {
  it('opens the typed-name modal of a card rendered by the other replica, and its submit reaches the core', async () => {
    const state = createMemoryEphemeralState();
    const first = new ScriptedDispatcher();
    const second = new ScriptedDispatcher();
    const eventsA = await replica(state, first);
    const eventsB = await replica(state, second);
    // Both replicas ask the one core, whose pending record holds the card's typed texts.
    for (const core of [first, second])
      core.dialogs.set('tokSHARED', {
        confirmLabel: 'Delete',
        cancelLabel: 'Keep',
        prompt: {
          title: 'Confirm instance delete',
          label: `Type ${longName} to confirm`,
          placeholder: longName,
        },
      });
    first.onDispatch = async (_inv, responder) =>
      void (await responder.reply({
        title: 'Delete the instance?',
        blocks: [{ type: 'text', text: `Deletes ${longName}.` }],
        actions: confirmationButtons({
          token: 'tokSHARED',
          confirmLabel: 'Delete',
          cancelLabel: 'Keep',
          style: 'danger',
          typed: {
            title: 'Confirm instance delete',
            label: `Type ${longName} to confirm`,
            placeholder: longName,
          },
          expiresAt: Date.now() + 120_000,
        }),
      }));
    await postSigned(
      eventsA,
      slashCommandForm({
        text: 'instance delete x',
        userId: 'U0ALICE',
        channelId: CHANNEL,
        responseUrl: slack.newResponseUrl(),
      }),
      { secret: SECRET },
    );
    const [card] = await waitFor(
      () => slack.channelMessages(CHANNEL).length > 0 && slack.channelMessages(CHANNEL),
    );

    const click = buttonClickPayload({
      actionId: 'vps_confirm_typed',
      value: 'tokSHARED',
      userId: 'U0ALICE',
      channelId: CHANNEL,
      messageTs: card?.ts ?? '',
      responseUrl: slack.newResponseUrl(),
    });
    await postSigned(eventsB, interactionForm(click), { secret: SECRET });
    const open = await waitFor(() => slack.callsTo('views.open')[0]);
    const view = open.args['view'] as {
      callback_id: string;
      private_metadata: string;
      title: { text: string };
      blocks: unknown[];
    };
    // The card's own texts (not the generic ones) — only replica A rendered it; the whole name is shown.
    expect(view.title.text).toBe('Confirm instance delete');
    expect(JSON.stringify(view.blocks)).toContain(longName);

    const submit = viewSubmissionPayload({
      userId: 'U0ALICE',
      callbackId: view.callback_id,
      privateMetadata: view.private_metadata,
      blockId: 'vps_typed',
      actionId: 'value',
      typed: longName,
    });
    await postSigned(eventsA, interactionForm(submit), { secret: SECRET });
    const event = await waitFor(() => first.events[0]);
    expect(event).toMatchObject({ action: 'confirm', token: 'tokSHARED', input: longName });
  });

  it('never uses a response_url more than 5 times: the 5th edit says why, later edits go through the bot token', async () => {
    const state = createMemoryEphemeralState();
    const dispatcher = new ScriptedDispatcher();
    const events = await replica(state, dispatcher);
    const url = slack.newResponseUrl();
    let done = false;
    dispatcher.onDispatch = async (_inv, responder) => {
      const ref: MessageRef = await responder.reply(text('starting'), { visibility: 'ephemeral' });
      for (let i = 1; i <= 6; i += 1) await responder.update(ref, text(`step ${i}`));
      done = true;
    };
    await postSigned(
      events,
      slashCommandForm({
        text: 'instance metrics x',
        userId: 'U0ALICE',
        channelId: CHANNEL,
        responseUrl: url,
      }),
      { secret: SECRET },
    );
    await waitFor(() => done);
    const posts = slack.responsesTo(url);
    expect(posts).toHaveLength(5);
    expect(JSON.stringify(posts[4]?.body)).toContain('Invite me to this channel');
    expect(JSON.stringify(posts[4]?.body)).toContain(lastUseNote('en').slice(0, 30));
    const ephemeral = slack.callsTo('chat.postEphemeral').map((c) => String(c.args['text']));
    expect(ephemeral).toEqual(['step 5', 'step 6']);
  });

  it('follows a card in a channel the bot is not in with at most 5 response_url posts, the last one asking to invite it', async () => {
    const dispatcher = new ScriptedDispatcher();
    const events = await replica(createMemoryEphemeralState(), dispatcher);
    slack.failNext('chat.postMessage', { kind: 'error', error: 'not_in_channel' });
    const url = slack.newResponseUrl();
    let done = false;
    dispatcher.onDispatch = async (_inv, responder) => {
      const ref = await responder.reply(text('restoring… 0 s'));
      for (let i = 1; i <= 8; i += 1) await responder.update(ref, text(`restoring… ${i * 10} s`));
      done = true;
    };
    await postSigned(
      events,
      slashCommandForm({ text: 'backup restore x', userId: 'U0ALICE', channelId: CHANNEL, responseUrl: url }),
      { secret: SECRET },
    );
    await waitFor(() => done);
    const posts = slack.responsesTo(url);
    expect(posts).toHaveLength(5);
    expect(posts[0]?.body).toMatchObject({ response_type: 'in_channel' });
    expect(JSON.stringify(posts[4]?.body)).toContain('Invite me to this channel');
  });
});
