// Stories are written down like the audit: the process config's secrets, in any encoding, never
// reach an entry (a note quoting a token, an alert detail naming a key).
import { redactDeep, type Redactor } from '../api/redact.js';
import type { BotStore } from '../core/index.js';
import type { StoryLog } from '../core/kit/index.js';

/** `store` with every story entry redacted by `redact` before it is appended. */
export function withRedactedStory(store: BotStore, redact: Redactor): BotStore {
  const story: StoryLog = {
    append: (channel, entry) => store.story.append(channel, redactDeep(entry, redact)),
    read: (channel, since, limit) => store.story.read(channel, since, limit),
    channels: () => store.story.channels(),
    drop: (channel) => store.story.drop(channel),
  };
  return { ...store, story };
}
