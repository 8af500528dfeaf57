// The language of what everyone in a channel sees (public notices, alerts): the channel's own
// setting (`language <en|id>`, kept in the store so every replica reads the same), else the
// deployment's default (VPSOPS_LOCALE). Private replies never use it: they follow the user.
import { DEFAULT_LOCALE, parseLocale, type Locale } from '../i18n/locale.js';
import { channelKey } from './channel-key.js';
import type { ChannelLanguage, ChannelLocale } from './command.js';
import type { Platform } from './ports.js';
import { COLLECTIONS, type BotStore } from './store.js';
import { bestEffort } from './store-best-effort.js';

function languages(store: BotStore) {
  return store.collection<ChannelLanguage>(COLLECTIONS.channelLanguages);
}

/** The channel's language: its setting, else `fallback`. A record that no longer parses counts as unset. */
export async function channelLocale(
  store: BotStore,
  platform: Platform,
  channelId: string,
  fallback: Locale = DEFAULT_LOCALE,
): Promise<ChannelLocale> {
  const setting = await languages(store).get(channelKey(platform, channelId));
  const locale = setting ? parseLocale(setting.locale) : null;
  return locale && setting ? { locale, source: 'channel', setting } : { locale: fallback, source: 'default' };
}

/** Sets (or, with null, clears) the channel's language. */
export async function setChannelLocale(
  store: BotStore,
  platform: Platform,
  channelId: string,
  setting: ChannelLanguage | null,
): Promise<void> {
  const key = channelKey(platform, channelId);
  if (setting) await languages(store).put(key, setting);
  else await languages(store).delete(key);
}

/** The channel's language read once, when first asked; `fallback` when the store cannot say (in time). */
export function channelLocaleOnce(
  store: BotStore,
  platform: Platform,
  channelId: string,
  fallback: Locale = DEFAULT_LOCALE,
): () => Promise<Locale> {
  let found: Promise<Locale> | undefined;
  return () =>
    (found ??= bestEffort(
      'reading the channel language',
      async () => (await channelLocale(store, platform, channelId, fallback)).locale,
      fallback,
    ));
}
