// The escalation settings (issue 24): reminders every VPSOPS_ALERT_RENOTIFY_MINUTES (0 = off) and
// the two-person TTL VPSOPS_APPROVAL_TTL_SECONDS; bad values stop the bot with the variable's name.
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/core/errors.js';
import { loadConfig } from '../../src/app/config/load.js';

describe('escalation settings', () => {
  it('defaults to a reminder every 30 min and 15 min for an approver', () => {
    const config = loadConfig({});
    expect(config.watch?.renotifyMs).toBe(30 * 60_000);
    expect(config.approvalTtlMs).toBe(900_000);
  });

  it('takes 0 as "no reminders" and a TTL in seconds', () => {
    const config = loadConfig({ VPSOPS_ALERT_RENOTIFY_MINUTES: '0', VPSOPS_APPROVAL_TTL_SECONDS: '600' });
    expect(config.watch?.renotifyMs).toBe(0);
    expect(config.approvalTtlMs).toBe(600_000);
  });

  it.each([
    ['VPSOPS_ALERT_RENOTIFY_MINUTES', '-1'],
    ['VPSOPS_ALERT_RENOTIFY_MINUTES', 'soon'],
    ['VPSOPS_APPROVAL_TTL_SECONDS', '0'],
  ])('refuses %s=%s naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });
});
