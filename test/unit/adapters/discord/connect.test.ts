// The connect modal in every language: one short input, never prefilled, within Discord's limits.
import { afterEach, describe, expect, it } from 'vitest';
import { connectModal, CONNECT_MODAL_ID, KEY_INPUT_ID } from '../../../../adapters/discord/connect.js';
import { DISCORD_LIMITS as L } from '../../../../adapters/discord/limits.js';
import type { GuildTenancy } from '../../../../adapters/discord/index.js';
import { LOCALES } from '../../../../src/core/index.js';
import type { StoredInteraction } from '../../../support/fake-discord-store.js';
import { startDiscordWorld } from '../../../support/fake-discord-world.js';
import { waitFor } from '../../../support/wait-for.js';
import { discordView } from '../../../support/discord-view.js';

describe('the connect modal', () => {
  it.each(LOCALES.flatMap((locale) => [[locale, null] as const, [locale, '…WXYZ'] as const]))(
    'fits Discord in %s (linked key %s) and carries no value',
    (locale, hint) => {
      const modal = connectModal(locale, hint);
      expect(modal.customId).toBe(CONNECT_MODAL_ID);
      expect(modal.title.length).toBeLessThanOrEqual(L.modalTitle);
      const [row] = modal.components;
      const input = row && 'components' in row ? row.components[0] : undefined;
      expect(input).toMatchObject({ customId: KEY_INPUT_ID, required: true, minLength: 8 });
      const fields = input as { label: string; placeholder?: string; value?: string };
      expect(fields.label.length).toBeLessThanOrEqual(L.textInputLabel);
      expect((fields.placeholder ?? '').length).toBeLessThanOrEqual(L.textInputPlaceholder);
      expect(fields.value).toBeUndefined();
      if (hint && fields.placeholder) expect(fields.placeholder).toContain(hint);
    },
  );
});

describe('connect when the store fails', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const stop of cleanups.splice(0)) await stop();
  });

  it('still answers the command and the modal submit, privately, without the key', async () => {
    const down = async (): Promise<never> => {
      throw new Error('store down');
    };
    const failing: GuildTenancy = {
      keys: { linkedKeyHint: down, installer: down, link: down, unlink: down, refused: down },
      installations: { saveInstallation: down, forget: down, installedBy: down, clearInstaller: down },
    };
    const world = await startDiscordWorld({ http: true, tenancy: failing });
    cleanups.push(() => world.close());
    const admin = { id: '120000000000000001', username: 'ada', permissions: '32' };
    const answerOf = (i: StoredInteraction) =>
      waitFor(() => {
        const m = i.originalId ? world.discord.store.messages.get(i.originalId) : undefined;
        return m && (m.edits > 0 || m.content !== '' || discordView(m).text !== '') ? m : undefined;
      }, 'an answer');

    const text = (m: Parameters<typeof discordView>[0]) => discordView(m).text;
    const listed = await answerOf(
      (await world.discord.http.slash(world.endpointUrl, admin, ['os', 'list'], {})).interaction,
    );
    expect(text(listed)).toContain('Something went wrong');
    expect(listed.flags & 64).toBe(64);

    const submitted = await world.discord.http.submitCommandModal(
      world.endpointUrl,
      admin,
      CONNECT_MODAL_ID,
      {
        [KEY_INPUT_ID]: 'hk-some-key-0123456789',
      },
    );
    const answer = await answerOf(submitted.interaction);
    expect(text(answer)).toContain('Something went wrong');
    expect(text(answer)).not.toContain('hk-some-key');
    expect(answer.flags & 64).toBe(64);
  });
});
