// Asked before a dialog opens on a Confirm / Approve click: may this person answer the pending
// confirmation now? The same checks the runner makes on submit (place, person, authorization), so a
// requester or someone the policy does not allow gets the explanation at once instead of a dialog
// whose answer would be refused. It changes nothing; the runner checks everything again on submit.
import type { Message } from '../../render/message.js';
import { isTokenShaped } from './confirm-card.js';
import { answerable, otherTenantError } from './confirm-checks.js';
import { userErrorMessage } from '../replies/outcomes.js';
import type { ActionEvent } from '../ports.js';
import type { Runtime } from '../context.js';
import { DEFAULT_LOCALE } from '../../i18n/locale.js';

/** null when `event.actor` may confirm (or the card is unknown here: the runner answers that); else the refusal. */
export async function confirmRefusal(rt: Runtime, event: ActionEvent): Promise<Message | null> {
  if (!isTokenShaped(event.token)) return null;
  const pending = await rt.store.pending.get(event.token);
  if (!pending) return null;
  const foreign = otherTenantError(rt, pending, event.locale);
  if (foreign) return userErrorMessage(foreign, (event.locale ?? DEFAULT_LOCALE));
  if (pending.status === 'used' || rt.now().getTime() >= pending.expiresAt) return null;
  const may = answerable(rt, pending, { ...event, action: 'confirm' });
  return may.ok ? null : userErrorMessage(may.error);
}
