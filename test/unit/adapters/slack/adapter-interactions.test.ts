// The Slack adapter's interactive side with the real Bolt against the fake Slack: button clicks,
// typed-confirmation modals and cards edited again after a restart.
import { describe, expect, it } from 'vitest';
import type { SlackAdapter } from '../../../../adapters/slack/index.js';
import { type FakeSlack } from '../../../support/fake-slack.js';
import {
  buttonClickPayload,
  interactionForm,
  overflowChoicePayload,
  postSigned,
  viewSubmissionPayload,
} from '../../../support/fake-slack-requests.js';
import {
  CHANNEL,
  SECRET,
  slackAdapterEachTest,
  text,
  type ScriptedDispatcher,
  type SlackAdapterRig,
} from '../../../support/slack-adapter-rig.js';
import { waitFor } from '../../../support/wait-for.js';
import { confirmationButtons } from '../../../../src/render/buttons.js';

let slack: FakeSlack;
let adapter: SlackAdapter;
let dispatcher: ScriptedDispatcher;
let events: string;
let slash: SlackAdapterRig['slash'];
slackAdapterEachTest((rig) => ({ slack, adapter, dispatcher, events, slash } = rig));

describe('Slack adapter interactions', () => {
  it('turns a Confirm click into an ActionEvent that carries only the token', async () => {
    const url = slack.newResponseUrl();
    const click = buttonClickPayload({
      actionId: 'vps_confirm',
      value: 'tok123',
      userId: 'U0BOB',
      channelId: CHANNEL,
      messageTs: '1.1',
      responseUrl: url,
    });
    const answer = await postSigned(events, interactionForm(click), { secret: SECRET });
    expect(answer.status).toBe(200);
    const event = await waitFor(() => dispatcher.events[0]);
    expect(event).toMatchObject({
      action: 'confirm',
      token: 'tok123',
      channelId: CHANNEL,
      actor: { userId: 'U0BOB' },
    });
    expect(event.input).toBeUndefined();
  });

  it('dispatches a button that runs a command as that command typed by the clicker', async () => {
    const click = buttonClickPayload({
      actionId: 'vps_run_0',
      value: 'alert ack w1 status',
      userId: 'U0BOB',
      channelId: CHANNEL,
      messageTs: '1.1',
      responseUrl: slack.newResponseUrl(),
    });
    expect((await postSigned(events, interactionForm(click), { secret: SECRET })).status).toBe(200);
    const invocation = await waitFor(() => dispatcher.invocations[0]);
    expect(invocation).toMatchObject({
      platform: 'slack',
      channelId: CHANNEL,
      actor: { userId: 'U0BOB' },
      input: { kind: 'text', text: 'alert ack w1 status' },
    });
    expect(dispatcher.events).toHaveLength(0);
  });

  it('dispatches a command chosen in a card’s overflow menu as typed by the chooser, and runs nothing for a link', async () => {
    const choose = (value: string, url?: string) =>
      postSigned(
        events,
        interactionForm(
          overflowChoicePayload({
            actionId: 'vps_menu',
            value,
            ...(url ? { url } : {}),
            userId: 'U0BOB',
            channelId: CHANNEL,
            messageTs: '1.1',
            responseUrl: slack.newResponseUrl(),
          }),
        ),
        { secret: SECRET },
      );
    expect((await choose('vps_link_2', 'https://wiki.example/web')).status).toBe(200);
    expect((await choose('instance metrics abc')).status).toBe(200);
    const invocation = await waitFor(() => dispatcher.invocations[0]);
    expect(invocation).toMatchObject({
      platform: 'slack',
      channelId: CHANNEL,
      actor: { userId: 'U0BOB' },
      input: { kind: 'text', text: 'instance metrics abc' },
    });
    // The link was acknowledged (200) and dispatched nothing: the one invocation is the metrics choice.
    expect(dispatcher.invocations).toHaveLength(1);
    const link = buttonClickPayload({
      actionId: 'vps_link_0',
      value: '',
      userId: 'U0BOB',
      channelId: CHANNEL,
      messageTs: '1.1',
      responseUrl: slack.newResponseUrl(),
    });
    expect((await postSigned(events, interactionForm(link), { secret: SECRET })).status).toBe(200);
    expect(dispatcher.invocations).toHaveLength(1);
    expect(dispatcher.events).toHaveLength(0);
  });

  it('opens a modal for a typed confirmation and turns its submission into a confirm with the typed text', async () => {
    // The core's pending record is where the modal's texts come from.
    dispatcher.dialogs.set('tokDEL', {
      confirmLabel: 'Delete',
      cancelLabel: 'Keep',
      prompt: { title: 'Delete web-1', label: 'Type web-1 to confirm', placeholder: 'web-1' },
    });
    dispatcher.onDispatch = async (_inv, responder) =>
      void (await responder.reply({
        title: 'Delete web-1?',
        blocks: [{ type: 'text', text: 'This cannot be undone.' }],
        actions: confirmationButtons({
          token: 'tokDEL',
          confirmLabel: 'Delete',
          cancelLabel: 'Keep',
          style: 'danger',
          typed: { title: 'Delete web-1', label: 'Type web-1 to confirm', placeholder: 'web-1' },
          expiresAt: Date.now() + 120_000,
        }),
      }));
    await slash('instance delete web-1');
    const [card] = await waitFor(
      () => slack.channelMessages(CHANNEL).length > 0 && slack.channelMessages(CHANNEL),
    );
    expect(JSON.stringify(card?.blocks)).toContain('vps_confirm_typed');

    const click = buttonClickPayload({
      actionId: 'vps_confirm_typed',
      value: 'tokDEL',
      userId: 'U0ALICE',
      channelId: CHANNEL,
      messageTs: card?.ts ?? '',
      responseUrl: slack.newResponseUrl(),
    });
    expect((await postSigned(events, interactionForm(click), { secret: SECRET })).status).toBe(200);
    const open = await waitFor(() => slack.callsTo('views.open')[0]);
    const view = open.args['view'] as {
      callback_id: string;
      private_metadata: string;
      title: { text: string };
    };
    expect(view.title.text).toBe('Delete web-1');
    expect(JSON.parse(view.private_metadata)).toMatchObject({ token: 'tokDEL', channelId: CHANNEL });
    expect(dispatcher.events).toHaveLength(0);

    const submit = viewSubmissionPayload({
      userId: 'U0ALICE',
      callbackId: view.callback_id,
      privateMetadata: view.private_metadata,
      blockId: 'vps_typed',
      actionId: 'value',
      typed: 'web-1',
    });
    expect((await postSigned(events, interactionForm(submit), { secret: SECRET })).status).toBe(200);
    const event = await waitFor(() => dispatcher.events[0]);
    expect(event).toMatchObject({ action: 'confirm', token: 'tokDEL', input: 'web-1', channelId: CHANNEL });
  });

  it('answers a modal submission privately with chat.postEphemeral when no response_url is left', async () => {
    dispatcher.onAct = async (_event, responder) =>
      void (await responder.reply(text('That does not match.'), { visibility: 'ephemeral' }));
    const submit = viewSubmissionPayload({
      userId: 'U0ALICE',
      callbackId: 'vps_typed_confirm',
      privateMetadata: JSON.stringify({ token: 'tok', channelId: CHANNEL }),
      blockId: 'vps_typed',
      actionId: 'value',
      typed: 'nope',
    });
    await postSigned(events, interactionForm(submit), { secret: SECRET });
    const call = await waitFor(() => slack.callsTo('chat.postEphemeral')[0]);
    expect(call.args).toMatchObject({ channel: CHANNEL, user: 'U0ALICE' });
    expect(String(call.args['text'])).toContain('does not match');
  });

  it('rebuilds a responder for a stored channel card and edits it with the bot token, but not for private refs', async () => {
    const stored = {
      platform: 'slack' as const,
      channelId: CHANNEL,
      id: '1.0001',
      extra: { mode: 'message' },
    };
    const responder = adapter.restore(stored);
    if (!responder) throw new Error('expected a responder for a channel card');
    const ref = await responder.reply(text('terminating…'));
    await responder.update(ref, text('finished'));
    expect(slack.messages.get(ref.id)).toMatchObject({ channel: CHANNEL, edits: 1, text: 'finished' });
    await expect(responder.reply(text('secret'), { visibility: 'ephemeral' })).rejects.toThrow(/privately/);
    expect(adapter.restore({ ...stored, extra: { mode: 'ephemeral', userId: 'U0ALICE' } })).toBeNull();
    expect(adapter.restore({ ...stored, extra: { mode: 'response_url' } })).toBeNull();
    expect(adapter.restore({ ...stored, platform: 'discord' })).toBeNull();
  });
});
