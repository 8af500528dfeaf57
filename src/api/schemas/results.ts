// Schemas for the short results of operations (spec part 4 "data in response"). Identifiers are
// required: an operation result without them cannot be reported and is UPSTREAM_INVALID.
import { z } from 'zod';
import { idText, maybe, text } from './tolerant.js';

/** A hostname echoed by an operation; a missing one becomes "" (the uuid identifies the instance). */
const echoedHostname = maybe(text).transform((value) => value ?? '');

/** Endpoints 2 and 3: the instance that was stopped or is being deleted. */
export const instanceRefSchema = z.object({ uuid: idText, hostname: echoedHostname }).loose();
/** Endpoint 4: console websocket URL and its one-off password (a secret: never log it). */
export const consoleSchema = z.object({ url: idText, password: idText }).loose();
/** Endpoint 7. */
export const snapshotDeletedSchema = z.object({ vm_uuid: idText, snap_uuid: idText }).loose();
/** Endpoint 8. */
export const rollbackSchema = z.object({ uuid: idText }).loose();
/** Endpoint 9. */
export const restoreSchema = z.object({ vm_uuid: idText, backup_uuid: idText }).loose();
/** Endpoint 10. */
export const backupDeletedSchema = z.object({ backup: idText }).loose();
/** Endpoint 12. */
export const ipsetCreatedSchema = z.object({ vm_uuid: idText, ipset: idText }).loose();
/** Endpoint 13. */
export const ipAddedSchema = z.object({ vm_uuid: idText, ip_address: idText }).loose();
/** Endpoint 14. */
export const ipMovedSchema = z.object({ ip_id: idText, instance_id: idText }).loose();
/** Endpoint 15. */
export const vswitchSetSchema = z.object({ vm_uuid: idText }).loose();
/** Endpoint 18. */
export const blockStorageCreatedSchema = z.object({ block_storage_id: idText }).loose();
