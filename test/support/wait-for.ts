// The one way tests wait for something that happens asynchronously: poll a check until it returns
// something truthy, or fail after a while saying what was awaited (never a fixed sleep).

/** Polls `check` until it returns something truthy and returns that, or fails after `timeoutMs`. */
export async function waitFor<T>(
  check: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  what = 'a condition',
  timeoutMs = 5_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
