// Wraps every method of a store part so a connection failure surfaces as StoreUnavailableError,
// whichever method hit it (the core recognises one error type, not ioredis's messages).

type Method = (...args: unknown[]) => Promise<unknown>;

/** A copy of `target` whose async methods rethrow errors through `mapError`. */
export function guarded<T extends object>(target: T, mapError: (error: unknown) => unknown): T {
  const wrapped: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(target)) {
    if (typeof value !== 'function') {
      wrapped[name] = value;
      continue;
    }
    const method = value as Method;
    wrapped[name] = async (...args: unknown[]) => {
      try {
        return await method.apply(target, args);
      } catch (error) {
        throw mapError(error);
      }
    };
  }
  return wrapped as T;
}
