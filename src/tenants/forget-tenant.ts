// Uninstall: everything a tenant has in the bot's state goes — pending confirmations, channel
// bindings, followed operations, learned hostnames, and every record of the named collections
// (watches, alert state, silences, fleet watches, roles, seen ids, channel languages, kept call
// outcomes), its channels' stories — except its audit records. Run inside the tenant's scope on the tenant-scoped store,
// where every list and id is that tenant's only. The short-lived state expires by itself.
import type { BotStore } from '../core/index.js';
import type { RecordCollection } from '../core/kit/index.js';

/** More than any tenant keeps; an uninstall reads them all. */
const ALL = 1_000_000;

async function emptied(records: RecordCollection<unknown>): Promise<void> {
  for (const id of (await records.ids?.()) ?? []) await records.delete(id);
}

/** Deletes the current tenant's state from `store` (its tenant-scoped view); `collections` names the collections to empty. */
export async function forgetTenantState(store: BotStore, collections: readonly string[]): Promise<void> {
  for (const pending of await store.pending.due(Number.MAX_SAFE_INTEGER, ALL))
    await store.pending.delete(pending.token);
  await emptied(store.bindings);
  await emptied(store.operations);
  for (const name of collections) await emptied(store.collection(name));
  for (const { uuid } of await store.hostnames.search('', ALL)) await store.hostnames.forget(uuid);
  for (const channel of await store.story.channels()) await store.story.drop(channel);
}
