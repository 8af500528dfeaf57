// The optional endpoints of spec part 10 (E1–E4) may be missing: a 404 or 405 means "not offered
// here", not "not found", and every command that uses one says so plainly.
import type { BillingSummary } from '../../src/api/index.js';
import { UserError, t, type CommandContext } from '../../src/core/index.js';

/** Whether an API error means "this API does not offer the endpoint"; by shape, as commands import only types from src/api. */
export function notOffered(error: unknown): boolean {
  const status = typeof error === 'object' && error !== null && 'status' in error ? error.status : undefined;
  return status === 404 || status === 405;
}

/**
 * The balance summary (E4), or a UserError in the reader's language saying the service does not
 * offer one (`purpose` 'watch': so nothing is watched).
 */
export async function balanceSummary(
  ctx: CommandContext,
  purpose: 'show' | 'watch' = 'show',
): Promise<BillingSummary> {
  try {
    return await ctx.api.billing.summary();
  } catch (error) {
    if (!notOffered(error)) throw error;
    throw new UserError(
      'not-found',
      t(ctx.locale, purpose === 'watch' ? 'billing.noSummaryWatch' : 'billing.noSummary'),
      t(ctx.locale, 'billing.reportsStill'),
    );
  }
}
