// The runner hands each responder a lookup of the channel's language (its `language` setting, else
// VPSOPS_LOCALE), for what the platform itself writes where everyone sees it (Slack's last
// response_url edit): on a command and on a click, read from the store only when asked.
import { describe, expect, it } from 'vitest';
import type { Locale } from '../../../../src/core/index.js';
import { setChannelLocale } from '../../../../src/core/channel-language.js';
import { makeBot, POLICY, recordingResponder, WEB1 } from '../../../support/core-fakes.js';

/** A recording responder that keeps the lookup the runner hands over. */
function lookupKeeper(channelId: string) {
  const kept: { lookup?: () => Promise<Locale> } = {};
  const responder = Object.assign(recordingResponder(channelId), {
    useChannelLocale(lookup: () => Promise<Locale>) {
      kept.lookup = lookup;
    },
  });
  return { responder, kept };
}

describe('the channel language handed to the responder', () => {
  it('is the channel’s setting, else VPSOPS_LOCALE, on a command and on a click', async () => {
    const { run, act, bot } = await makeBot({ policy: POLICY, env: { VPSOPS_LOCALE: 'id' } });
    await setChannelLocale(bot.store, 'slack', 'C-EN', { locale: 'en', setBy: 'slack:U012ADMIN', at: 0 });

    const english = lookupKeeper('C-EN');
    await run(`instance show ${WEB1}`, undefined, 'C-EN', english.responder);
    expect(await english.kept.lookup?.()).toBe('en');

    const unset = lookupKeeper('C1');
    const { token } = await run(`instance stop ${WEB1}`, undefined, 'C1', unset.responder);
    expect(await unset.kept.lookup?.()).toBe('id');

    expect(token).toBeDefined();
    const click = lookupKeeper('C1');
    await act(token ?? 'missing', undefined, 'cancel', undefined, click.responder);
    expect(await click.kept.lookup?.()).toBe('id');
  });
});
