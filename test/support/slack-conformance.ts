// The Slack half of the conformance checker: every request the fake Slack receives from the bot is
// held against Slack's published Block Kit and Web API limits (and the ~12,000-character block
// text limit Slack enforces as msg_blocks_too_long), measured on the final text. A finding fails
// the test that caused it (the fake reports them on close).

type Json = Record<string, unknown>;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/**
 * In mrkdwn the bot only ever writes <!date^…>, user mentions <@U…> (built from platform user ids)
 * the policy's on-call user group <!subteam^S…> and channel links <#C…> (the App Home, from channel ids)
 * itself; any other <…> (<!channel>, <!here>,
 * links) would be a broadcast or link.
 */
const MARKUP =
  /<(?!!date\^\d+\^\{[a-z_]+\}\|[^>]*>|@[UW][A-Z0-9]{2,20}>|!subteam\^S[A-Z0-9]{2,20}>|#[CGD][A-Z0-9]{2,20}>)/;
const BAD_ENTITY = /&(?!amp;|lt;|gt;)/;

/** Published limits (docs.slack.dev, Block Kit reference) the checker applies. */
export const SLACK_PUBLISHED = {
  messageBlocks: 50,
  modalBlocks: 100,
  homeBlocks: 100,
  blockText: 12_000,
  sectionText: 3000,
  fields: 10,
  fieldText: 2000,
  headerText: 150,
  contextElements: 10,
  actionsElements: 25,
  buttonText: 75,
  buttonValue: 2000,
  url: 3000,
  overflowOptions: 5,
  optionText: 75,
  optionValue: 75,
  id: 255,
  modalTitle: 24,
  inputLabel: 2000,
  placeholder: 150,
  privateMetadata: 3000,
  messageText: 40_000,
  altTxt: 1000,
  responseUrlUses: 5,
  /** Table block: rows (the header row counts), cells a row, tables a message. */
  tableRows: 100,
  tableCells: 20,
  tablesPerMessage: 1,
} as const;

const L = SLACK_PUBLISHED;

function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) strings(v, out);
  return out;
}

class Findings {
  readonly list: string[] = [];
  constructor(private readonly where: string) {}
  add(problem: string): void {
    this.list.push(`${this.where}: ${problem}`);
  }
  /** A text object within `max` (and not empty); mrkdwn must hold no markup the bot did not write. */
  text(what: string, object: unknown, max: number): number {
    const t = object as { type?: unknown; text?: unknown } | undefined;
    if (typeof t?.text !== 'string') {
      this.add(`${what} has no text`);
      return 0;
    }
    if (t.text.length === 0) this.add(`${what} is empty`);
    if (t.text.length > max) this.add(`${what} has ${t.text.length} characters (max ${max})`);
    if (t.type === 'mrkdwn' && MARKUP.test(t.text))
      this.add(`${what} contains unescaped markup: ${t.text.slice(0, 80)}`);
    if (t.type === 'mrkdwn' && BAD_ENTITY.test(t.text)) this.add(`${what} contains an unescaped &`);
    return t.text.length;
  }
  max(what: string, value: unknown, max: number): void {
    if (typeof value === 'string' && value.length > max)
      this.add(`${what} has ${value.length} characters (max ${max})`);
  }
}

/** An overflow menu: 2 to 5 options, each with plain text and a value or url within Slack's limits. */
function checkOverflow(f: Findings, at: string, element: Json): void {
  const options = (element['options'] as Json[] | undefined) ?? [];
  if (options.length < 2 || options.length > L.overflowOptions)
    f.add(`${at} has ${options.length} options (2 to ${L.overflowOptions})`);
  options.forEach((o, k) => {
    f.text(`${at} option ${k}`, o['text'], L.optionText);
    if ((o['text'] as Json | undefined)?.['type'] !== 'plain_text')
      f.add(`${at} option ${k} text is not plain_text`);
    f.max(`${at} option ${k} value`, o['value'], L.optionValue);
    f.max(`${at} option ${k} url`, o['url'], L.url);
  });
}

function checkBlock(f: Findings, block: Json, i: number): number {
  const at = `block ${i} (${String(block['type'])})`;
  f.max(`${at} block_id`, block['block_id'], L.id);
  switch (block['type']) {
    case 'section': {
      let n = block['text'] === undefined ? 0 : f.text(`${at} text`, block['text'], L.sectionText);
      const fields = (block['fields'] as unknown[] | undefined) ?? [];
      if (block['text'] === undefined && fields.length === 0) f.add(`${at} has neither text nor fields`);
      if (fields.length > L.fields) f.add(`${at} has ${fields.length} fields (max ${L.fields})`);
      fields.forEach((field, j) => (n += f.text(`${at} field ${j}`, field, L.fieldText)));
      return n;
    }
    case 'header':
      return f.text(`${at} text`, block['text'], L.headerText);
    case 'context': {
      const elements = (block['elements'] as unknown[] | undefined) ?? [];
      if (elements.length === 0 || elements.length > L.contextElements)
        f.add(`${at} has ${elements.length} elements`);
      return elements.reduce<number>((n, e, j) => n + f.text(`${at} element ${j}`, e, L.sectionText), 0);
    }
    case 'actions': {
      const elements = (block['elements'] as Json[] | undefined) ?? [];
      if (elements.length === 0 || elements.length > L.actionsElements)
        f.add(`${at} has ${elements.length} elements`);
      let n = 0;
      elements.forEach((e, j) => {
        f.max(`${at} element ${j} action_id`, e['action_id'], L.id);
        if (e['type'] === 'overflow') return checkOverflow(f, `${at} overflow ${j}`, e);
        if (e['type'] !== 'button')
          return f.add(`${at} element ${j}: an element type the bot should not send`);
        n += f.text(`${at} button ${j}`, e['text'], L.buttonText);
        f.max(`${at} button ${j} value`, e['value'], L.buttonValue);
        f.max(`${at} button ${j} url`, e['url'], L.url);
      });
      return n;
    }
    case 'input': {
      const element = (block['element'] as Json | undefined) ?? {};
      if (element['placeholder'] !== undefined)
        f.text(`${at} placeholder`, element['placeholder'], L.placeholder);
      return f.text(`${at} label`, block['label'], L.inputLabel);
    }
    case 'divider':
      return 0;
    case 'table':
      return checkTable(f, at, block);
    default:
      f.add(`${at}: a block type the bot should not send`);
      return 0;
  }
}

/** A table block: 1 to 100 rows of 1 to 20 non-empty raw_text cells (raw text: nothing is markup). */
function checkTable(f: Findings, at: string, block: Json): number {
  const rows = (block['rows'] as Json[][] | undefined) ?? [];
  if (rows.length === 0 || rows.length > L.tableRows)
    f.add(`${at} has ${rows.length} rows (1 to ${L.tableRows})`);
  const settings = (block['column_settings'] as unknown[] | undefined) ?? [];
  if (settings.length > L.tableCells)
    f.add(`${at} has ${settings.length} column settings (max ${L.tableCells})`);
  let n = 0;
  rows.forEach((row, r) => {
    if (row.length === 0 || row.length > L.tableCells) f.add(`${at} row ${r} has ${row.length} cells`);
    row.forEach((cell, c) => {
      if (cell['type'] !== 'raw_text') return f.add(`${at} row ${r} cell ${c} is not raw_text`);
      const text = cell['text'];
      if (typeof text !== 'string' || text.length === 0) return f.add(`${at} row ${r} cell ${c} is empty`);
      n += text.length;
    });
  });
  return n;
}

function checkBlocks(f: Findings, blocks: unknown, max: number): void {
  if (blocks === undefined) return;
  if (!Array.isArray(blocks)) return f.add('blocks is not an array');
  if (blocks.length > max) f.add(`${blocks.length} blocks (max ${max})`);
  const tables = (blocks as Json[]).filter((b) => b['type'] === 'table').length;
  if (tables > L.tablesPerMessage) f.add(`${tables} table blocks (Slack shows one a message)`);
  const total = (blocks as Json[]).reduce<number>((n, b, i) => n + checkBlock(f, b, i), 0);
  if (max === L.messageBlocks && total > L.blockText)
    f.add(`${total} characters of block text (msg_blocks_too_long above ${L.blockText})`);
}

function checkMessage(f: Findings, body: Json): void {
  f.max('text', body['text'], L.messageText);
  checkBlocks(f, body['blocks'], L.messageBlocks);
}

function checkView(f: Findings, view: Json): void {
  f.text('modal title', view['title'], L.modalTitle);
  for (const key of ['submit', 'close'])
    if (view[key] !== undefined) f.text(`modal ${key}`, view[key], L.modalTitle);
  f.max('private_metadata', view['private_metadata'], L.privateMetadata);
  f.max('callback_id', view['callback_id'], L.id);
  checkBlocks(f, view['blocks'], L.modalBlocks);
}

/** An App Home view (views.publish): type home, up to 100 blocks, and no table block (a message's only). */
function checkHome(f: Findings, view: Json): void {
  if (view['type'] !== 'home') f.add(`view type ${String(view['type'])} (views.publish takes a home view)`);
  f.max('private_metadata', view['private_metadata'], L.privateMetadata);
  checkBlocks(f, view['blocks'], L.homeBlocks);
  if (((view['blocks'] as Json[] | undefined) ?? []).some((b) => b['type'] === 'table'))
    f.add('a table block in a Home view');
}

/** Findings for one Web API call the bot made (method name as in /api/<method>). */
export function checkSlackCall(method: string, args: Json): string[] {
  const f = new Findings(method);
  if (strings(args).some((s) => LONE_SURROGATE.test(s)))
    f.add('a string holds half an emoji (lone UTF-16 surrogate)');
  if (method === 'chat.postMessage' || method === 'chat.update' || method === 'chat.postEphemeral')
    checkMessage(f, args);
  if (method === 'views.open') checkView(f, (args['view'] as Json | undefined) ?? {});
  if (method === 'views.publish') checkHome(f, (args['view'] as Json | undefined) ?? {});
  if (method === 'files.getUploadURLExternal') {
    if ('alt_text' in args) f.add('alt_text is not a field of this method (Slack documents alt_txt)');
    f.max('alt_txt', args['alt_txt'], L.altTxt);
  }
  return f.list;
}

/** Findings for one POST to a response_url; `use` is how many times this URL has now been used. */
export function checkSlackResponse(body: Json, use: number): string[] {
  const f = new Findings('response_url');
  if (use > L.responseUrlUses) f.add(`used ${use} times (Slack allows ${L.responseUrlUses} in 30 minutes)`);
  if (strings(body).some((s) => LONE_SURROGATE.test(s)))
    f.add('a string holds half an emoji (lone UTF-16 surrogate)');
  checkMessage(f, body);
  return f.list;
}
