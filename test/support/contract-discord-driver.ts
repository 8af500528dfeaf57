// The adapter contract's Discord driver: slash commands, clicks and modal submits into the real
// discord.js client through the fake gateway — or, in HTTP interactions mode, as signed POSTs to
// the adapter's endpoint — and what reached the fake Discord sorted by who could see it: callbacks,
// follow-ups and edits of ephemeral messages (and modals, autocomplete) are private to the person
// whose interaction they answer; everything else is the channel's.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type Answer, type Card, type StartDriver, type Who } from './adapter-driver.js';
import { captureLogs } from './capture-logs.js';
import type { RecordedCall } from './fake-discord.js';
import type { StoredInteraction } from './fake-discord-store.js';
import { DISCORD_USERS, startDiscordWorld } from './fake-discord-world.js';
import { customIds } from './fake-discord-store.js';
import { discordView, type DiscordMessageLike } from './discord-view.js';
import { waitFor } from './wait-for.js';

const EPHEMERAL = 64;
const USERS = {
  requester: DISCORD_USERS.operator,
  other: DISCORD_USERS.otherOperator,
  viewer: DISCORD_USERS.viewer,
};
const json = (value: unknown) => JSON.stringify(value);

interface DiscordCard extends Card {
  confirmId: string;
  /** custom_id of the typed-confirmation modal, once opened. */
  modalId?: string;
}

/** Starts a Discord world (gateway, or HTTP interactions with `http`) and drives it as an AdapterDriver. */
export function discordDriver(mode: { http: boolean }): StartDriver {
  return async (options = {}) => {
    const logs = captureLogs();
    const world = await startDiscordWorld({
      logger: logs.logger,
      http: mode.http,
      env: options.confirmTtlSeconds ? { VPSOPS_CONFIRM_TTL_SECONDS: String(options.confirmTtlSeconds) } : {},
    });
    const fake = world.discord;
    const owners = new Map<string, Who>();
    /** HTTP mode: first answers returned in the endpoint's response body (no REST call records them). */
    const answers: { token: string; body: unknown }[] = [];
    const message = (id: string | undefined) => (id ? fake.store.messages.get(id) : undefined);

    /** Sends one interaction by gateway or HTTP; resolves with the fake's record of it. */
    async function send(
      who: Who,
      kind: 'slash' | 'click' | 'modal',
      a: string[],
      b: string,
      c: Record<string, string> = {},
    ) {
      const user = USERS[who];
      let i: StoredInteraction;
      if (mode.http) {
        const url = world.endpointUrl;
        const sent =
          kind === 'slash'
            ? fake.http.slash(url, user, a, c)
            : kind === 'click'
              ? fake.http.click(url, user, a[0] ?? '', b)
              : fake.http.submitModal(url, user, a[0] ?? '', b, c);
        const result = await sent;
        if (result.status !== 200) throw new Error(`Discord endpoint answered ${result.status}`);
        i = result.interaction;
        answers.push({ token: i.token, body: result.body });
      } else {
        i =
          kind === 'slash'
            ? fake.slash(user, a, c)
            : kind === 'click'
              ? fake.click(user, a[0] ?? '', b)
              : fake.submitModal(user, a[0] ?? '', b, c);
      }
      owners.set(i.token, who);
      return i;
    }

    /** A message created or edited with this interaction's token, once it has content. */
    function answerOf(i: StoredInteraction): Answer | undefined {
      const original = message(i.originalId);
      const followUp = fake.calls.find(
        (c) =>
          c.method === 'POST' &&
          c.status === 200 &&
          c.path.endsWith(`/webhooks/${fake.world.applicationId}/${i.token}`),
      );
      const shown =
        original &&
        !original.deleted &&
        discordView(original).text !== '' &&
        (original.edits > 0 || i.callbackType === 4)
          ? original
          : followUp
            ? [...fake.store.messages.values()].find(
                (m) => discordView(m).text === discordView(followUp.body as DiscordMessageLike).text,
              )
            : undefined;
      if (!shown) return undefined;
      const answer: Answer = { audience: shown.flags & EPHEMERAL ? 'private' : 'channel', text: json(shown) };
      const confirmId = customIds(shown).find((id) => /^vps:(typed-)?confirm:/.test(id));
      if (confirmId)
        answer.card = { id: shown.id, confirmId, typed: confirmId.startsWith('vps:typed-') } as DiscordCard;
      return answer;
    }

    /** Waits until the bot answered an interaction beyond its acknowledgement (an edit, a follow-up). */
    async function settled(i: StoredInteraction, card: Card, edits: number, what: string) {
      await waitFor(
        () =>
          (message(card.id)?.edits ?? 0) > edits ||
          fake.calls.some((c) => c.path.includes(i.token) && !c.path.endsWith('/callback')),
        what,
      );
    }

    async function click(card: Card, customId: string, who: Who, what: string) {
      const edits = message(card.id)?.edits ?? 0;
      const i = await send(who, 'click', [card.id], customId);
      await settled(i, card, edits, what);
    }

    /** Who could see one REST call or first answer: the channel, one person, or nobody (no content). */
    function audienceOf(path: string, body: unknown): Who | 'channel' {
      const token = /^\/(?:interactions\/\d+|webhooks\/\d+)\/([^/]+)/.exec(path)?.[1] ?? '';
      const owner = owners.get(token) ?? 'requester';
      const b = (body ?? {}) as { type?: number; flags?: number; data?: { flags?: number } };
      if (path.endsWith('/callback')) {
        if (b.type === 8 || b.type === 9) return owner;
        const target =
          b.type === 7 ? message(fake.store.interactions.get(token)?.sourceMessageId)?.flags : b.data?.flags;
        return (target ?? 0) & EPHEMERAL ? owner : 'channel';
      }
      const id = /\/messages\/([^/]+)$/.exec(path)?.[1];
      if (!path.startsWith('/webhooks/')) return 'channel';
      const flags = id
        ? (message(id === '@original' ? fake.store.interactions.get(token)?.originalId : id)?.flags ?? 0)
        : (b.flags ?? 0);
      return flags & EPHEMERAL ? owner : 'channel';
    }
    const seenBy = (who: Who | 'channel') =>
      json([
        fake.calls.filter((c: RecordedCall) => audienceOf(c.path, c.body) === who),
        answers.filter((a) => audienceOf(`/interactions/0/${a.token}/callback`, a.body) === who),
        who === 'channel' ? [...fake.store.messages.values()].filter((m) => (m.flags & EPHEMERAL) === 0) : [],
      ]);

    return {
      platform: 'discord',
      separatesPrivate: true,
      sim: world.sim,
      credentials: [world.discord.botToken, world.sim.apiKey],
      displayName: (who) => USERS[who].username,
      async run(command, who = 'requester') {
        const i = await send(who, 'slash', command.path, '', Object.fromEntries(command.args ?? []));
        return waitFor(() => answerOf(i), `the answer to /vps ${command.path.join(' ')}`);
      },
      confirm: (card, who = 'requester') =>
        click(card, (card as DiscordCard).confirmId, who, 'an answer to Confirm'),
      cancel: (card, who = 'requester') =>
        click(
          card,
          (card as DiscordCard).confirmId.replace(/^vps:confirm:/, 'vps:cancel:'),
          who,
          'an answer to Cancel',
        ),
      async typeName(card, typed, who = 'requester') {
        const c = card as DiscordCard;
        if (!c.modalId) {
          const opened = await send(who, 'click', [card.id], c.confirmId);
          const modal = await waitFor(() => opened.modal, 'the typed-confirmation modal');
          c.modalId = String(modal['custom_id']);
        }
        const edits = message(card.id)?.edits ?? 0;
        const i = await send(who, 'modal', [card.id], c.modalId, { typed });
        await settled(i, card, edits, 'an answer to the typed name');
      },
      cardActions: (card) => {
        const ids = customIds(message(card.id));
        const has = (kind: string) => ids.some((id) => new RegExp(`^vps:(typed-)?${kind}:`).test(id));
        return has('confirm') && has('cancel') ? ['confirm', 'cancel'] : [];
      },
      cardText: (card) => json(message(card.id)),
      channelText: () => seenBy('channel'),
      privateText: (who) => seenBy(who),
      auditText: () => readFile(join(world.dataDir, 'audit.jsonl'), 'utf8').catch(() => ''),
      logText: () => logs.lines.join('\n'),
      close: () => world.close(),
    };
  };
}
