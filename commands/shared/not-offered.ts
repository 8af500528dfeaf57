// The optional endpoints of spec part 10 (E1–E4) may be missing: a 404 or 405 means "not offered
// here", not "not found", and every command that uses one says so plainly.

/** Whether an API error means "this API does not offer the endpoint"; by shape, as commands import only types from src/api. */
export function notOffered(error: unknown): boolean {
  const status = typeof error === 'object' && error !== null && 'status' in error ? error.status : undefined;
  return status === 404 || status === 405;
}
