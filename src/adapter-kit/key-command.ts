// `connect` / `disconnect` as every platform reads them: which of the two a command asks for (a key
// typed after `connect` is refused unread), and the answers, from the i18n catalogues. Slack and
// Discord differ only in how they open the dialog and who counts as an admin.
import { t, type Locale, type TenantPlace } from '../core/index.js';
import type { TenantKeys } from './tenant-ports.js';

/** What a command asks of the tenant's key; `pastedKey` is `connect` followed by anything. */
export type KeyCommand = 'connect' | 'disconnect' | 'pastedKey';

export type { TenantPlace };

/** The key command of `verb` (the first word), or null for every other command. */
export function keyCommandOf(verb: string, somethingAfter: boolean): KeyCommand | null {
  const word = verb.trim().toLowerCase();
  if (word === 'connect') return somethingAfter ? 'pastedKey' : 'connect';
  if (word === 'disconnect') return 'disconnect';
  return null;
}

/** The fixed answers of the key commands in `locale`. */
export function keyAnswers(locale: Locale, place: TenantPlace) {
  return {
    howToConnect: t(locale, 'tenant.howToConnect', { place }),
    pastedKey: t(locale, 'tenant.pastedKey'),
    notAllowed: t(locale, 'tenant.notAllowed', { place }),
    linked: (hint: string) => t(locale, 'tenant.linked', { hint, place }),
  };
}

/** `disconnect`: unlinks the tenant's key and says whether there was one. */
export async function disconnectAnswer(
  keys: TenantKeys,
  tenantId: string,
  by: string,
  locale: Locale,
): Promise<string> {
  return (await keys.unlink(tenantId, by)) ? t(locale, 'tenant.unlinked') : t(locale, 'tenant.noneLinked');
}

/** The dialog's texts: its title, buttons, the input's label and the hint under it (which key it replaces). */
export function keyDialogTexts(locale: Locale, hint: string | null) {
  return {
    title: t(locale, 'tenant.dialog.title'),
    submit: t(locale, 'tenant.dialog.submit'),
    close: t(locale, 'tenant.dialog.close'),
    label: t(locale, 'tenant.dialog.label'),
    hint: hint ? t(locale, 'tenant.dialog.replaces', { hint }) : t(locale, 'tenant.dialog.new'),
  };
}
