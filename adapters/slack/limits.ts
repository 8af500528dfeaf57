// Slack's Block Kit and messaging limits in one place, so the renderer and its tests agree on
// the numbers (https://docs.slack.dev/reference/block-kit/blocks).

/** Limits that a rendered message must respect or Slack rejects it with `invalid_blocks`. */
export const SLACK_LIMITS = {
  /** Blocks per message. */
  blocksPerMessage: 50,
  /** Characters of a section block's text. */
  sectionText: 3000,
  /** Fields per section block. */
  fieldsPerSection: 10,
  /** Characters of one section field. */
  fieldText: 2000,
  /** Characters of a header block's plain text. */
  headerText: 150,
  /** Elements per context block. */
  contextElements: 10,
  /** Characters of a button label. */
  buttonText: 75,
  /** Characters of a button value. */
  buttonValue: 2000,
  /** Characters of a link button's url. */
  buttonUrl: 3000,
  /** Options of an overflow menu (and Slack wants at least two: a single one is shown as a button). */
  overflowOptions: 5,
  /** Characters of an option's text. */
  optionText: 75,
  /** Characters of an option's value (@slack/types and the option object reference: 75; newer pages say 150). */
  optionValue: 75,
  /** Characters of an overflow option's url. */
  optionUrl: 3000,
  /** Elements per actions block. */
  actionElements: 25,
  /** Characters of a modal title / submit / close label. */
  modalTitle: 24,
  /** Characters of an input block label. */
  inputLabel: 2000,
  /** Characters of a plain-text input placeholder. */
  placeholder: 150,
  /** Characters of an input error shown by response_action: errors (no published limit; kept to a header's). */
  modalError: 150,
  /** Characters of a modal's private_metadata. */
  privateMetadata: 3000,
  /**
   * Characters of text in all blocks of one message: not in Slack's documentation, but above about
   * 12,000 chat.postMessage fails with msg_blocks_too_long, so pages stay below it.
   */
  messageText: 12_000,
  /** Rows of a table block, its header row included (table block reference: "Maximum 100 rows"). */
  tableRows: 100,
  /** Cells of a table block's row (and items of its column_settings). */
  tableColumns: 20,
  /**
   * Characters of one table cell: the reference names no number; kept to a section field's 2,000, and
   * the cells count towards messageText like any block text.
   */
  tableCellText: 2000,
  /** Characters of the top-level fallback `text` we send (Slack truncates at 40,000). */
  fallbackText: 3000,
} as const;
