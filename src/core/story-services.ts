// A command's view of its channel's story: the store's story under the channel's key, and the
// zone its times are shown in.
import { channelKey } from './channel-key.js';
import type { Platform } from './ports.js';
import type { BotStore } from './store.js';
import { STORY_MAX_ENTRIES, type StoryServices } from './story.js';

/** The story services of commands run on `platform`; `timeZone`: VPSOPS_TIMEZONE, if set. */
export function storyServices(store: BotStore, platform: Platform, timeZone?: string): StoryServices {
  return {
    read: (channelId, since) => store.story.read(channelKey(platform, channelId), since, STORY_MAX_ENTRIES),
    add: (channelId, entry) => store.story.append(channelKey(platform, channelId), entry),
    timeZone: (actor) => actor.timeZone ?? timeZone ?? 'UTC',
  };
}
