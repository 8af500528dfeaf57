// The Check now button of a refusal after an unknown outcome: the hidden `outcome check <instance>`
// reads the server and lifts the holds whose outcome it now shows (src/core/confirmation/unknown-hold.ts).
// A click runs it as if the clicker typed it, so it is parsed, authorised and audited. Not in help.
import { arg, commandGroup, type CommandDefinition } from '../src/core/index.js';
import { message, text } from '../src/render/builders.js';

const outcome = commandGroup('outcome');

/** Check now: what the server shows, and which held actions may run again. */
export const outcomeCheck = outcome({
  name: 'check',
  summary: 'Check whether an earlier attempt’s outcome is known now (its refusal’s button)',
  args: { instance: arg.instance() },
  risk: 'read',
  visibility: 'ephemeral',
  hidden: true,
  run: async (ctx, { instance }) => {
    const line = (await ctx.bot.checkHeld?.(instance)) ?? '';
    return { message: message(undefined, [text(line)], { tone: 'info', visibility: 'ephemeral' }) };
  },
});

/** The hidden command of the Check now button, listed in commands/index.ts. */
export const outcomeCommands: CommandDefinition[] = [outcomeCheck] as CommandDefinition[];
