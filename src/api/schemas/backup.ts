// Schema for backup history items (spec 2.8, endpoint 11).
import { z } from 'zod';
import { idText, listOf, maybe, num, text } from './tolerant.js';

const attachedStorageSchema = z.object({ id: maybe(text), name: maybe(text), size: maybe(num) }).loose();

/** One backup in an instance's history. */
export const backupHistoryItemSchema = z
  .object({
    id: idText,
    schedule: maybe(text),
    current_cost: maybe(num),
    est_this_month: maybe(num),
    size: maybe(num),
    /** Raw "<day> <month name> <year> <HH:MM>"; use parseApiDate to compute. */
    created_at: maybe(text),
    attached_storage: listOf(attachedStorageSchema),
  })
  .loose();

/** A backup history item as the bot sees it. */
export type BackupHistoryItem = z.output<typeof backupHistoryItemSchema>;
