// Runbooks in the policy file (`runbooks: {<hostname glob>: <url>}`), linked from alert cards. A
// glob is letters, digits, . _ - with * (any run) and ? (one character), matched case-insensitively
// against the whole hostname; the first entry in file order that matches wins. Only http(s) URLs.
import { z } from 'zod';

/** One runbook entry, in file order. */
export interface Runbook {
  glob: string;
  url: string;
}

const GLOB = /^[A-Za-z0-9.*?_-]+$/;

/** The runbooks key's schema: hostname globs to http(s) URLs. */
export const runbooksSchema = z
  .record(
    z.string(),
    z.url({ protocol: /^https?$/, message: 'runbook links must be http:// or https:// URLs' }),
  )
  .superRefine((runbooks, ctx) => {
    // Checked here rather than as the record's key schema: zod would only say "Invalid key in record".
    for (const glob of Object.keys(runbooks))
      if (!GLOB.test(glob))
        ctx.addIssue({
          code: 'custom',
          path: [glob],
          message: 'runbook keys are hostname globs: letters, digits, . _ - and the wildcards * and ?',
        });
  });

function globRegExp(glob: string): RegExp {
  const body = [...glob]
    .map((c) => (c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[.\\-]/g, '\\$&')))
    .join('');
  return new RegExp(`^${body}$`, 'i');
}

/** The runbook URL for a hostname, if an entry's glob matches it. */
export function runbookFor(runbooks: readonly Runbook[], hostname: string): string | undefined {
  return runbooks.find((r) => globRegExp(r.glob).test(hostname))?.url;
}
