// The process exit codes of every CLI mode, documented in `vpsops --help` and exec's help. Beside
// what adapters share, so the console adapter's exec answers with them without importing src/app.

/** 0 ok, 1 error, 2 usage or configuration error, 3 exec needs --confirm, 4 --wait timed out, 5 outcome unknown. */
export const EXIT = { ok: 0, error: 1, usage: 2, needsConfirmation: 3, timedOut: 4, unknown: 5 } as const;

/** One of the exit codes above. */
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];
