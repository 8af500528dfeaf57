// The authorise step every entry shares: the policy asked once, its refusal a value (audited as denied).
import type { Runtime } from '../context.js';
import type { Actor, Risk } from '../ports.js';
import { PASS, refuse, type StepResult } from './pipeline.js';
import type { Locale } from '../../i18n/locale.js';

/** PASS when `actor` may run `path` in `channelId` now; else the policy's refusal, in `locale`. */
export function authorised(
  rt: Pick<Runtime, 'policy'>,
  actor: Actor,
  command: { path: string; risk: Risk },
  channelId: string,
  locale: Locale,
): StepResult {
  const auth = rt.policy.authorize(actor, command, channelId, locale);
  return auth.allowed ? PASS : refuse(auth.error, true);
}
