// The confirm step of a typed command that needs confirmation: read the preview, keep the pending
// confirmation, and answer with its card (Confirm / Cancel); the run waits for the click.
import type { Message, Visibility } from '../../render/message.js';
import type { AuditRecord, CommandDefinition, FollowSpec } from '../command.js';
import { newToken, previewCard } from '../confirmation/confirm-card.js';
import { storeNow } from '../confirmation/store-clock.js';
import type { Parsed } from '../parse/parse.js';
import type { Invocation } from '../ports.js';
import { createContext, type Runtime } from '../context.js';
import type { PendingConfirmation } from '../store.js';
import { beforeAnyChange } from '../store-errors.js';
import { DEFAULT_LOCALE } from '../../i18n/locale.js';
import { unknownHoldRefusal } from '../confirmation/unknown-hold.js';

/** Whether the runner must show a preview and wait for Confirm. */
export function needsConfirmation(def: CommandDefinition): boolean {
  return def.risk === 'destructive' || def.preview !== undefined;
}

/** An answer ready to post, and the confirmation it shows as a card (handed to rt.afterReply once posted). */
export interface Decision {
  message: Message;
  visibility: Visibility;
  card?: PendingConfirmation;
  /** A change run at once that names an operation to follow under its reply (direct-follow.ts). */
  follow?: FollowSpec;
}

/** Shows the preview; `previewing` says while live state is read (it gives up like a read). */
export async function startConfirmation(
  rt: Runtime,
  inv: Invocation,
  parsed: Parsed,
  values: Record<string, unknown>,
  record: AuditRecord,
  previewing: (on: boolean) => void,
): Promise<Decision> {
  const { def, path } = parsed;
  if (!def.preview) throw new Error(`${path}: destructive command without preview`);
  const locale = inv.locale ?? DEFAULT_LOCALE;
  // An earlier attempt whose outcome is still unknown: no card for a second one.
  const held = await beforeAnyChange(() => unknownHoldRefusal(rt, def, path, values, locale));
  if (held) throw held;
  const ctx = createContext(rt, inv.actor, inv.channelId, inv.id, locale);
  previewing(true);
  const preview = await def.preview(ctx, values);
  previewing(false);
  const now = await beforeAnyChange(() => storeNow(rt));
  const twoPerson = rt.policy.isTwoPerson(path);
  // An approver must be found and must read the request: two-person requests wait longer.
  const ttlMs = twoPerson ? (rt.config.approvalTtlMs ?? rt.config.confirmTtlMs) : rt.config.confirmTtlMs;
  const pending: PendingConfirmation = {
    token: newToken(),
    command: path,
    args: values,
    auditArgs: record.args,
    requester: inv.actor,
    platform: inv.platform,
    channelId: inv.channelId,
    invocationId: inv.id,
    createdAt: now,
    expiresAt: now + ttlMs,
    targets: preview.targets,
    twoPerson,
    status: 'pending',
  };
  if (preview.typedConfirmation) pending.typedConfirmation = preview.typedConfirmation;
  const card = previewCard(preview, pending, def.risk === 'destructive', locale);
  const { actions: _actions, ...bare } = card;
  pending.card = { ...bare, attachments: [] };
  // Until its card is shown, a pending confirmation is nobody's: an outage here changed nothing.
  await beforeAnyChange(() => rt.store.pending.put(pending));
  record.confirmation = 'pending';
  record.result = 'pending';
  return {
    message: card,
    visibility: def.visibility === 'ephemeral' ? 'ephemeral' : 'channel',
    card: pending,
  };
}
