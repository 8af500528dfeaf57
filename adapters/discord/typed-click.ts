// A click on a typed-confirmation button (Confirm / Approve with the name typed back): the gate is
// asked first, so a requester of a two-person action or someone the policy does not allow is told
// why at once, privately, instead of typing the name into a dialog whose answer would be refused;
// anyone else gets the modal, its texts asked of the core. The core checks everything again on submit.
import { ComponentType, TextInputStyle } from 'discord.js';
import type { ButtonInteraction, TextInputComponentData } from 'discord.js';
import { t } from '../../src/core/index.js';
import type { ConfirmGate, Locale } from '../../src/core/index.js';
import type { Message, TypedPrompt } from '../../src/render/message.js';
import { withDeadline } from '../../src/core/index.js';
import { describeError } from './errors.js';
import { DISCORD_LIMITS as L, fit } from './limits.js';
import { CUSTOM_ID, customId } from './render.js';
import { interactionResponder } from './responder.js';
import { answerLocale, toActionEvent } from './translate.js';
import type { HandlerContext } from './context.js';

/** custom_id of the text input inside the typed-confirmation modal. */
export const TYPED_INPUT_ID = 'typed';

/** Opening the modal must happen within 3 s of the click: the core has this long to give its texts and its verdict. */
const DIALOG_BUDGET_MS = 1_500;

/** Modal texts, in the clicker's language, when the core cannot give the card's own in time. */
export function genericTypedPrompt(locale: Locale): TypedPrompt {
  return { title: t(locale, 'card.confirm'), label: t(locale, 'discord.typed.label') };
}

/**
 * The text input of the typed-confirmation modal. A label that would have to be cut (the name is
 * in it) becomes the generic one in `locale`, so nobody types a shortened name; the card shows the
 * name in full, and the placeholder repeats it when it fits. Names up to the input's 4,000 can be typed.
 */
export function typedInput(typed: TypedPrompt, locale: Locale): TextInputComponentData {
  const input: TextInputComponentData = {
    type: ComponentType.TextInput,
    customId: TYPED_INPUT_ID,
    style: TextInputStyle.Short,
    label: typed.label.length <= L.textInputLabel ? typed.label : genericTypedPrompt(locale).label,
    required: true,
    maxLength: L.textInputValue,
  };
  const placeholder = typed.placeholder ?? '';
  if (placeholder !== '' && placeholder.length <= L.textInputPlaceholder) input.placeholder = placeholder;
  return input;
}

/** The typed prompt of a pending confirmation, from the core; none when it cannot say in time. */
async function promptFor(ctx: HandlerContext, token: string): Promise<TypedPrompt | undefined> {
  try {
    const dialog = await withDeadline(ctx.dispatcher.typedDialog(token), DIALOG_BUDGET_MS, () => null);
    return dialog?.prompt;
  } catch (error) {
    ctx.logger.warn(
      { error: describeError(error) },
      'discord: typed dialog unknown; the generic one is shown',
    );
    return undefined;
  }
}

/** The gate's refusal for this click; none (the modal opens, the core checks on submit) when it cannot tell in time. */
async function refusalFor(
  ctx: HandlerContext,
  gate: ConfirmGate | undefined,
  interaction: ButtonInteraction,
  token: string,
): Promise<Message | null> {
  if (!gate) return null;
  try {
    const refusal = gate.refusal(toActionEvent(interaction, 'confirm', token));
    return await withDeadline(refusal, DIALOG_BUDGET_MS, () => null);
  } catch (error) {
    ctx.logger.warn({ error: describeError(error) }, 'discord: confirm gate failed; opening the modal');
    return null;
  }
}

/** Answers a typed-confirmation click: the private refusal when the clicker may not confirm, else the modal. */
export async function onTypedConfirmClick(
  interaction: ButtonInteraction,
  token: string,
  ctx: HandlerContext,
): Promise<void> {
  const locale = answerLocale(interaction);
  const [refusal, prompt] = await Promise.all([
    refusalFor(ctx, ctx.gate, interaction, token),
    promptFor(ctx, token),
  ]);
  if (refusal) {
    const responder = interactionResponder(interaction, { kind: 'command' }, ctx);
    await responder.reply(refusal, { visibility: 'ephemeral' });
    return;
  }
  const typed = prompt ?? genericTypedPrompt(locale);
  await interaction.showModal({
    customId: customId(CUSTOM_ID.typed, token),
    title: fit(typed.title, L.modalTitle),
    components: [{ type: ComponentType.ActionRow, components: [typedInput(typed, locale)] }],
  });
}
