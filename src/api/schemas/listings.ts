// Schemas for the optional part-10 listings: E1 (an instance's snapshots) and E2 (private networks).
// Only the id is required; every other field may be missing or odd and is then shown as "—".
import { z } from 'zod';
import { idText, int, listOf, maybe, num, text } from './tolerant.js';

/** One snapshot of an instance (E1). */
const snapshotItemSchema = z
  .object({
    id: idText,
    name: maybe(text),
    description: maybe(text),
    status: maybe(text),
    current_hourly_price: maybe(num),
    is_current_state: maybe(z.unknown()),
    /** Raw "<day> <month name> <year> <HH:MM>"; use parseApiDate to compute. */
    created_at: maybe(text),
  })
  .loose();

/** E1 data: the instance's snapshots (null → none). */
export const snapshotListSchema = listOf(snapshotItemSchema);

/** A snapshot as a listing shows it. */
export type SnapshotItem = z.output<typeof snapshotItemSchema>;

/** One private network (E2). `id` (the graph's vswitch id) is not in the published sample: optional. */
const privateNetworkItemSchema = z
  .object({
    uuid: idText,
    id: maybe(int),
    name: maybe(text),
    tag: maybe(int),
    location: maybe(z.unknown()),
    network_ip: maybe(text),
    status: maybe(text),
    created_at: maybe(text),
  })
  .loose();

/** E2 data: every private network of the account (null → none). */
export const privateNetworkListSchema = listOf(privateNetworkItemSchema);

/** A private network as a listing shows it. */
export type PrivateNetworkItem = z.output<typeof privateNetworkItemSchema>;
