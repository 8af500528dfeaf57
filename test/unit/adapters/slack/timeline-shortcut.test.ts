// The message shortcut "Add to timeline": acknowledged, then `note` dispatched for the clicker with
// the message's text and author as typed options (never parsed as a command line), its answer private.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { FakeSlack } from '../../../support/fake-slack.js';
import { interactionForm, postSigned } from '../../../support/fake-slack-requests.js';
import {
  CHANNEL,
  SECRET,
  slackAdapterEachTest,
  text,
  type ScriptedDispatcher,
} from '../../../support/slack-adapter-rig.js';
import { waitFor } from '../../../support/wait-for.js';

let slack: FakeSlack;
let dispatcher: ScriptedDispatcher;
let events: string;
slackAdapterEachTest((rig) => ({ slack, dispatcher, events } = rig));

const shortcut = (responseUrl: string) => ({
  type: 'message_action',
  callback_id: 'vps_timeline_add',
  trigger_id: 'trigger-1',
  action_ts: '1700000000.000100',
  team: { id: 'T0001', domain: 'acme' },
  user: { id: 'U0ALICE', username: 'alice', team_id: 'T0001' },
  channel: { id: CHANNEL, name: 'ops' },
  message: {
    type: 'message',
    ts: '1700000000.000001',
    user: 'U0BOB',
    text: 'restarted db --force <!channel>',
  },
  message_ts: '1700000000.000001',
  response_url: responseUrl,
  token: 'legacy-verification-token',
});

describe('Slack “Add to timeline” shortcut', () => {
  it('runs note for the clicker with the message’s text and author, answering privately', async () => {
    const url = slack.newResponseUrl();
    dispatcher.onDispatch = async (_invocation, responder) => {
      await responder.reply(text('Added to this channel’s timeline.'), { visibility: 'ephemeral' });
    };
    const answer = await postSigned(events, interactionForm(shortcut(url)), { secret: SECRET });
    expect(answer.status).toBe(200);
    const invocation = await waitFor(() => dispatcher.invocations[0]);
    expect(invocation).toMatchObject({
      platform: 'slack',
      channelId: CHANNEL,
      actor: { userId: 'U0ALICE' },
      input: {
        kind: 'options',
        path: ['note'],
        options: { text: 'restarted db --force <!channel>', author: 'U0BOB' },
      },
    });
    await waitFor(() => slack.responsesTo(url).length > 0);
  });

  it('is declared in the manifest under its callback id', () => {
    const manifest = readFileSync(
      new URL('../../../../adapters/slack/manifest.yaml', import.meta.url),
      'utf8',
    );
    expect(manifest).toMatch(
      /shortcuts:\n\s+# .*\n\s+- name: Add to timeline\n\s+type: message\n\s+callback_id: vps_timeline_add/,
    );
  });
});
