// Tenants: linking a workspace's / server's hosting API key (src/tenants/key-messages.ts), in English.
export const tenantsEn = {
  'tenant.howToConnect':
    'This {place, select, server {server} other {workspace}} has no hosting API key linked yet. {place, select, server {A server admin (Manage Server)} other {A workspace admin}} (or whoever installed the app) runs `/vps connect` to link one.',
  'tenant.pastedKey':
    '⚠️ Never paste keys in a channel — use the dialog: run `/vps connect` alone. Rotate that key in your hosting control panel now; it was not used or stored.',
  'tenant.notAllowed':
    'Only a {place, select, server {server admin (Administrator or Manage Server)} other {workspace admin}} or whoever installed the app can link or unlink the hosting API key.',
  'tenant.unlinked': 'The hosting API key was unlinked; commands now answer how to connect.',
  'tenant.noneLinked': 'No key was linked.',
  'tenant.linked':
    'Hosting API key {hint} linked. Commands in this {place, select, server {server} other {workspace}} now use it.',
  'tenant.notInstalled': 'This workspace is not installed; install the app again.',
  'tenant.directMessage':
    'vpsops works in servers only: each server links its own hosting API key. Run `/vps` in a channel of your server.',
  'tenant.dialog.title': 'Link hosting API key',
  'tenant.dialog.label': 'Hosting API key',
  // Slack's modal buttons: at most 24 characters.
  'tenant.dialog.submit': 'Link',
  'tenant.dialog.close': 'Cancel',
  'tenant.dialog.replaces':
    'Replaces the key ending {hint}. Checked with a read call, then stored encrypted.',
  'tenant.dialog.new':
    'Checked with a read call, then stored encrypted; shown afterwards only as its last 4 characters.',
  'tenant.dialog.again': 'Run `/vps connect` again to retry.',
  'tenant.key.tooShort': 'That is too short to be a hosting API key.',
  'tenant.key.unchecked': 'The key could not be checked. Nothing was saved; try again.',
  'tenant.key.refused':
    'The hosting API refused this key. Check it (copy it again from the control panel) and retry.',
  'tenant.key.unavailable':
    'The hosting API could not check the key right now. Nothing was saved; try again in a minute.',
  'tenant.key.notAccepted': 'The hosting API did not accept a read with this key. Nothing was saved.',
  'tenant.unreadableTitle': 'Stored credentials unreadable',
  'tenant.unreadable':
    'This workspace’s (or server’s) stored credentials cannot be read — tell the operator. Nothing was done.',
} as const;

/** The tenant linking texts' keys (tenants-id.ts has each of them). */
export type TenantsKey = keyof typeof tenantsEn;
