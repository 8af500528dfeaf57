// The channel posters' reply (a storm group's member list under its card, issue 24): Slack posts in
// the card's thread (thread_ts), Discord replies on the card (message_reference), each through the
// platform fake and its conformance checker on loopback.
import { WebClient } from '@slack/web-api';
import { REST } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { discordChannelPoster } from '../../../adapters/discord/channel-poster.js';
import { slackChannelPoster } from '../../../adapters/slack/channel-poster.js';
import { SlackOutbox } from '../../../adapters/slack/outbox.js';
import { message, text } from '../../../src/render/builders.js';
import { createMemoryStore } from '../../../src/store/memory/table-store.js';
import { startFakeDiscord } from '../../support/fake-discord.js';
import { FakeSlack } from '../../support/fake-slack.js';

const card = message('🛑 45 servers need attention', [text('• node-01 — status Error')]);
const part = message('Every server of this storm, part 1', [
  text('• node-01 — status Error\n• node-02 — status Error'),
]);

describe('ChannelPoster.reply', () => {
  it('posts in the Slack card’s thread', async () => {
    const slack = await new FakeSlack().start();
    try {
      const client = new WebClient(slack.botToken, {
        slackApiUrl: slack.apiUrl,
        retryConfig: { retries: 0 },
      });
      const outbox = new SlackOutbox(client, createMemoryStore().ephemeral);
      const poster = slackChannelPoster(() => outbox);
      const ref = await poster.post('C0STORM', card);
      const reply = await poster.reply!(ref, part);
      expect(reply.id).not.toBe(ref.id);
      const calls = slack.callsTo('chat.postMessage');
      expect(calls.map((c) => c.args['thread_ts'])).toEqual([undefined, ref.id]);
      // The thread reply is not a top-level channel post.
      expect(slack.channelMessages('C0STORM')).toHaveLength(1);
    } finally {
      await slack.close();
    }
  });

  it('replies on the Discord card', async () => {
    const discord = await startFakeDiscord();
    try {
      const rest = new REST({ api: discord.apiUrl, retries: 0 }).setToken(discord.botToken);
      const poster = discordChannelPoster(() => rest);
      const channel = '112233445566778899';
      const ref = await poster.post(channel, card);
      const reply = await poster.reply!(ref, part);
      expect(reply.id).not.toBe(ref.id);
      const posts = discord.calls.filter(
        (c) => c.method === 'POST' && c.path === `/channels/${channel}/messages`,
      );
      expect(
        posts.map(
          (c) => (c.body as { message_reference?: { message_id: string } }).message_reference?.message_id,
        ),
      ).toEqual([undefined, ref.id]);
    } finally {
      await discord.close();
    }
  });
});
