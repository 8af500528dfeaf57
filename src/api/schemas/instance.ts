// Schemas for instance payloads: detail (spec 2.1) and instance options (spec 2.10, endpoint 6).
import { z } from 'zod';
import { flag, idText, int, maybe, num, text } from './tolerant.js';

/** Public IP attached to an instance; the service sends null (or []) when there is none. */
const publicIpSchema = z.object({ ip_id: maybe(text), ip_address: maybe(text) }).loose();

/** Operating system template of an instance. */
const instanceOsSchema = z
  .object({
    template_id: maybe(int),
    version: maybe(text),
    os_id: maybe(int),
    name: maybe(text),
    image: maybe(text),
    min_cpu: maybe(int),
    min_memory: maybe(int),
    min_storage: maybe(int),
  })
  .loose();

/** Instance detail (endpoint 1): uuid and hostname are required, everything else may be null. */
export const instanceDetailSchema = z
  .object({
    uuid: idText,
    hostname: idText,
    username: maybe(text),
    cpu: maybe(text),
    is_cpu_dedicated: maybe(flag),
    memory: maybe(text),
    storage: maybe(text),
    status: maybe(text),
    os_name: maybe(text),
    public_ip: maybe(publicIpSchema),
    rdns: maybe(text),
    private_network: maybe(text),
    location_id: maybe(int),
    location: maybe(text),
    tier_id: maybe(int),
    tier: maybe(text),
    os: maybe(instanceOsSchema),
    price_per_hour: maybe(num),
    estimated_monthly_price: maybe(num),
    cost: maybe(num),
    operation_flag: maybe(int),
    /** Raw timestamps as the API writes them; use parseApiDate to compute with them. */
    created_at: maybe(text),
    updated_at: maybe(text),
    last_started_at: maybe(text),
    last_backup_at: maybe(text),
  })
  .loose();

/** An instance detail as the bot sees it. */
export type InstanceDetail = z.output<typeof instanceDetailSchema>;

/** One instance without a public IP (endpoint 6). */
export const instanceOptionSchema = z.object({ id: idText, hostname: maybe(text) }).loose();

/** An instance option: a uuid and a hostname. */
export type InstanceOption = z.output<typeof instanceOptionSchema>;
