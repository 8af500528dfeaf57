// People in a line become Discord user mentions (<@id>), built only from the platform user id the
// core carries — never from text. Embeds never ping, and every payload also carries
// `allowed_mentions: { parse: [] }`, so a mention shows the person without notifying anyone.
import type { Block, Inline } from '../../src/render/message.js';
import { escapeMarkdownKeepCode } from './escape.js';
// A person whose id is no snowflake is shown as its escaped @name.
import { SNOWFLAKE } from './members.js';

/** Whether a block names a Discord user, so it must go where Discord renders mentions (not the footer). */
export function namesDiscordUser(
  block: Block,
): block is Extract<Block, { type: 'context' }> & { parts: Inline[] } {
  return (
    block.type === 'context' &&
    (block.parts ?? []).some((p) => typeof p !== 'string' && p.platform === 'discord' && SNOWFLAKE.test(p.id))
  );
}

/** The line as Discord markdown with people as mentions (strings escaped). */
export function markdownWithMentions(parts: readonly Inline[]): string {
  return parts
    .map((p) => {
      if (typeof p === 'string') return escapeMarkdownKeepCode(p);
      if (p.platform === 'discord' && SNOWFLAKE.test(p.id))
        return p.type === 'team' ? `<@&${p.id}>` : `<@${p.id}>`;
      return escapeMarkdownKeepCode(`@${p.displayName || p.id}`);
    })
    .join('');
}

/** Who a message may ping: the on-call roles (not a role merely listed, `notify: false`) and the people it names to notify (approvers); nobody else. */
export function pingsOf(blocks: readonly Block[]): { roles: string[]; users: string[] } {
  const refs = blocks.flatMap((b) =>
    b.type === 'context'
      ? (b.parts ?? []).filter(
          (p): p is Exclude<Inline, string> =>
            typeof p !== 'string' && p.platform === 'discord' && SNOWFLAKE.test(p.id),
        )
      : [],
  );
  const ids = (keep: (p: Exclude<Inline, string>) => boolean) => [
    ...new Set(refs.filter(keep).map((p) => p.id)),
  ];
  return {
    roles: ids((p) => p.type === 'team' && p.notify !== false),
    users: ids((p) => p.type === 'user' && p.notify === true),
  };
}
