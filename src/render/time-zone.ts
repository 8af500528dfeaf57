// Whether a name is an IANA time zone this runtime knows (VPSOPS_TIMEZONE, Slack's `tz`): asked of
// Intl, the one source of zone rules the bot uses to read and show times.

/** True for a zone Intl can format in ("Asia/Jakarta", "UTC"). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
