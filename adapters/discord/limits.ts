// Discord's hard limits in one place (https://discord.com/developers/docs/resources/message,
// .../interactions/application-commands, .../components/reference): anything over them is
// rejected with a 400, so the renderers and the registration payload cut text to fit before it
// leaves the process.

import { shorten } from '../../src/render/shorten.js';

/** Message, embed, component and command limits as documented by Discord. */
export const DISCORD_LIMITS = {
  content: 2000,
  embedsPerMessage: 10,
  embedTotal: 6000,
  embedTitle: 256,
  embedDescription: 4096,
  embedFields: 25,
  fieldName: 256,
  fieldValue: 1024,
  footer: 2048,
  buttonsPerRow: 5,
  buttonLabel: 80,
  customId: 100,
  /** A link button's url. */
  linkUrl: 512,
  /** Options of a string select menu, and its option labels and values. */
  selectOptions: 25,
  selectOptionLabel: 100,
  selectOptionValue: 100,
  modalTitle: 45,
  textInputLabel: 45,
  textInputPlaceholder: 100,
  textInputValue: 4000,
  commandName: 32,
  commandDescription: 100,
  optionsPerCommand: 25,
  choicesPerOption: 25,
  choiceName: 100,
  choiceValue: 100,
  autocompleteChoices: 25,
} as const;

/**
 * Components V2 limits (developers/docs/components/reference): with the IS_COMPONENTS_V2 flag a
 * message holds no content and no embeds, and these instead.
 */
export const V2_LIMITS = {
  /** Every component counts, nested ones included. */
  components: 40,
  /** All text displays together. */
  text: 4000,
  /** Children of one container. */
  containerChildren: 10,
  /** Items of one media gallery. */
  galleryItems: 10,
} as const;

/** Cuts plain text to `max` characters (ending in "…"), never splitting a grapheme (emoji, flags). */
export function fit(text: string, max: number): string {
  return shorten(text, max);
}

/** Cuts markdown-escaped text without leaving a dangling backslash that would escape the "…". */
export function fitEscaped(escaped: string, max: number): string {
  if (escaped.length <= max) return escaped;
  let cut = fit(escaped, max).slice(0, -1);
  const trailing = /\\+$/.exec(cut)?.[0].length ?? 0;
  if (trailing % 2 === 1) cut = cut.slice(0, -1);
  return `${cut}…`;
}
