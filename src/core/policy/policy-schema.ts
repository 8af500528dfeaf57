// The policy file's schema, built from the platforms the catalogue names (src/app/adapters.ts): how
// each writes its members (`slack:U123`, `discord-role:<id>`), its channels and its channels' on-call
// targets — so the core names no platform here, and a new platform brings its own.
import { z } from 'zod';
import { uuidSchema } from '../parse/uuid.js';
import { runbooksSchema } from './runbooks.js';

/** How one platform's people, channels and on-call targets are written in the policy file (its catalogue entry says). */
export interface PolicyPlatform {
  /** Its channels' prefix: `slack` in `slack:C0123`. */
  id: string;
  /** Its members' prefixes: `discord` and `discord-role` (`discord-role:<id>`). */
  memberKinds: readonly string[];
  /** How its members look, for the refusal: `slack:U123`. */
  memberExamples: readonly string[];
  /** How its channels look, for the refusal. */
  channelExample?: string;
  /** Its channels' on-call targets: the id (a regex), how it is said, what a channel of it mentions. */
  oncall?: { target: string; says: string; mentions: string };
}

const either = (words: readonly string[]) => words.join('|');
const aliasTarget = uuidSchema(
  'alias targets must be instance uuids like 7995e990-c3bf-4e27-8ce2-89fd5783f9ea',
);
const list = <T extends z.ZodType>(item: T) =>
  z
    .array(item)
    .nullish()
    .transform((v) => v ?? []);

/** How approvers hear of a two-person request: a mention in its channel, or a direct message each. */
export const APPROVAL_NOTICES = ['channel', 'dm'] as const;
/** The file's schema for these platforms: their member kinds, channels and on-call targets. */
export function policySchemaFor(platforms: readonly PolicyPlatform[]) {
  const memberSchema = z
    .string()
    .regex(new RegExp(`^(\\*|(${either(platforms.flatMap((p) => p.memberKinds))}):\\S+)$`), {
      message: `members look like ${platforms.flatMap((p) => p.memberExamples).join(', ')} or "*"`,
    });
  const channelSchema = z.string().regex(new RegExp(`^(${either(platforms.map((p) => p.id))}):\\S+$`), {
    message: `channels look like ${platforms.flatMap((p) => p.channelExample ?? []).join(' or ')}`,
  });
  const paged = platforms.filter((p) => p.oncall);
  // Who a channel's alert reminders mention (a Slack user group, a Discord role).
  const oncallTarget = z.string().regex(new RegExp(`^(${either(paged.map((p) => p.oncall!.target))})$`), {
    message: `on-call targets are ${paged.map((p) => p.oncall!.says).join(' or ')}`,
  });
  const oncallChannel = new RegExp(`^(${either(paged.map((p) => `${p.id}:`))})?\\S+$`);
  return z
    .object({
      roles: z
        .strictObject({ admin: list(memberSchema), operator: list(memberSchema), viewer: list(memberSchema) })
        .nullish(),
      channels: z
        .strictObject({ destructive: list(channelSchema).optional(), change: list(channelSchema).optional() })
        .nullish(),
      approvals: z
        .strictObject({ two_person: list(z.string()), notify: z.enum(APPROVAL_NOTICES).optional() })
        .nullish(),
      oncall: z.record(z.string().regex(oncallChannel), oncallTarget).nullish(),
      aliases: z
        .record(
          z.string().regex(/^[A-Za-z0-9][\w.-]*$/, { message: 'alias names use letters, digits, . _ -' }),
          aliasTarget,
        )
        .nullish(),
      runbooks: runbooksSchema.nullish(),
    })
    .strict();
}

/** A platform's channel takes its own platform's on-call target (a Slack user group, a Discord role id). */
export function oncallMismatches(
  oncall: Record<string, string>,
  line: (key: string) => number | null,
  platforms: readonly PolicyPlatform[],
): { line: number | null; text: string }[] {
  const paged = platforms.filter((p) => p.oncall);
  const mentions = paged.map((p) => p.oncall!.mentions).join(', ');
  return Object.entries(oncall)
    .filter(([channel, target]) => {
      const format = paged.find((p) => p.id === channel.split(':')[0])?.oncall;
      return format !== undefined && !new RegExp(`^(${format.target})$`).test(target);
    })
    .map(([channel]) => ({ line: line(channel), text: `oncall.${channel}: ${mentions}` }));
}
