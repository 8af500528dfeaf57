// What start and restart share with other cards: the Start button (the hidden-command button
// model: a click runs `instance start <uuid>` as if typed) and the E5/E6 calls, which a service
// may not offer (404/405: said plainly, nothing done).
import { t, UserError, type CommandContext, type Locale } from '../../src/core/index.js';
import type { Button } from '../../src/render/message.js';
import { notOffered } from './not-offered.js';

/** Start, for the card of a server left stopped (rollback, instance show). Carries only the uuid. */
export function startButton(uuid: string, locale: Locale): Button {
  return { label: t(locale, 'start.button'), command: `instance start ${uuid}`, style: 'primary' };
}

/** E5 or E6; a service without it gets a UserError naming the control panel instead. */
export async function powerCall(
  ctx: CommandContext,
  verb: 'start' | 'restart',
  uuid: string,
): Promise<{ uuid: string; hostname: string }> {
  try {
    return await (verb === 'start' ? ctx.api.instances.start(uuid) : ctx.api.instances.restart(uuid));
  } catch (error) {
    if (!notOffered(error)) throw error;
    const key = verb === 'start' ? 'start.notOffered' : 'restart.notOffered';
    throw new UserError('not-found', t(ctx.locale, key), t(ctx.locale, 'power.panelHint'));
  }
}
