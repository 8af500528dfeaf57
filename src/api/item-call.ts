// Snapshots and backups are addressed the same way: an instance uuid and the item's uuid in the
// path (endpoints 7–10). One builder for those calls, so both resource modules stay declarations.
import type { z } from 'zod';
import type { EndpointName } from './endpoints.js';
import type { Transport } from './transport.js';

/** A call on one item of an instance: `{instance_uuid}` and `{<itemParam>}` filled from the arguments. */
export function itemCall<T>(
  call: Transport,
  endpoint: EndpointName,
  itemParam: 'snapshot_uuid' | 'backup_uuid',
  schema: z.ZodType<T>,
): (instanceUuid: string, itemUuid: string) => Promise<T> {
  return (instanceUuid, itemUuid) =>
    call(endpoint, { params: { instance_uuid: instanceUuid, [itemParam]: itemUuid } }, schema);
}
