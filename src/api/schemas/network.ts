// Schemas for private networks (vswitches): detail (spec 2.3) and topology graph (spec 2.4).
import { z } from 'zod';
import { flag, idText, int, listOf, maybe, num, text } from './tolerant.js';

/** Gateway instance of a network; all fields null when the network has none. */
const gatewaySchema = z.object({ uuid: maybe(text), hostname: maybe(text), private_ip: maybe(text) }).loose();

/** Private network detail (endpoint 16). */
export const privateNetworkDetailSchema = z
  .object({
    uuid: idText,
    name: maybe(text),
    tag: maybe(int),
    vid: maybe(text),
    location: maybe(z.object({ id: maybe(int), name: maybe(text) }).loose()),
    total_active_instance: maybe(int),
    status: maybe(text),
    gateway: maybe(gatewaySchema),
    /** Raw "<day> <month name> <year> <HH:MM>"; use parseApiDate to compute. */
    created_at: maybe(text),
    last_update_at: maybe(text),
  })
  .loose();

/** A private network as the bot sees it. */
export type PrivateNetworkDetail = z.output<typeof privateNetworkDetailSchema>;

const looseRecord = z.record(z.string(), z.unknown());

const nodeSchema = z
  .object({
    id: idText,
    type: maybe(text),
    position: maybe(z.object({ x: maybe(num), y: maybe(num) }).loose()),
    data: maybe(looseRecord),
    style: maybe(looseRecord),
    parent: maybe(text),
    draggable: maybe(flag),
  })
  .loose();

const edgeSchema = z.object({ id: maybe(text), source: idText, target: idText, label: maybe(text) }).loose();

/** Network topology (endpoint 17): nodes and edges, each list possibly empty. */
export const privateNetworkGraphSchema = z
  .object({ nodes: listOf(nodeSchema), edges: listOf(edgeSchema) })
  .loose();

/** A network topology graph. */
export type PrivateNetworkGraph = z.output<typeof privateNetworkGraphSchema>;
