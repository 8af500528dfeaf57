// The one way API tests capture a rejected hosting-API call, so each suite need not repeat it.
import { isApiError } from '../../src/api/index.js';
import type { ApiError } from '../../src/api/index.js';

/** The ApiError a call rejects with (fails the test if it resolves or throws something else). */
export async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isApiError(error)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}
