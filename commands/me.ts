// `me`: what is on the asker's plate — requests waiting for their approval, their own requests
// still waiting, this channel's watches and open incidents, the running silences — only to them.
// The same query draws Slack's App Home (src/core/plate).
import { defineCommand, t, UserError } from '../src/core/index.js';

/** `me`: private, on every platform. */
export const me = defineCommand({
  group: '',
  name: 'me',
  summary: 'What is on your plate: approvals, your waiting requests, watches, incidents, silences',
  description:
    'Requests of others waiting for your approval, your own requests still waiting, this channel’s watches and open incidents, and the running silences. Only you see it.',
  examples: ['/vps me'],
  args: {},
  risk: 'read',
  run: async (ctx) => {
    if (!ctx.bot.plate) throw new UserError('nothing-to-do', t(ctx.locale, 'plate.unavailable'));
    return ctx.bot.plate(ctx.actor, [ctx.channelId]);
  },
});

export const meCommands = [me];
