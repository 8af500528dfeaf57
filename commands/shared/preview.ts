// One shape for every confirmation card: what will happen, to which instance (live status and
// public IP), what else goes with it, whether it can be undone — and the names `exec --confirm` takes.
import type { InstanceDetail } from '../../src/api/index.js';
import {
  type CommandContext,
  type Locale,
  type Preview,
  type ResolvedInstance,
  t,
  UserError,
} from '../../src/core/index.js';
import type { Block, Field, Tone } from '../../src/render/message.js';
import { show } from './format.js';
import { factFields, fetchInstance, isTerminating, labelOf } from './instance-view.js';

/** What a command wants said in its card. */
export interface InstancePreviewInput {
  /** Card title, e.g. "Stop web-1?". */
  title: string;
  detail: InstanceDetail;
  instance: ResolvedInstance;
  /** What exactly will happen, one sentence per line. */
  lines: string[];
  /** Extra facts after status / public IP / location. */
  fields?: Field[];
  /** False when the action can be reversed (no "cannot be undone" line). */
  irreversible?: boolean;
  /** Ask for the hostname typed back (instance delete). */
  typed?: boolean;
  tone?: Tone;
  /** More names `exec --confirm` accepts (e.g. a snapshot uuid). */
  extraTargets?: string[];
  /** The reader's language (English when not given). */
  locale?: Locale;
}

/** Build the preview card for an action on one instance, from its live detail. */
export function instancePreview(input: InstancePreviewInput): Preview {
  const label = labelOf(input.detail, input.instance);
  const locale = input.locale ?? 'en';
  const blocks: Block[] = [
    { type: 'text', text: input.lines.join('\n') },
    {
      type: 'fields',
      fields: [
        { label: t(locale, 'field.instance'), value: label, inline: true },
        ...factFields(input.detail, locale),
        ...(input.fields ?? []),
      ],
    },
  ];
  if (input.irreversible !== false) blocks.push({ type: 'text', text: t(locale, 'preview.irreversible') });
  blocks.push({ type: 'context', text: `uuid ${input.instance.uuid}` });
  const targets = [...new Set([label, input.instance.uuid, ...(input.extraTargets ?? [])])];
  return {
    message: { title: input.title, tone: input.tone ?? 'danger', blocks, summary: input.title },
    targets,
    ...(input.typed ? { typedConfirmation: label } : {}),
  };
}

/** Refuse an action that live state makes pointless, saying why and what to do instead. */
export function pointless(message: string, hint?: string): UserError {
  return new UserError('nothing-to-do', message, hint);
}

/** Refuse an action on an instance already going away: "web-1 is Terminating — it cannot be stopped." */
export function refuseIfTerminating(
  detail: InstanceDetail,
  label: string,
  participle: string,
  locale: Locale = 'en',
): void {
  if (isTerminating(detail.status))
    throw pointless(t(locale, 'preview.refuseGoing', { label, status: show(detail.status), participle }));
}

/**
 * Live detail and the name to call the instance by, for a preview; with `refuse` (a participle such as
 * "stopped"), an instance already going away is refused first.
 */
export async function fetchLabelled(
  ctx: CommandContext,
  instance: ResolvedInstance,
  refuse?: string,
): Promise<{ detail: InstanceDetail; label: string }> {
  const detail = await fetchInstance(ctx, instance);
  const label = labelOf(detail, instance);
  if (refuse !== undefined) refuseIfTerminating(detail, label, refuse, ctx.locale);
  return { detail, label };
}
