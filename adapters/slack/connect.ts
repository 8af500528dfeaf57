// OAuth mode, before any command runs: the workspace's request runs as its tenant; `/vps connect`
// opens the key dialog (admins and the installer only), `/vps disconnect` unlinks the key, a key
// typed in the command text is refused unread, and in a workspace without a key every other
// command answers with how to connect.
import type { App, webApi } from '@slack/bolt';
import type { Logger } from '../../src/logger.js';
import { disconnectAnswer, keyAnswers, keyCommandOf, keyDialogTexts } from '../../src/adapter-kit/key-command.js';
import { currentTenant, runInTenant } from '../../src/adapter-kit/tenant-context.js';
import type { TenantKeys } from '../../src/adapter-kit/tenant-ports.js';
import { localeFrom, t, type Locale } from '../../src/core/index.js';
import { slackTeamOf, slackTenantId } from './installation-store.js';
import { isFirstDelivery } from './replays.js';
import { ownTeamAdmin } from './workspace-facts.js';
import type { UserLocales } from './user-locale.js';

export const CONNECT_CALLBACK = 'vpsops_connect';
export const KEY_INPUT = { blockId: 'api_key', actionId: 'value' } as const;

// The English answers (tests look for them); each user is answered in their own language.
const ENGLISH = keyAnswers('en', 'workspace');
export const PASTED_KEY_TEXT = ENGLISH.pastedKey;
export const HOW_TO_CONNECT = ENGLISH.howToConnect;

interface Deps {
  keys: TenantKeys;
  command: string;
  logger?: Logger;
  /** Each user's language (users.info, cached, bounded wait); without it, English. */
  locales?: UserLocales;
}

/** The user's language: looked up after the ack, never waited on past the lookup's short budget. */
const localeOf = async (deps: Deps, userId: string): Promise<Locale> =>
  localeFrom(await deps.locales?.of(userId));

/** Whether `userId` may link or unlink the workspace's key: the installer, or a workspace admin / owner. */
async function mayManageKey(deps: Deps, client: webApi.WebClient, tenantId: string, userId: string) {
  if ((await deps.keys.installer(tenantId)) === userId) return true;
  try {
    const { user } = await client.users.info({ user: userId });
    return ownTeamAdmin(user, slackTeamOf(tenantId));
  } catch (error) {
    deps.logger?.warn({ err: error }, 'slack users.info failed; key management refused');
    return false;
  }
}

/** The dialog: one input for the key, never prefilled. */
function connectView(metadata: { channelId: string }, hint: string | null, locale: Locale) {
  const texts = keyDialogTexts(locale, hint);
  return {
    type: 'modal' as const,
    callback_id: CONNECT_CALLBACK,
    private_metadata: JSON.stringify(metadata),
    title: { type: 'plain_text' as const, text: texts.title },
    submit: { type: 'plain_text' as const, text: texts.submit },
    close: { type: 'plain_text' as const, text: texts.close },
    blocks: [
      {
        type: 'input' as const,
        block_id: KEY_INPUT.blockId,
        label: { type: 'plain_text' as const, text: texts.label },
        hint: { type: 'plain_text' as const, text: texts.hint },
        element: {
          type: 'plain_text_input' as const,
          action_id: KEY_INPUT.actionId,
          min_length: 8,
          max_length: 512,
        },
      },
    ],
  };
}

/** Runs each request as the tenant of its workspace (register before every other middleware). */
export function registerTenantScope(app: App): void {
  app.use(async ({ context, next }) => {
    if (!context.teamId) return next();
    await runInTenant(
      { id: slackTenantId(context.teamId), ...(context.botToken ? { botToken: context.botToken } : {}) },
      next,
    );
  });
}

/** Registers the key gate on slash commands and the connect dialog (after registerHandlers: a replay is run only once). */
export function registerConnect(app: App, deps: Deps): void {
  app.use(async (args) => {
    const tenant = currentTenant();
    if (!('command' in args) || args.command.command !== deps.command || !tenant) return args.next();
    const { command, ack, respond, client } = args;
    const [word = '', ...rest] = command.text.trim().split(/\s+/);
    const verb = keyCommandOf(word, rest.length > 0);
    const say = (text: string) => respond({ response_type: 'ephemeral', text });
    // Acked at once; a redelivered request is answered here only once (replays.ts decides after the ack).
    const first = isFirstDelivery(args.body);
    const by = `slack:${command.user_id}`;
    if (verb === 'pastedKey') {
      // Not even logged: the text is a secret the user should now rotate.
      await ack();
      if (!(await first)) return;
      await deps.keys.refused(tenant.id, by, 'connect', 'pastedKey');
      await say(keyAnswers(await localeOf(deps, command.user_id), 'workspace').pastedKey);
      return;
    }
    if (verb === 'connect' || verb === 'disconnect') {
      await ack();
      if (!(await first)) return;
      // Asked together: trigger_id lives 3 s, and views.open needs it.
      const [allowed, locale] = await Promise.all([
        mayManageKey(deps, client, tenant.id, command.user_id),
        localeOf(deps, command.user_id),
      ]);
      if (!allowed) {
        await deps.keys.refused(tenant.id, by, verb, 'notAllowed');
        return void (await say(keyAnswers(locale, 'workspace').notAllowed));
      }
      if (verb === 'disconnect')
        return void (await say(await disconnectAnswer(deps.keys, tenant.id, by, locale)));
      const hint = await deps.keys.linkedKeyHint(tenant.id);
      await client.views.open({
        trigger_id: command.trigger_id,
        view: connectView({ channelId: command.channel_id }, hint, locale),
      });
      return;
    }
    if (!(await deps.keys.linkedKeyHint(tenant.id))) {
      await ack();
      if (!(await first)) return;
      await say(keyAnswers(await localeOf(deps, command.user_id), 'workspace').howToConnect);
      return;
    }
    await args.next();
  });

  app.view(CONNECT_CALLBACK, async ({ ack, body, view, client }) => {
    const tenant = currentTenant();
    const typed = view.state.values[KEY_INPUT.blockId]?.[KEY_INPUT.actionId]?.value ?? '';
    const stay = (text: string) => ack({ response_action: 'errors', errors: { [KEY_INPUT.blockId]: text } });
    // Cached since the dialog opened (the user's language was asked then).
    const locale = await localeOf(deps, body.user.id);
    const answers = keyAnswers(locale, 'workspace');
    if (!tenant) return void (await stay(t(locale, 'tenant.notInstalled')));
    if (!(await mayManageKey(deps, client, tenant.id, body.user.id))) {
      await deps.keys.refused(tenant.id, `slack:${body.user.id}`, 'connect', 'notAllowed');
      return void (await stay(answers.notAllowed));
    }
    const outcome = await deps.keys.link(tenant.id, typed, `slack:${body.user.id}`, locale);
    if (!outcome.linked) return void (await stay(outcome.reason));
    await ack();
    const { channelId } = JSON.parse(view.private_metadata || '{}') as { channelId?: string };
    if (!channelId) return;
    await client.chat
      .postEphemeral({
        channel: channelId,
        user: body.user.id,
        text: answers.linked(outcome.hint),
      })
      .catch((error: unknown) => deps.logger?.warn({ err: error }, 'slack connect notice could not be sent'));
  });
}
