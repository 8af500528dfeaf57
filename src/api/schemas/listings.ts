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

/**
 * One server of the instance list (E3), in the published shape. `ip_address` is the public IP (null
 * without one); the monthly estimate is `estimated_monthly_cost` here, `estimated_monthly_price` in
 * the detail (both are read); `created_at` may carry a comma ("25 January 2024, 14:43").
 */
export const instanceListItemSchema = z
  .object({
    uuid: idText,
    hostname: maybe(text),
    ip_address: maybe(text),
    cpu: maybe(text),
    memory: maybe(text),
    storage: maybe(text),
    status: maybe(text),
    location: maybe(text),
    location_id: maybe(int),
    tier: maybe(text),
    price_per_hour: maybe(num),
    estimated_monthly_cost: maybe(num),
    estimated_monthly_price: maybe(num),
    cost: maybe(num),
    operation_flag: maybe(int),
    /** Raw, as the API writes it; use parseApiDate to compute. */
    created_at: maybe(text),
  })
  .loose();

/** A server as the instance list (E3) shows it. */
export type InstanceListItem = z.output<typeof instanceListItemSchema>;
