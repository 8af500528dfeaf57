// A person in a line renders per platform: a Slack <@U…> or Discord <@id> only for an id of that
// platform and shape; otherwise the escaped @name. Text around it is escaped as always.
import { describe, expect, it } from 'vitest';
import { markdownWithMentions } from '../../../adapters/discord/mentions.js';
import { renderEmbed } from '../../../adapters/discord/render-embed.js';
import { mrkdwnWithMentions } from '../../../adapters/slack/mentions.js';
import { renderConsole } from '../../../adapters/console/render.js';
import { contextWith, person, plainLine } from '../../../src/render/builders.js';
import type { Inline } from '../../../src/render/message.js';

const slackUser = person({ platform: 'slack', userId: 'U0OSCAR', displayName: 'oscar' });
const discordUser = person({ platform: 'discord', userId: '100000000000000001', displayName: 'dora' });

describe('people in lines', () => {
  it('renders a Slack user as a mention and keeps the text around it inert', () => {
    const parts: Inline[] = ['<!channel> by ', slackUser, ' *now*'];
    const out = mrkdwnWithMentions(parts, plainLine(parts), 3000);
    expect(out).toContain('<@U0OSCAR>');
    expect(out).toContain('&lt;!channel&gt;');
    expect(out).not.toContain('<!channel>');
  });

  it('shows the escaped name for another platform’s user or an id of the wrong shape', () => {
    const odd = person({ platform: 'slack', userId: 'U1> <!here', displayName: '<!here>' });
    const out = mrkdwnWithMentions(['by ', discordUser, ' and ', odd], '', 3000);
    expect(out).toBe('by @dora and @&lt;!here&gt;');
    expect(markdownWithMentions(['by ', slackUser])).toBe('by \\@oscar');
  });

  it('falls back to the plain names when the line with mentions would have to be cut', () => {
    const parts: Inline[] = ['x'.repeat(40), slackUser];
    expect(mrkdwnWithMentions(parts, plainLine(parts), 30)).not.toContain('<@');
  });

  it('puts a Discord mention where it renders (description), not in the footer', () => {
    const embed = renderEmbed({ blocks: [contextWith(['Confirmed by ', discordUser])] });
    expect(embed.description).toBe('Confirmed by <@100000000000000001>');
    expect(embed.footer).toBeUndefined();
  });

  it('shows @name on the console', () => {
    expect(
      renderConsole({ blocks: [contextWith(['Confirmed by ', slackUser])] }, { color: false }),
    ).toContain('Confirmed by @oscar');
  });
});
