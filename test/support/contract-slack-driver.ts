// The adapter contract's Slack driver: signed slash commands, button clicks and modal submissions
// into the real Bolt app (fake-slack-world), and what reached the fake Slack sorted by who could
// see it — chat.postEphemeral and ephemeral response_url posts are private to their user; every
// other post, edit, upload and response is the channel's.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { TYPED_CONFIRM_CALLBACK, TYPED_INPUT } from '../../adapters/slack/modal.js';
import { commandLine, type Answer, type Card, type StartDriver, type Who } from './adapter-driver.js';
import { captureLogs } from './capture-logs.js';
import type { ApiCall, ResponsePost } from './fake-slack.js';
import { buttonClickPayload, viewSubmissionPayload } from './fake-slack-requests.js';
import { SLACK_CHANNEL, SLACK_USERS, startSlackWorld } from './fake-slack-world.js';
import { waitFor } from './wait-for.js';

const IDS: Record<Who, string> = {
  requester: SLACK_USERS.operator,
  other: SLACK_USERS.other,
  viewer: SLACK_USERS.viewer,
};
const json = (value: unknown) => JSON.stringify(value);
/** The private "still working" note is not an answer. */
const isProgress = (text: string) => /Still working on/.test(text);

interface SlackCard extends Card {
  ts: string;
  token: string;
  /** private_metadata of the typed-confirmation modal, once opened. */
  view?: string;
}

/** The Confirm button of a card's blocks: its action id and the token it carries. */
function confirmButton(blocks: unknown): { actionId: string; token: string } | undefined {
  for (const block of (blocks as { type: string; elements?: { action_id?: string; value?: string }[] }[]) ??
    []) {
    if (block.type !== 'actions') continue;
    const button = block.elements?.find((e) => /^vps_confirm/.test(e.action_id ?? ''));
    if (button?.action_id && button.value) return { actionId: button.action_id, token: button.value };
  }
  return undefined;
}

/** Starts a Slack world and drives it as an AdapterDriver. */
export const startSlackDriver: StartDriver = async (options = {}) => {
  const logs = captureLogs();
  const world = await startSlackWorld({
    logger: logs.logger,
    env: options.confirmTtlSeconds ? { VPSOPS_CONFIRM_TTL_SECONDS: String(options.confirmTtlSeconds) } : {},
  });
  const urls = new Map<string, Who>();
  const modals: { who: Who; call: ApiCall }[] = [];
  const httpAnswers: { who: Who; body: string }[] = [];
  const cards = new Map<string, SlackCard>();
  const slack = world.slack;
  const urlOwner = (r: ResponsePost) => urls.get(r.urlId);
  const isPrivate = (r: ResponsePost) => r.body['response_type'] === 'ephemeral';
  const newUrl = (who: Who) => {
    const url = slack.newResponseUrl();
    urls.set(url.slice(url.lastIndexOf('/') + 1), who);
    return url;
  };
  const mark = () => ({ calls: slack.calls.length, responses: slack.responses.length });
  const somethingNew = (since: ReturnType<typeof mark>) =>
    slack.calls.length > since.calls || slack.responses.length > since.responses;

  /** The first post after `since` answering `who` (a channel message, an ephemeral, a response). */
  function firstAnswer(since: ReturnType<typeof mark>, who: Who): Answer | undefined {
    const calls = slack.calls.slice(since.calls).filter((c) => !isProgress(json(c.args)));
    const responses = slack.responses
      .slice(since.responses)
      .filter((r) => urlOwner(r) === who && !isProgress(json(r.body)));
    const post = calls.find(
      (c) =>
        c.method === 'chat.postMessage' || (c.method === 'chat.postEphemeral' && c.args['user'] === IDS[who]),
    );
    const response = responses[0];
    if (response && (!post || response.at <= post.at))
      return { audience: isPrivate(response) ? 'private' : 'channel', text: json(response.body) };
    if (!post) return undefined;
    const answer: Answer = {
      audience: post.method === 'chat.postEphemeral' ? 'private' : 'channel',
      text: json(post.args),
    };
    const button = confirmButton(post.args['blocks']);
    const ts = [...slack.messages.values()].find(
      (m) => m.channel === SLACK_CHANNEL && json(m.blocks).includes(button?.token ?? '\0'),
    )?.ts;
    if (button && ts) {
      const card: SlackCard = {
        id: ts,
        ts,
        token: button.token,
        typed: button.actionId === 'vps_confirm_typed',
      };
      cards.set(card.id, card);
      answer.card = card;
    }
    return answer;
  }

  async function click(card: Card, actionId: string, who: Who): Promise<void> {
    const since = mark();
    const answer = await world.interact(
      buttonClickPayload({
        actionId,
        value: (card as SlackCard).token,
        userId: IDS[who],
        channelId: SLACK_CHANNEL,
        messageTs: (card as SlackCard).ts,
        responseUrl: newUrl(who),
      }),
    );
    if (answer.status !== 200) throw new Error(`Slack click answered ${answer.status}`);
    await waitFor(() => somethingNew(since), `an answer to ${actionId}`);
  }

  return {
    platform: 'slack',
    separatesPrivate: true,
    sim: world.sim,
    credentials: [world.slack.botToken, world.signingSecret, world.sim.apiKey],
    displayName: (who) => IDS[who].toLowerCase(),
    async run(command, who = 'requester') {
      const since = mark();
      const result = await world.slash(commandLine(command), IDS[who]);
      urls.set(result.responseUrl.slice(result.responseUrl.lastIndexOf('/') + 1), who);
      if (result.status !== 200) throw new Error(`Slack slash command answered ${result.status}`);
      return waitFor(() => firstAnswer(since, who), `the answer to ${commandLine(command)}`);
    },
    confirm: (card, who = 'requester') => click(card, 'vps_confirm', who),
    cancel: (card, who = 'requester') => click(card, 'vps_cancel', who),
    async typeName(card, typed, who = 'requester') {
      const slackCard = cards.get(card.id) ?? (card as SlackCard);
      if (!slackCard.view) {
        const opened = slack.callsTo('views.open').length;
        await click(card, 'vps_confirm_typed', who);
        const call = await waitFor(() => slack.callsTo('views.open')[opened], 'the typed-confirmation modal');
        modals.push({ who, call });
        slackCard.view = (call.args['view'] as { private_metadata: string }).private_metadata;
      }
      const since = mark();
      const answer = await world.interact(
        viewSubmissionPayload({
          userId: IDS[who],
          callbackId: TYPED_CONFIRM_CALLBACK,
          privateMetadata: slackCard.view,
          blockId: TYPED_INPUT.blockId,
          actionId: TYPED_INPUT.actionId,
          typed,
        }),
      );
      if (answer.status !== 200) throw new Error(`Slack view submission answered ${answer.status}`);
      if (answer.body !== '') httpAnswers.push({ who, body: answer.body });
      else await waitFor(() => somethingNew(since), 'an answer to the typed name');
    },
    cardActions: (card) => {
      const ids = json(slack.messages.get((card as SlackCard).ts)?.blocks ?? []);
      return /"vps_confirm(_typed)?"/.test(ids) && ids.includes('"vps_cancel"') ? ['confirm', 'cancel'] : [];
    },
    cardText: (card) => json(slack.messages.get((card as SlackCard).ts)),
    channelText: () =>
      json([
        slack.calls.filter((c) => !['chat.postEphemeral', 'views.open', 'auth.test'].includes(c.method)),
        slack.responses.filter((r) => !isPrivate(r)),
        [...slack.messages.values()],
        [...slack.uploads.values()].map((u) => ({ ...u, data: u.data.toString('latin1') })),
      ]),
    privateText: (who) =>
      json([
        slack.callsTo('chat.postEphemeral').filter((c) => c.args['user'] === IDS[who]),
        modals.filter((m) => m.who === who).map((m) => m.call),
        slack.responses.filter((r) => isPrivate(r) && urlOwner(r) === who),
        httpAnswers.filter((a) => a.who === who),
      ]),
    auditText: () => readFile(join(world.dataDir, 'audit.jsonl'), 'utf8').catch(() => ''),
    logText: () => logs.lines.join('\n'),
    close: () => world.close(),
  };
};
