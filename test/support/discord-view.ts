// What a person sees in a Discord message, whichever layout carries it: the content and embeds
// (titles, descriptions, fields, footers) or a Components V2 card (its text displays), the colour
// (embed or container accent), the buttons and menus wherever they sit (rows, sections, containers)
// and the images shown (an embed's image, a media gallery's items). Tests read messages through it.

type Json = Record<string, unknown>;

/** A message as the fake stores it, an API message, or a request body. */
export interface DiscordMessageLike {
  content?: unknown;
  embeds?: unknown;
  components?: unknown;
  flags?: unknown;
}

/** A button or a select menu of the message. */
export interface ViewControl {
  type: number;
  label?: string;
  style?: number;
  customId?: string;
  url?: string;
  /** A select menu's options (label and value). */
  options?: { label: string; value: string }[];
}

/** What the message shows. */
export interface DiscordView {
  /** Sent with IS_COMPONENTS_V2. */
  v2: boolean;
  /** The first embed's title, or the card's `### ` heading. */
  title: string | undefined;
  /** Everything readable, one part a line: content, embed texts, text displays. */
  text: string;
  /** The first embed's colour or the container's accent colour. */
  colour: number | undefined;
  controls: ViewControl[];
  /** The custom_ids of every button and menu. */
  customIds: string[];
  /** The urls of the images shown (`attachment://…`). */
  images: string[];
}

const FLAG_V2 = 1 << 15;

function embedTexts(embed: Json): string[] {
  const fields = (embed['fields'] as Json[] | undefined) ?? [];
  return [
    (embed['author'] as Json | undefined)?.['name'],
    embed['title'],
    embed['description'],
    ...fields.flatMap((f) => [f['name'], f['value']]),
    (embed['footer'] as Json | undefined)?.['text'],
  ].filter((s): s is string => typeof s === 'string' && s !== '');
}

function walk(node: unknown, visit: (c: Json) => void): void {
  if (!node || typeof node !== 'object') return;
  const c = node as Json;
  visit(c);
  for (const child of (c['components'] as unknown[] | undefined) ?? []) walk(child, visit);
  if (c['accessory']) walk(c['accessory'], visit);
}

function control(c: Json): ViewControl {
  const out: ViewControl = { type: Number(c['type']) };
  if (typeof c['label'] === 'string') out.label = c['label'];
  if (typeof c['style'] === 'number') out.style = c['style'];
  if (typeof c['custom_id'] === 'string') out.customId = c['custom_id'];
  if (typeof c['url'] === 'string') out.url = c['url'];
  if (Array.isArray(c['options'])) out.options = c['options'] as { label: string; value: string }[];
  return out;
}

/** Reads a message (undefined: an empty view). */
export function discordView(m: DiscordMessageLike | undefined | null): DiscordView {
  const embeds = (Array.isArray(m?.embeds) ? m.embeds : []) as Json[];
  const texts: string[] = typeof m?.content === 'string' && m.content !== '' ? [m.content] : [];
  texts.push(...embeds.flatMap(embedTexts));
  const controls: ViewControl[] = [];
  const images = embeds.flatMap((e) => {
    const url = (e['image'] as Json | undefined)?.['url'];
    return typeof url === 'string' ? [url] : [];
  });
  let colour = embeds[0]?.['color'] as number | undefined;
  let heading: string | undefined;
  for (const top of (Array.isArray(m?.components) ? m.components : []) as unknown[]) {
    walk(top, (c) => {
      const type = Number(c['type']);
      if (type === 2 || type === 3) controls.push(control(c));
      if (type === 17 && colour === undefined) colour = c['accent_color'] as number | undefined;
      if (type === 12)
        for (const item of (c['items'] as Json[] | undefined) ?? [])
          images.push(String((item['media'] as Json | undefined)?.['url'] ?? ''));
      if (type === 10 && typeof c['content'] === 'string') {
        texts.push(c['content']);
        heading ??= /^### (.*)$/m.exec(c['content'])?.[1];
      }
    });
  }
  return {
    v2: (Number(m?.flags ?? 0) & FLAG_V2) !== 0,
    title: (embeds[0]?.['title'] as string | undefined) ?? heading,
    text: texts.join('\n'),
    colour,
    controls,
    customIds: controls.map((c) => c.customId ?? ''),
    images,
  };
}
