// The pages a browser sees after a Slack install, in the browser's language (Accept-Language,
// q-values honoured; English when it names neither supported language), with html lang set and
// the text escaped.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { browserLocale, oauthCallbackOptions } from '../../../../adapters/slack/oauth.js';
import { OrgInstallRefused } from '../../../../adapters/slack/installation-store.js';

/** Calls one of the install callbacks with a request carrying `acceptLanguage`; returns what it wrote. */
function pageFor(which: 'success' | 'failure' | 'org', acceptLanguage?: string) {
  const req = { headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {} } as IncomingMessage;
  const written: { status?: number; headers?: Record<string, string>; body?: string } = {};
  const res = {
    writeHead(status: number, headers: Record<string, string>) {
      Object.assign(written, { status, headers });
      return this;
    },
    end(body: string) {
      written.body = body;
      return this;
    },
  } as unknown as ServerResponse;
  type Args<F> = F extends (...args: infer A) => unknown ? A : never;
  type Failure = Args<NonNullable<typeof oauthCallbackOptions.failure>>;
  const options = {} as Failure[1];
  // Bolt's error for a forged or expired state.
  const badState = Object.assign(new Error('bad state'), { code: 'slack_oauth_invalid_state' });
  if (which === 'success') oauthCallbackOptions.success?.({} as never, options, req, res);
  else
    oauthCallbackOptions.failure?.(
      (which === 'org' ? new OrgInstallRefused() : badState) as Failure[0],
      options,
      req,
      res,
    );
  return written;
}

describe('Slack install pages', () => {
  it('picks the supported language the browser prefers most', () => {
    expect(browserLocale('id-ID,id;q=0.9,en-US;q=0.8,en;q=0.7')).toBe('id');
    expect(browserLocale('en-US,en;q=0.9,id;q=0.8')).toBe('en');
    expect(browserLocale('fr-FR, id;q=0.5')).toBe('id');
    expect(browserLocale('en;q=0.2, id-ID;q=0.6')).toBe('id');
    expect(browserLocale('id;q=0, en;q=0.1')).toBe('en');
    expect(browserLocale('fr, de')).toBe('en');
    expect(browserLocale(undefined)).toBe('en');
  });

  it('shows the outcome in Indonesian to an Indonesian browser, with lang="id"', () => {
    const done = pageFor('success', 'id-ID,id;q=0.9,en;q=0.8');
    expect(done.status).toBe(200);
    expect(done.body).toContain('<html lang="id">');
    expect(done.body).toContain('<h1>vpsops sudah terpasang</h1>');
    expect(done.body).toContain('Jalankan /vps connect di Slack');
    const failed = pageFor('failure', 'id');
    expect(failed.status).toBe(400);
    expect(failed.body).toContain('<h1>Pemasangan gagal</h1>');
    expect(failed.body).toContain('Tidak ada yang dipasang.');
    expect(pageFor('org', 'id').body).toContain('Enterprise Grid');
  });

  it('keeps the English pages for everyone else', () => {
    const done = pageFor('success', 'en-GB');
    expect(done.body).toContain('<html lang="en">');
    expect(done.body).toContain('<h1>vpsops is installed</h1>');
    expect(pageFor('failure').body).toContain('Nothing was installed. Start again from the install page.');
    expect(pageFor('org').body).toContain('<h1>Org-wide install not supported</h1>');
  });
});
