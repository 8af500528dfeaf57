// Tests script many commands by one person within a minute (loops asking `watches`, 30 previews in
// a row): the per-person rate limit would refuse them. Harnesses start from these settings; the
// limiter has its own tests (test/unit/core/runner/rate-limit.test.ts), which set limits explicitly.
export const SCRIPTED_ENV = { VPSOPS_RATE_LIMIT_USER_PER_MINUTE: '0' } as const;
