// How the fake Discord refuses a Components V2 message as Discord does (400 Invalid Form Body): a
// message with the IS_COMPONENTS_V2 flag (set now, or set before: it never goes) may hold no
// content and no embeds once the create or edit is applied (an embed message is upgraded only by
// nulling both), at most 40 components and 4,000 characters of text displays, and each
// `attachment://` it shows must name a file uploaded with it (or kept from before).
import { flagsV2, sizeV2 } from './discord-conformance-v2.js';
import { DISCORD_V2_PUBLISHED as L } from './discord-conformance-v2.js';
import { V2_FLAG, type StoredMessage, type UploadedFile } from './fake-discord-store.js';

type Json = Record<string, unknown>;

/** Why Discord would refuse this create (`message` null) or edit, or null when it would take it. */
export function v2Refusal(message: StoredMessage | null, body: Json, files: UploadedFile[]): string | null {
  if (!flagsV2(body) && ((message?.flags ?? 0) & V2_FLAG) === 0) return null;
  const content = 'content' in body ? (body['content'] ?? '') : (message?.content ?? '');
  const embeds = 'embeds' in body ? (body['embeds'] ?? []) : (message?.embeds ?? []);
  if (content !== '' || (Array.isArray(embeds) && embeds.length > 0))
    return 'content or embeds on a Components V2 message';
  if (!Array.isArray(body['components'])) return null;
  const size = sizeV2(body['components'] as Json[]);
  if (size.count > L.components) return `${size.count} components (max ${L.components})`;
  if (size.text > L.text) return `${size.text} characters of text displays (max ${L.text})`;
  const kept = files.length > 0 ? [] : (message?.attachments ?? []).map((a) => a.filename);
  const uploaded = new Set([...files.map((f) => f.name), ...kept]);
  const missing = size.attachments.find((name) => !uploaded.has(name));
  return missing === undefined ? null : `attachment://${missing} names no uploaded file`;
}
