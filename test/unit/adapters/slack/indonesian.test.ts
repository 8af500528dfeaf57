// The Slack adapter's own words in the reader's language, through the real Bolt against the fake
// Slack: a user whose users.info locale is id-ID gets the failure notice, the chart note, the
// generic typed dialog and its in-dialog refusal in Indonesian; the last response_url edit's note
// follows the channel's language (as the core hands it over), not the user's.
import { describe, expect, it } from 'vitest';
import { t, type ActionEvent } from '../../../../src/core/index.js';
import { createSlackAdapter } from '../../../../adapters/slack/index.js';
import { onTestServer } from '../../../support/test-http.js';
import { lastUseNote } from '../../../../adapters/slack/response-urls.js';
import { type FakeSlack } from '../../../support/fake-slack.js';
import {
  buttonClickPayload,
  interactionForm,
  postSigned,
  viewSubmissionPayload,
} from '../../../support/fake-slack-requests.js';
import {
  CHANNEL,
  SECRET,
  slackAdapterEachTest,
  text,
  ScriptedDispatcher,
  type SlackAdapterRig,
} from '../../../support/slack-adapter-rig.js';
import { waitFor } from '../../../support/wait-for.js';

let slack: FakeSlack;
let dispatcher: ScriptedDispatcher;
let events: string;
let slash: SlackAdapterRig['slash'];
slackAdapterEachTest((rig) => ({ slack, dispatcher, events, slash } = rig));

const RUDI = 'U0RUDI';

describe('the Slack adapter in Indonesian', () => {
  it('says in Indonesian that the answer failed and that whether the command ran is not known', async () => {
    slack.userLocales.set(RUDI, 'id-ID');
    slack.failNext('chat.postMessage', { kind: 'error', error: 'invalid_blocks' });
    dispatcher.onDispatch = async (_inv, responder) => void (await responder.reply(text('gagal')));
    const url = slack.newResponseUrl();
    await slash('instance list', RUDI, url);
    const [post] = await waitFor(() => slack.responsesTo(url).length > 0 && slack.responsesTo(url));
    expect(post?.body).toMatchObject({ response_type: 'ephemeral' });
    const sent = JSON.stringify(post?.body);
    expect(sent).toContain(t('id', 'slack.failed'));
    expect(sent).toContain('belum diketahui apakah perintahnya sudah berjalan');
    expect(sent).not.toMatch(/try again|coba lagi/i);
  });

  it('notes in the user’s language that a private reply shows no chart', async () => {
    slack.userLocales.set(RUDI, 'id-ID');
    const chart = {
      filename: 'cpu.png',
      contentType: 'image/png' as const,
      data: new Uint8Array([1]),
      alt: 'CPU',
    };
    dispatcher.onDispatch = async (_inv, responder) =>
      void (await responder.reply(text('CPU', { attachments: [chart] }), { visibility: 'ephemeral' }));
    const url = slack.newResponseUrl();
    await slash('instance metrics web-1', RUDI, url);
    const [post] = await waitFor(() => slack.responsesTo(url).length > 0 && slack.responsesTo(url));
    expect(JSON.stringify(post?.body)).toContain(t('id', 'slack.chart.private'));
  });

  it('writes the last response_url edit’s note in the channel’s language, not the user’s', async () => {
    // An English user in a channel set to Indonesian: the core hands the channel's language over.
    let done = false;
    dispatcher.onDispatch = async (_inv, responder) => {
      responder.useChannelLocale?.(async () => 'id');
      const ref = await responder.reply(text('mulai'), { visibility: 'ephemeral' });
      for (let i = 1; i <= 5; i += 1) await responder.update(ref, text(`langkah ${i}`));
      done = true;
    };
    const url = slack.newResponseUrl();
    await slash('instance metrics x', 'U0ALICE', url);
    await waitFor(() => done);
    const posts = slack.responsesTo(url);
    expect(posts).toHaveLength(5);
    expect(JSON.stringify(posts[4]?.body)).toContain(lastUseNote('id'));
    expect(JSON.stringify(posts[4]?.body)).not.toContain(lastUseNote('en').slice(0, 30));
  });

  it('answers a command button in the clicker’s language (it used to dispatch without a locale)', async () => {
    slack.userLocales.set(RUDI, 'id-ID');
    const click = buttonClickPayload({
      actionId: 'vps_run_0',
      value: 'alert ack w1 status',
      userId: RUDI,
      channelId: CHANNEL,
      messageTs: '1.1',
      responseUrl: slack.newResponseUrl(),
    });
    await postSigned(events, interactionForm(click), { secret: SECRET });
    const invocation = await waitFor(() => dispatcher.invocations[0]);
    expect(invocation.locale).toBe('id');
  });

  it('opens the generic typed dialog in Indonesian and refuses a typo inside it in Indonesian', async () => {
    slack.userLocales.set(RUDI, 'id-ID');
    const click = buttonClickPayload({
      actionId: 'vps_confirm_typed',
      value: 'tokUNKNOWN',
      userId: RUDI,
      channelId: CHANNEL,
      messageTs: '1.1',
      responseUrl: slack.newResponseUrl(),
    });
    await postSigned(events, interactionForm(click), { secret: SECRET });
    const open = await waitFor(() => slack.callsTo('views.open')[0]);
    const view = open.args['view'] as {
      callback_id: string;
      private_metadata: string;
      title: { text: string };
      submit: { text: string };
      close: { text: string };
    };
    expect([view.title.text, view.submit.text, view.close.text]).toEqual([
      'Konfirmasi',
      'Konfirmasi',
      'Batal',
    ]);
    expect(JSON.stringify(view)).toContain(t('id', 'slack.typed.genericLabel'));
    expect(JSON.parse(view.private_metadata)).toMatchObject({ locale: 'id' });

    // The card is known by the time the dialog is submitted: a typo stays in the dialog, in Indonesian.
    dispatcher.dialogs.set('tokUNKNOWN', {
      confirmLabel: 'Hapus',
      cancelLabel: 'Batal',
      prompt: { title: 'Hapus web-1', label: 'Ketik web-1', placeholder: 'web-1', accepts: ['web-1'] },
    });
    const submit = viewSubmissionPayload({
      userId: RUDI,
      callbackId: view.callback_id,
      privateMetadata: view.private_metadata,
      blockId: 'vps_typed',
      actionId: 'value',
      typed: 'web-2',
    });
    const answer = await postSigned(events, interactionForm(submit), { secret: SECRET });
    expect(JSON.parse(answer.body)).toEqual({
      response_action: 'errors',
      errors: { vps_typed: t('id', 'slack.typed.mismatch', { expected: 'web-1' }) },
    });
    expect(dispatcher.events).toHaveLength(0);
  });

  it('asks the confirm gate with the clicker’s locale, so its refusal is in their language (it used to have none)', async () => {
    slack.userLocales.set(RUDI, 'id-ID');
    const asked: ActionEvent[] = [];
    const gated = onTestServer((http) =>
      createSlackAdapter({ botToken: slack.botToken, signingSecret: SECRET, apiUrl: slack.apiUrl, http }),
    );
    try {
      await gated.start(new ScriptedDispatcher(), {
        completer: { complete: async () => [] },
        gate: {
          refusal: async (event) => {
            asked.push(event);
            return text(event.locale === 'id' ? 'Bukan konfirmasi Anda' : 'Not your confirmation');
          },
        },
      });
      const url = slack.newResponseUrl();
      const click = buttonClickPayload({
        actionId: 'vps_confirm_typed',
        value: 'tokGATED',
        userId: RUDI,
        channelId: CHANNEL,
        messageTs: '1.1',
        responseUrl: url,
      });
      await postSigned(`http://127.0.0.1:${gated.port}/slack/events`, interactionForm(click), {
        secret: SECRET,
      });
      const [post] = await waitFor(() => slack.responsesTo(url).length > 0 && slack.responsesTo(url));
      expect(asked[0]?.locale).toBe('id');
      expect(JSON.stringify(post?.body)).toContain('Bukan konfirmasi Anda');
      expect(slack.callsTo('views.open')).toHaveLength(0);
    } finally {
      await gated.stop();
    }
  });
});
