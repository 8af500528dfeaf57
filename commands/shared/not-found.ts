// Commands import only types from src/api, so an API error is recognised by its shape.

/** An ApiError NOT_FOUND (the API answered 404 for what was asked). */
export function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'NOT_FOUND';
}
