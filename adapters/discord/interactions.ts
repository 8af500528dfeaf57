// Routes each interaction: slash commands are dispatched with a responder whose defer() the core
// calls once it knows whether the answer is private (before any hosting-API call), or the adapter
// when that is late (a frozen store: ack-first.ts); autocomplete asks the core for instance names and seen ids; clicks
// on a confirmation are acknowledged with deferUpdate (or, typed, answered in typed-click.ts: the
// modal, or at once the reason this clicker may not confirm) and become ActionEvents; a button that runs a command is dispatched
// as if the clicker typed it, and so is an option of a card's menu.
import { MessageFlags } from 'discord.js';
import type {
  AutocompleteInteraction,
  ButtonInteraction,
  ChatInputCommandInteraction,
  Interaction,
  MessageContextMenuCommandInteraction,
  ModalSubmitInteraction,
  StringSelectMenuInteraction,
} from 'discord.js';
import { t } from '../../src/core/index.js';
import type { Responder } from '../../src/core/index.js';
import { dispatchOnce, unlessDeliveredBefore } from './ack-first.js';
import type { HandlerContext } from './context.js';
import { requestTimeProblem } from '../../src/adapter-kit/request-time.js';
import { withDeadline } from '../../src/core/index.js';
import { ROOT_COMMAND } from './commands-payload.js';
import { CONNECT_MODAL_ID, keyGate, submitKey } from './connect.js';
import { guildKeyLinked, inGuildTenant } from './guild-tenancy.js';
import { describeError } from './errors.js';
import { DISCORD_LIMITS as L, fit } from './limits.js';
import { CUSTOM_ID, NO_MENTIONS } from './render.js';
import { keyAnswers } from '../../src/adapter-kit/key-command.js';
import { onTypedConfirmClick, TYPED_INPUT_ID } from './typed-click.js';
import { messageActionOf, messageCommandInvocation } from './message-commands.js';
import { interactionResponder } from './responder.js';
import {
  actorOf,
  answerLocale,
  clickInvocation,
  parseCustomId,
  readOptions,
  toActionEvent,
  toInvocation,
} from './translate.js';

export type { HandlerContext };

/** Autocomplete must answer within 3 s; completions slower than this answer with nothing. */
const AUTOCOMPLETE_BUDGET_MS = 2_000;

/**
 * Runs the core, turning an unexpected crash into a short private answer in the user's language
 * instead of a stuck "thinking…". The core may have acted before it broke off (a confirmed change
 * sent, a key linked), so the answer says that the outcome is not known — never "failed, try again".
 */
async function guarded(
  ctx: HandlerContext,
  interaction: Interaction,
  responder: Responder,
  work: () => Promise<void>,
): Promise<void> {
  try {
    await work();
  } catch (error) {
    ctx.logger.error({ error: describeError(error) }, 'discord: command failed');
    const locale = answerLocale(interaction);
    await responder
      .reply(
        {
          title: t(locale, 'error.internal.title'),
          tone: 'error',
          blocks: [{ type: 'text', text: t(locale, 'discord.failed.line') }],
        },
        { visibility: 'ephemeral' },
      )
      .catch(() => undefined);
  }
}

async function onCommand(interaction: ChatInputCommandInteraction, ctx: HandlerContext): Promise<void> {
  if (interaction.commandName !== ROOT_COMMAND) return;
  const responder = interactionResponder(interaction, { kind: 'command' }, ctx);
  await guarded(ctx, interaction, responder, async () => {
    // Multi-guild mode: connect / disconnect, and a guild without a key, are answered here.
    const tenancy = ctx.tenancy;
    if (tenancy) {
      let gated = true;
      await unlessDeliveredBefore(ctx, interaction, async () => {
        gated = await keyGate(interaction, tenancy, ctx.roles);
      });
      if (gated) return;
    }
    await dispatchOnce(ctx, interaction, toInvocation(interaction, ctx.index), responder);
  });
}

/**
 * A message command: "Show server" (its servers' cards, privately, as Components V2 cards where they
 * fit) or "Add to timeline" (the message as a note in the channel's story; the answer private).
 */
async function onMessageCommand(interaction: MessageContextMenuCommandInteraction, ctx: HandlerContext) {
  const action = messageActionOf(interaction.commandName);
  if (!action) return;
  // Multi-guild mode: a guild without a linked key is told how to link one, as its slash commands are.
  if (!(await guildKeyLinked(interaction, ctx.tenancy))) {
    const howTo = keyAnswers(answerLocale(interaction), 'server').howToConnect;
    await interaction.reply({ content: howTo, flags: MessageFlags.Ephemeral, allowedMentions: NO_MENTIONS });
    return;
  }
  const responder = interactionResponder(interaction, { kind: 'command' }, ctx);
  await guarded(ctx, interaction, responder, () =>
    dispatchOnce(ctx, interaction, messageCommandInvocation(interaction, action), responder),
  );
}

async function onAutocomplete(interaction: AutocompleteInteraction, ctx: HandlerContext): Promise<void> {
  const { discordPath, leaves } = readOptions(interaction.options.data);
  const focused = leaves.find((o) => o.focused);
  const entry = ctx.index.get(discordPath.join(' '));
  const kind = focused ? entry?.completedOptions.get(focused.name) : undefined;
  // Multi-guild mode: a guild without a linked key is offered nothing (as its commands are refused).
  if (!focused || !kind || !ctx.completer || !(await guildKeyLinked(interaction, ctx.tenancy))) {
    await interaction.respond([]);
    return;
  }
  const completer = ctx.completer;
  const found = await withDeadline(
    completer.complete(kind, String(focused.value ?? ''), actorOf(interaction)).catch(() => []),
    AUTOCOMPLETE_BUDGET_MS,
    () => [],
  );
  // A value longer than Discord allows could not name the instance once cut, so it is left out.
  const choices = found
    .filter((c) => c.value.length <= L.choiceValue)
    .slice(0, L.autocompleteChoices)
    .map((c) => ({ name: fit(c.name, L.choiceName), value: c.value }));
  await interaction.respond(choices);
}

async function onButton(interaction: ButtonInteraction, ctx: HandlerContext): Promise<void> {
  const parsed = parseCustomId(interaction.customId);
  if (!parsed || parsed.kind === 'typed') return;
  if (parsed.kind === 'run') {
    // Run as if typed by the clicker: the runner authorises, defers (privately or not) and audits.
    const responder = interactionResponder(interaction, { kind: 'command' }, ctx);
    await guarded(ctx, interaction, responder, () =>
      dispatchOnce(ctx, interaction, clickInvocation(interaction, parsed.token), responder),
    );
    return;
  }
  // Typed confirmations are marked in the custom_id; the core's pending record has the modal texts.
  if (parsed.kind === 'typedConfirm') return onTypedConfirmClick(interaction, parsed.token, ctx);
  await interaction.deferUpdate();
  const responder = interactionResponder(interaction, { kind: 'update' }, ctx);
  const action = parsed.kind === 'cancel' ? 'cancel' : 'confirm';
  await guarded(ctx, interaction, responder, () =>
    unlessDeliveredBefore(ctx, interaction, () =>
      ctx.dispatcher.act(toActionEvent(interaction, action, parsed.token), responder),
    ),
  );
}

/** An option of a card's menu (Metrics, Silence 1 h): its value is run as if the clicker typed it. */
async function onMenu(interaction: StringSelectMenuInteraction, ctx: HandlerContext): Promise<void> {
  const command = interaction.values[0];
  if (interaction.customId !== CUSTOM_ID.menu || !command) return;
  const responder = interactionResponder(interaction, { kind: 'command' }, ctx);
  await guarded(ctx, interaction, responder, () =>
    dispatchOnce(ctx, interaction, clickInvocation(interaction, command), responder),
  );
}

async function onModal(interaction: ModalSubmitInteraction, ctx: HandlerContext): Promise<void> {
  if (ctx.tenancy && interaction.customId === CONNECT_MODAL_ID) {
    const tenancy = ctx.tenancy;
    const responder = interactionResponder(interaction, { kind: 'reply', ephemeral: true }, ctx);
    return guarded(ctx, interaction, responder, () =>
      unlessDeliveredBefore(ctx, interaction, () => submitKey(interaction, tenancy, ctx.roles)),
    );
  }
  const parsed = parseCustomId(interaction.customId);
  if (parsed?.kind !== 'typed') return;
  const input = interaction.fields.getTextInputValue(TYPED_INPUT_ID);
  const fromCard = interaction.isFromMessage();
  if (fromCard) await interaction.deferUpdate();
  else await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  const responder = interactionResponder(
    interaction,
    fromCard ? { kind: 'update' } : { kind: 'reply', ephemeral: true },
    ctx,
  );
  await guarded(ctx, interaction, responder, () =>
    unlessDeliveredBefore(ctx, interaction, () =>
      ctx.dispatcher.act(toActionEvent(interaction, 'confirm', parsed.token, input), responder),
    ),
  );
}

async function route(interaction: Interaction, ctx: HandlerContext): Promise<void> {
  if (interaction.isChatInputCommand()) await onCommand(interaction, ctx);
  else if (interaction.isMessageContextMenuCommand()) await onMessageCommand(interaction, ctx);
  else if (interaction.isAutocomplete()) await onAutocomplete(interaction, ctx);
  else if (interaction.isButton()) await onButton(interaction, ctx);
  else if (interaction.isStringSelectMenu()) await onMenu(interaction, ctx);
  else if (interaction.isModalSubmit()) await onModal(interaction, ctx);
}

/** Handles one interaction; never throws (failures are logged without tokens). */
export async function handleInteraction(interaction: Interaction, ctx: HandlerContext): Promise<void> {
  // The snowflake's time: over 5 minutes old or ahead is refused (a replayed or forged interaction).
  const problem = requestTimeProblem(interaction.createdTimestamp, Date.now());
  if (problem) {
    ctx.logger.warn({ interactionId: interaction.id, problem }, 'discord: interaction timestamp refused');
    return;
  }
  try {
    if (ctx.tenancy) await inGuildTenant(interaction, () => route(interaction, ctx));
    else await route(interaction, ctx);
  } catch (error) {
    ctx.logger.error(
      { error: describeError(error), interactionId: interaction.id },
      'discord: interaction failed',
    );
  }
}
