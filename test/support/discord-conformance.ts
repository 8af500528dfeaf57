// The Discord half of the conformance checker: every body the fake Discord receives from the bot
// is rebuilt with discord.js's own builders (whose validators carry Discord's documented limits:
// embed, button, modal and text-input sizes) and held against the message-level limits the
// builders do not cover (content, embeds per message, 6,000 per message, mentions, choices).
import {
  ActionRowBuilder,
  ButtonBuilder,
  EmbedBuilder,
  ModalBuilder,
  StringSelectMenuBuilder,
  TextInputBuilder,
  ComponentType,
  embedLength,
  type APIEmbed,
} from 'discord.js';
import { checkV2, flagsV2 } from './discord-conformance-v2.js';

type Json = Record<string, unknown>;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Documented limits the builders do not check. */
export const DISCORD_PUBLISHED = {
  content: 2000,
  embeds: 10,
  embedTotal: 6000,
  rows: 5,
  choices: 25,
  choiceName: 100,
  choiceValue: 100,
  selectOptions: 25,
} as const;
const L = DISCORD_PUBLISHED;

function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) strings(v, out);
  return out;
}

/** Runs a builder; its validation error (first line) becomes a finding. */
function validate(findings: string[], what: string, build: () => unknown): void {
  try {
    build();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    findings.push(`${what}: ${message.split('\n').slice(0, 3).join(' ')}`);
  }
}

function checkEmbed(findings: string[], embed: APIEmbed, i: number): void {
  validate(findings, `embed ${i}`, () => {
    const b = new EmbedBuilder();
    if (embed.title !== undefined) b.setTitle(embed.title);
    if (embed.description !== undefined) b.setDescription(embed.description);
    if (embed.fields) b.addFields(embed.fields);
    if (embed.footer) b.setFooter({ text: embed.footer.text });
    if (embed.author) b.setAuthor({ name: embed.author.name });
    if (embed.color !== undefined) b.setColor(embed.color);
    return b.toJSON();
  });
  if (embed.footer && /`[^`\n]+`/.test(embed.footer.text))
    findings.push(`embed ${i} footer: backticks show literally in a footer`);
}

/** A string select menu: custom_id 100, 1 to 25 options, labels and values 100 (the builder does not count them). */
function checkSelect(findings: string[], at: string, menu: Json): void {
  const options = (menu['options'] as Json[] | undefined) ?? [];
  if (options.length < 1 || options.length > L.selectOptions)
    findings.push(`${at} has ${options.length} options (1 to ${L.selectOptions})`);
  const sizes: [string, unknown][] = [
    ['custom_id', menu['custom_id']],
    ...options.flatMap((o, k): [string, unknown][] => [
      [`option ${k} label`, o['label']],
      [`option ${k} value`, o['value']],
    ]),
  ];
  for (const [what, value] of sizes)
    if (typeof value !== 'string' || value.length === 0 || value.length > L.choiceValue)
      findings.push(`${at} ${what}: empty or over ${L.choiceValue} characters`);
  validate(findings, at, () => new StringSelectMenuBuilder(menu).toJSON());
}

function checkComponents(findings: string[], rows: unknown): void {
  if (!Array.isArray(rows)) return;
  if (rows.length > L.rows) findings.push(`${rows.length} action rows (max ${L.rows})`);
  (rows as Json[]).forEach((row, r) => {
    const components = (row['components'] as Json[] | undefined) ?? [];
    if (components.length === 0 || components.length > 5)
      findings.push(`row ${r} has ${components.length} components`);
    // A select menu fills its row on its own (discord.js's builder checks its id, options, labels, values).
    if (components.some((c) => c['type'] === ComponentType.StringSelect) && components.length > 1)
      findings.push(`row ${r} has a select menu beside other components`);
    components.forEach((c, j) => {
      if (c['type'] === ComponentType.StringSelect) return checkSelect(findings, `row ${r} menu ${j}`, c);
      validate(findings, `row ${r} button ${j}`, () => {
        const b = new ButtonBuilder().setLabel(String(c['label'])).setStyle(Number(c['style']));
        return (
          c['url'] === undefined ? b.setCustomId(String(c['custom_id'])) : b.setURL(String(c['url']))
        ).toJSON();
      });
    });
  });
}

/** Findings for a message body (create or edit, interaction response data or REST); `deferred`: a type 5 callback. */
export function checkDiscordMessage(body: Json, deferred = false, uploaded?: readonly string[]): string[] {
  const findings: string[] = checkV2(body, deferred, uploaded);
  const content = body['content'];
  if (typeof content === 'string' && content.length > L.content)
    findings.push(`content has ${content.length} characters (max ${L.content})`);
  const embeds = (body['embeds'] as APIEmbed[] | undefined) ?? [];
  if (embeds.length > L.embeds) findings.push(`${embeds.length} embeds (max ${L.embeds})`);
  embeds.forEach((e, i) => checkEmbed(findings, e, i));
  const total = embeds.reduce((n, e) => n + embedLength(e), 0);
  if (total > L.embedTotal) findings.push(`embeds hold ${total} characters (max ${L.embedTotal})`);
  if (!flagsV2(body)) checkComponents(findings, body['components']);
  const mentions = body['allowed_mentions'] as
    { parse?: unknown[]; roles?: unknown[]; users?: unknown[] } | undefined;
  if (typeof content === 'string' && content !== '' && (mentions?.parse?.length ?? -1) !== 0) {
    findings.push('content sent without allowed_mentions: { parse: [] }');
  }
  // Only a role or person the content names may be allowed to ping (on-call reminders, approvers).
  for (const [kind, prefix] of [
    ['roles', '<@&'],
    ['users', '<@'],
  ] as const) {
    for (const id of mentions?.[kind] ?? []) {
      if (typeof content !== 'string' || !content.includes(`${prefix}${String(id)}>`))
        findings.push(`allowed_mentions lets ${kind} ${String(id)} ping without naming it in the content`);
    }
  }
  return findings;
}

function checkModal(data: Json): string[] {
  const findings: string[] = [];
  validate(findings, 'modal', () => {
    const modal = new ModalBuilder().setTitle(String(data['title'])).setCustomId(String(data['custom_id']));
    for (const row of (data['components'] as Json[] | undefined) ?? []) {
      const inputs = ((row['components'] as Json[] | undefined) ?? []).map((input) => {
        const b = new TextInputBuilder()
          .setCustomId(String(input['custom_id']))
          .setLabel(String(input['label']))
          .setStyle(Number(input['style']));
        if (input['placeholder'] !== undefined) b.setPlaceholder(String(input['placeholder']));
        if (input['max_length'] !== undefined) b.setMaxLength(Number(input['max_length']));
        if (input['required'] !== undefined) b.setRequired(Boolean(input['required']));
        return b;
      });
      modal.addComponents(new ActionRowBuilder<TextInputBuilder>().addComponents(inputs));
    }
    return modal.toJSON();
  });
  return findings;
}

function checkChoices(choices: unknown): string[] {
  const list = Array.isArray(choices) ? (choices as Json[]) : [];
  const findings: string[] = [];
  if (list.length > L.choices) findings.push(`${list.length} autocomplete choices (max ${L.choices})`);
  for (const c of list) {
    const name = String(c['name'] ?? '');
    if (name.length < 1 || name.length > L.choiceName)
      findings.push(`choice name has ${name.length} characters`);
    if (typeof c['value'] === 'string' && c['value'].length > L.choiceValue)
      findings.push(`choice value has ${c['value'].length} characters`);
  }
  return findings;
}

/** Findings for one REST call the bot made (path after /api/v10), with the names of the files it uploaded. */
export function checkDiscordCall(
  method: string,
  path: string,
  body: unknown,
  uploaded?: readonly string[],
): string[] {
  if (
    body === null ||
    typeof body !== 'object' ||
    Array.isArray(body) ||
    method === 'GET' ||
    method === 'DELETE'
  )
    return [];
  const json = body as Json;
  let findings: string[] = [];
  if (/\/callback$/.test(path)) {
    const type = Number(json['type']);
    const data = (json['data'] as Json | undefined) ?? {};
    if (type === 4 || type === 7) findings = checkDiscordMessage(data, false, uploaded);
    else if (type === 5) findings = checkDiscordMessage(data, true);
    else if (type === 8) findings = checkChoices(data['choices']);
    else if (type === 9) findings = checkModal(data);
  } else if (/^\/(webhooks|channels)\//.test(path)) {
    findings = checkDiscordMessage(json, false, uploaded);
  }
  if (strings(json).some((s) => LONE_SURROGATE.test(s)))
    findings.push('a string holds half an emoji (lone UTF-16 surrogate)');
  return findings.map(
    (f) => `${method} ${path.replace(/\/(webhooks|interactions)\/(\d+)\/[^/]+/, '/$1/$2/…')}: ${f}`,
  );
}
