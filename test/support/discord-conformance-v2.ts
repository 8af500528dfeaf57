// Components V2 in the Discord conformance checker: with the IS_COMPONENTS_V2 flag (1 << 15) a
// message has no content and no embeds, at most 40 components (nested ones counted) and 4,000
// characters across its text displays; a container holds 1 to 10 children, a section 1 to 3 text
// displays and an accessory, a media gallery 1 to 10 items, each `attachment://` naming a file the
// message uploads. The flag cannot go on a deferred reply
// (it goes on the edit that follows), and V2 components never travel without it. Each component is
// also rebuilt with discord.js's builders, whose validators carry the per-component limits.
import { ComponentType, createComponentBuilder, MessageFlags } from 'discord.js';

type Json = Record<string, unknown>;

/** Components V2 limits as Discord documents them (developers/docs/components/reference). */
export const DISCORD_V2_PUBLISHED = {
  components: 40,
  text: 4000,
  containerChildren: 10,
  sectionTexts: 3,
  galleryItems: 10,
} as const;
const L = DISCORD_V2_PUBLISHED;

const V2_TYPES = new Set<number>([
  ComponentType.Section,
  ComponentType.TextDisplay,
  ComponentType.Thumbnail,
  ComponentType.MediaGallery,
  ComponentType.File,
  ComponentType.Separator,
  ComponentType.Container,
]);

/** Whether a body asks for Components V2. */
export const flagsV2 = (body: Json): boolean =>
  (Number(body['flags'] ?? 0) & MessageFlags.IsComponentsV2) !== 0;

/** Whether a body carries what a V2 message refuses: content or embeds. */
export function legacyParts(body: Json): string[] {
  const out: string[] = [];
  if (typeof body['content'] === 'string' && body['content'] !== '') out.push('content');
  if (Array.isArray(body['embeds']) && body['embeds'].length > 0) out.push('embeds');
  return out;
}

/** The `attachment://` names a component tree shows (media gallery items, thumbnails, files). */
function attachmentNames(c: Json): string[] {
  const media = [
    ...((c['items'] as Json[] | undefined) ?? []).map((i) => i['media']),
    c['media'],
    c['file'],
  ] as (Json | undefined)[];
  return media.flatMap((m) => {
    const url = m?.['url'];
    return typeof url === 'string' && url.startsWith('attachment://') ? [url.slice(13)] : [];
  });
}

/** A V2 component tree's size as Discord counts it (every component, all text displays) and its attachment names. */
export function sizeV2(components: Json[]): { count: number; text: number; attachments: string[] } {
  const size = { count: 0, text: 0, attachments: [] as string[] };
  components.forEach((top, i) =>
    walk(
      top,
      (c) => {
        size.count += 1;
        if (Number(c['type']) === ComponentType.TextDisplay) size.text += String(c['content'] ?? '').length;
        size.attachments.push(...attachmentNames(c));
      },
      `component ${i}`,
    ),
  );
  return size;
}

function walk(node: Json, visit: (c: Json, at: string) => void, at: string): void {
  visit(node, at);
  const children = (node['components'] as Json[] | undefined) ?? [];
  children.forEach((c, i) => walk(c, visit, `${at}.${i}`));
  const accessory = node['accessory'] as Json | undefined;
  if (accessory) walk(accessory, visit, `${at}.accessory`);
}

function checkNode(findings: string[], c: Json, at: string): void {
  const children = (c['components'] as Json[] | undefined) ?? [];
  const type = Number(c['type']);
  if (type === ComponentType.Container && (children.length < 1 || children.length > L.containerChildren))
    findings.push(`${at}: a container holds ${children.length} components (1 to ${L.containerChildren})`);
  if (type === ComponentType.Section) {
    if (children.length < 1 || children.length > L.sectionTexts)
      findings.push(`${at}: a section holds ${children.length} text displays (1 to ${L.sectionTexts})`);
    if (!c['accessory']) findings.push(`${at}: a section without its accessory`);
  }
  if (type === ComponentType.MediaGallery) {
    const items = (c['items'] as Json[] | undefined) ?? [];
    if (items.length < 1 || items.length > L.galleryItems)
      findings.push(`${at}: a media gallery holds ${items.length} items (1 to ${L.galleryItems})`);
  }
}

/** Findings for the components of a message body, V2 or not (the caller checks action rows). */
export function checkV2(body: Json, deferred: boolean, uploaded?: readonly string[]): string[] {
  const v2 = flagsV2(body);
  const components = Array.isArray(body['components']) ? (body['components'] as Json[]) : [];
  const findings: string[] = [];
  if (deferred && v2)
    findings.push('IS_COMPONENTS_V2 set on a deferred reply (set it on the edit that follows)');
  if (!v2) {
    if (components.some((c) => V2_TYPES.has(Number(c['type']))))
      findings.push('Components V2 components sent without the IS_COMPONENTS_V2 flag');
    return findings;
  }
  for (const part of legacyParts(body)) findings.push(`${part} sent with IS_COMPONENTS_V2 (refused)`);
  const mentions = body['allowed_mentions'] as { parse?: unknown[] } | undefined;
  if ((mentions?.parse?.length ?? -1) !== 0)
    findings.push('text displays sent without allowed_mentions: { parse: [] }');
  components.forEach((top, i) => walk(top, (c, at) => checkNode(findings, c, at), `component ${i}`));
  const { count, text, attachments } = sizeV2(components);
  if (count > L.components) findings.push(`${count} components (max ${L.components} with V2)`);
  if (text > L.text) findings.push(`text displays hold ${text} characters (max ${L.text})`);
  // A media item shows a file of this message: one uploaded with it, or one its attachments name
  // (checked when the call's uploads are known or the body lists its attachments).
  const listed = (body['attachments'] as Json[] | undefined)?.map((a) => String(a['filename'] ?? ''));
  if (uploaded || listed) {
    const names = new Set([...(uploaded ?? []), ...(listed ?? [])]);
    for (const name of attachments)
      if (!names.has(name)) findings.push(`attachment://${name} names no attachment of the message`);
  }
  components.forEach((c, i) => {
    try {
      createComponentBuilder(c as never).toJSON();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      findings.push(`component ${i}: ${message.split('\n').slice(0, 3).join(' ')}`);
    }
  });
  return findings;
}
