// What the Slack listeners share: their dependencies, the user's locale, and running the work
// after the ack in the background with a private notice when it crashes.
import type { Logger } from '../../src/logger.js';
import {
  localeFrom,
  t,
  type Actor,
  type ConfirmGate,
  type Dispatcher,
  type EphemeralState,
  type Locale,
  type Responder,
} from '../../src/core/index.js';
import type { SlackOutbox } from './outbox.js';
import type { UserLocales } from './user-locale.js';

/** What the listeners need; `track` keeps background work visible to stop(). */
export interface HandlerDeps {
  dispatcher: Dispatcher;
  /** Who may confirm, asked before the typed-name dialog opens; without it the dialog opens for anyone. */
  gate?: ConfirmGate;
  outbox: SlackOutbox;
  /** Short-lived state shared by replicas (response_url handles, replayed requests). */
  state: EphemeralState;
  logger?: Logger;
  track(work: Promise<void>): void;
  /** The slash command name, normally "/vps". */
  command: string;
  /** Each user's language (users.info, cached); without it every answer is in English. */
  locales?: UserLocales;
}

/** One request's user language: users.info asked once, after the ack (bounded, never throws). */
export interface RequestLocale {
  /** The platform's tag for the core ("id-ID"); undefined when unknown. */
  tag(): Promise<string | undefined>;
  /** The answer language of the adapter's own texts: Indonesian or else the default. */
  locale(): Promise<Locale>;
  /** The user's IANA time zone (Slack's `tz`), once tag() has been answered; undefined when unknown. */
  zone(): string | undefined;
}

/** The user's language for one request, looked up at most once and only when first asked. */
export function requestLocale(deps: HandlerDeps, userId: string): RequestLocale {
  let asked: Promise<string | undefined> | undefined;
  const tag = () => (asked ??= deps.locales ? deps.locales.of(userId) : Promise.resolve(undefined));
  return { tag, locale: async () => localeFrom(await tag()), zone: () => deps.locales?.zoneOf(userId) };
}

/** The request with its user's language, read from their locale tag here once (for the core's answers). */
export async function withUserLocale<T extends { actor: Actor }>(
  request: T,
  user: RequestLocale,
): Promise<T> {
  const tag = await user.tag();
  const timeZone = user.zone();
  const zoned = timeZone ? { ...request, actor: { ...request.actor, timeZone } } : request;
  return tag ? { ...zoned, locale: localeFrom(tag) } : zoned;
}

/**
 * Runs `work` in the background; on a crash, logs it and tells the user privately, in their
 * language (best effort). The work may have run before the crash: the notice never says "try again".
 */
export function background(
  deps: HandlerDeps,
  what: string,
  work: () => Promise<void>,
  responder: Responder,
  user: RequestLocale,
): void {
  deps.track(
    work().catch(async (error: unknown) => {
      deps.logger?.error({ err: error }, `slack ${what} failed`);
      try {
        const text = t(await user.locale(), 'slack.failed');
        await responder.reply(
          { tone: 'error', blocks: [{ type: 'text', text }] },
          { visibility: 'ephemeral' },
        );
      } catch (notifyError) {
        deps.logger?.warn({ err: notifyError }, 'slack failure notice could not be sent');
      }
    }),
  );
}
