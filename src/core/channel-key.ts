// How a channel is keyed in the store (bindings, languages).
import type { Platform } from './ports.js';

/** Store key of a channel: channel ids are only unique within a platform. */
export function channelKey(platform: Platform, channelId: string): string {
  return `${platform}:${channelId}`;
}
