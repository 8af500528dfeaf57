// The one deadline helper: work that must answer within a budget (a platform's ack window, a
// readiness probe, best-effort store work). Work that accepts an AbortSignal gets one aborted at the
// deadline; a late failure is ignored (the race has already answered). The timer is unref'd: a
// deadline never keeps the process alive by itself.

/** Why work given to withDeadline did not answer in time (when no onTimeout value was given). */
export class DeadlineExceeded extends Error {
  constructor(readonly ms: number) {
    super(`no answer within ${ms} ms`);
    this.name = 'DeadlineExceeded';
  }
}

/** Work for withDeadline: a promise already running, or a function started with the deadline's signal. */
export type DeadlineWork<T> = Promise<T> | ((signal: AbortSignal) => Promise<T>);

/** `work`'s result, or — after `ms` — a DeadlineExceeded rejection. */
export function withDeadline<T>(work: DeadlineWork<T>, ms: number): Promise<T>;
/** `work`'s result, or — after `ms` — what `onTimeout` returns. */
export function withDeadline<T, F>(work: DeadlineWork<T>, ms: number, onTimeout: () => F): Promise<T | F>;
export function withDeadline<T, F>(work: DeadlineWork<T>, ms: number, onTimeout?: () => F): Promise<T | F> {
  // A signal only for work that takes one (most calls pass a promise; a controller costs more than the race).
  let controller: AbortController | undefined;
  const running = typeof work === 'function' ? work((controller = new AbortController()).signal) : work;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<F>((resolve, reject) => {
    timer = setTimeout(() => {
      controller?.abort(new DeadlineExceeded(ms));
      if (onTimeout) resolve(onTimeout());
      else reject(new DeadlineExceeded(ms));
    }, ms);
    timer.unref();
  });
  return Promise.race([running, late]).finally(() => clearTimeout(timer));
}
