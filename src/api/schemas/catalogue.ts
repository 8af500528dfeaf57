// Schemas for the OS catalogue (spec 2.2, endpoint 19) and SSH key options (spec 2.10, endpoint 20).
import { z } from 'zod';
import { int, listOf, maybe, text } from './tolerant.js';

const osVersionSchema = z
  .object({
    id: maybe(int),
    version: maybe(text),
    description: maybe(text),
    min_cpu: maybe(int),
    min_memory: maybe(int),
    min_storage: maybe(int),
  })
  .loose();

/** One operating system with its versions. */
export const osCatalogueEntrySchema = z
  .object({ id: int, os_name: maybe(text), image: maybe(text), os_version: listOf(osVersionSchema) })
  .loose();

/** A catalogue entry as the bot sees it. */
export type OsCatalogueEntry = z.output<typeof osCatalogueEntrySchema>;

/** An SSH key not yet assigned to a VM. */
export const sshKeyOptionSchema = z.object({ id: int, title: maybe(text) }).loose();

/** An SSH key option: integer id and title. */
export type SshKeyOption = z.output<typeof sshKeyOptionSchema>;
