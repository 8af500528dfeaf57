// What the Slack listeners share: their dependencies, the user's locale, and running the work
// after the ack in the background with a private notice when it crashes.
import type { Logger } from '../../src/logger.js';
import type { ConfirmGate, Dispatcher, EphemeralState, Responder } from '../../src/core/index.js';
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

/** The request with its user's locale, looked up after the ack (bounded, never throws). */
export async function withUserLocale<T extends { actor: { userId: string } }>(
  deps: HandlerDeps,
  request: T,
): Promise<T> {
  const locale = await deps.locales?.of(request.actor.userId);
  return locale ? { ...request, locale } : request;
}

const FAILURE_TEXT = 'Something went wrong while answering in Slack. Please try again.';

/** Runs `work` in the background; on a crash, logs it and tells the user privately (best effort). */
export function background(
  deps: HandlerDeps,
  what: string,
  work: () => Promise<void>,
  responder: Responder,
): void {
  deps.track(
    work().catch(async (error: unknown) => {
      deps.logger?.error({ err: error }, `slack ${what} failed`);
      try {
        await responder.reply(
          { tone: 'error', blocks: [{ type: 'text', text: FAILURE_TEXT }] },
          { visibility: 'ephemeral' },
        );
      } catch (notifyError) {
        deps.logger?.warn({ err: notifyError }, 'slack failure notice could not be sent');
      }
    }),
  );
}
