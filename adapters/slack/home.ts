// Slack's App Home: on app_home_opened the person's plate is published (views.publish) and kept up
// to date (home-viewers.ts). Its Approve / Deny buttons answer a request exactly like `approve`
// does on the console: the channel the request was asked in is read from the core
// (Dispatcher.pendingTarget) and the click goes through Dispatcher.act — the same checks, the same
// audit, one answer however many clicks; a request whose name must be typed opens the same dialog
// as its card. Private answers go to the clicker's direct messages with the app (a Home has no
// channel); the request's card is edited where it is.
import type { App, BlockButtonAction, webApi } from '@slack/bolt';
import type { Actor, AdapterLookups, Locale, Responder } from '../../src/core/index.js';
import { HOME_ACTIONS, homeView } from './home-view.js';
import { HomeViewers } from './home-viewers.js';
import { background, requestLocale, withUserLocale, type HandlerDeps } from './handler-deps.js';
import { createResponder } from './responder.js';
import { directReply } from './private-reply.js';
import { actionEventFromClick } from './translate.js';
import { typedSpecFor } from './typed-dialog.js';
import { typedConfirmView } from './modal.js';
import { unlessReplayed } from './replays.js';

/** What the Home needs beyond the listeners' deps: the core's plate query. */
export interface HomeDeps extends HandlerDeps {
  plate: NonNullable<AdapterLookups['plate']>;
}

/** Channels of a person looked in for watches and incidents (users.conversations, one page). */
const CHANNEL_PAGE = 200;
/** The typed dialog's texts may take this long before views.open (trigger_id lives 3 s). */
const DIALOG_BUDGET_MS = 1_500;

/** The channels `userId` is in, as far as the bot may see; none when Slack does not say. */
async function channelsOf(client: webApi.WebClient, userId: string): Promise<string[]> {
  try {
    const answer = await client.users.conversations({
      user: userId,
      types: 'public_channel,private_channel',
      exclude_archived: true,
      limit: CHANNEL_PAGE,
    });
    return (answer.channels ?? []).flatMap((c) => (c.id ? [c.id] : []));
  } catch {
    return [];
  }
}

/** Private answers to a Home click go to the clicker's direct messages; the rest as in the request's channel. */
function homeResponder(
  deps: HomeDeps,
  channelId: string,
  userId: string,
  locale: () => Promise<Locale>,
): Responder {
  const inChannel = createResponder(
    deps.outbox,
    { channelId, userId, defaultVisibility: 'ephemeral', locale },
    deps.logger,
  );
  return {
    ...inChannel,
    async reply(message, options) {
      if ((options?.visibility ?? message.visibility ?? 'ephemeral') !== 'ephemeral')
        return inChannel.reply(message, options);
      return directReply(deps.outbox, userId, message, await locale());
    },
  };
}

/** Registers the Home's listeners; returns what redraws open Homes when something changes. */
export function registerHome(app: App, deps: HomeDeps): HomeViewers {
  const draw = async (userId: string): Promise<void> => {
    const user = requestLocale(deps, userId);
    const actor: Actor = { platform: 'slack', userId, displayName: userId };
    try {
      const [channels, locale] = await Promise.all([channelsOf(deps.outbox.client, userId), user.locale()]);
      const plate = await deps.plate.of(actor, channels, locale);
      await deps.outbox.client.views.publish({ user_id: userId, view: homeView(plate, locale, new Date()) });
    } catch (error) {
      deps.logger?.warn({ err: error }, 'slack home could not be published');
    }
  };
  const viewers = new HomeViewers(draw);

  app.event('app_home_opened', async ({ event }) => {
    if (event.tab === 'home') viewers.opened(event.user);
  });

  const answer = async (body: BlockButtonAction, action: 'confirm' | 'cancel', token: string) => {
    const user = requestLocale(deps, body.user.id);
    // Where it was asked; none once answered (the core then says how it ended, before any place check).
    const target = await deps.dispatcher.pendingTarget?.(token);
    const channelId = target?.channelId ?? '';
    const spec =
      action === 'confirm' && target
        ? await typedSpecFor(deps.dispatcher, token, DIALOG_BUDGET_MS)
        : undefined;
    if (spec) {
      const view = typedConfirmView(spec, { token, channelId, locale: await user.locale() });
      await deps.outbox.client.views.open({ trigger_id: body.trigger_id, view });
      return;
    }
    const event = { ...actionEventFromClick(body, action, token), channelId };
    const responder = homeResponder(deps, channelId, body.user.id, user.locale);
    await deps.dispatcher.act(await withUserLocale(event, user), responder);
    // The clicker's Home shows the answer (within the 10 s every Home keeps), and so do others' open ones.
    viewers.opened(body.user.id);
    viewers.changed();
  };
  const onClick =
    (action: 'confirm' | 'cancel') =>
    async ({
      ack,
      body,
      action: element,
    }: {
      ack: () => Promise<void>;
      body: BlockButtonAction;
      action: { value?: string };
    }) => {
      await ack();
      const token = element.value;
      if (!token) return;
      const user = requestLocale(deps, body.user.id);
      const dm = homeResponder(deps, body.user.id, body.user.id, user.locale);
      background(
        deps,
        `home ${action}`,
        () => unlessReplayed(body, () => answer(body, action, token)),
        dm,
        user,
      );
    };
  app.action<BlockButtonAction>(HOME_ACTIONS.approve, onClick('confirm'));
  app.action<BlockButtonAction>(HOME_ACTIONS.deny, onClick('cancel'));
  return viewers;
}
