// The typed-confirmation modal and where its texts come from (the core, by token).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SLACK_BOT_SCOPES } from '../../../../adapters/slack/bot-scopes.js';
import { typedSpecFor } from '../../../../adapters/slack/typed-dialog.js';
import {
  genericTypedSpec,
  parseModalMetadata,
  typedConfirmView,
  TYPED_INPUT,
} from '../../../../adapters/slack/modal.js';

describe('typed-confirmation modal', () => {
  it('carries the token and channel in private_metadata and asks for the text in one input', () => {
    const view = typedConfirmView(
      {
        confirmLabel: 'Delete',
        cancelLabel: 'Keep',
        typed: {
          title: 'Confirm instance delete and more',
          label: 'Type web-2 to confirm',
          placeholder: 'web-2',
        },
      },
      { token: 'tok', channelId: 'C1' },
    );
    expect(parseModalMetadata(view.private_metadata ?? '')).toEqual({ token: 'tok', channelId: 'C1' });
    expect(view.title.text.length).toBeLessThanOrEqual(24);
    const input = view.blocks.find((b) => b.type === 'input');
    expect(input).toMatchObject({
      block_id: TYPED_INPUT.blockId,
      element: { action_id: TYPED_INPUT.actionId },
    });
  });

  it('escapes the label shown as mrkdwn in the modal body', () => {
    const view = typedConfirmView(
      { ...genericTypedSpec('en'), typed: { title: 'x', label: 'Type <!here>' } },
      { token: 't', channelId: 'C' },
    );
    expect(JSON.stringify(view.blocks[0])).toContain('&lt;!here&gt;');
  });

  it('ignores private_metadata that is not ours', () => {
    expect(parseModalMetadata('not json')).toBeNull();
    expect(parseModalMetadata('{"token":1}')).toBeNull();
    expect(parseModalMetadata('null')).toBeNull();
  });
});

describe('typed specs from the core', () => {
  it('shows the texts the core gives for a token, and nothing for a token it does not know', async () => {
    const prompt = { title: 'Confirm instance delete', label: 'Type web-2 to confirm', placeholder: 'web-2' };
    const core = {
      typedDialog: async (token: string) =>
        token === 'tok' ? { prompt, confirmLabel: 'Delete', cancelLabel: 'Keep' } : null,
    };
    expect(await typedSpecFor(core, 'tok', 1_000)).toEqual({
      confirmLabel: 'Delete',
      cancelLabel: 'Keep',
      typed: prompt,
    });
    expect(await typedSpecFor(core, 'other', 1_000)).toBeUndefined();
  });

  it('falls back (undefined: the generic dialog) when the core fails', async () => {
    const core = { typedDialog: () => Promise.reject(new Error('store down')) };
    expect(await typedSpecFor(core, 'tok', 1_000)).toBeUndefined();
  });
});

describe('Slack app manifest', () => {
  it('declares /vps, interactivity at /slack/events and only the scopes the adapter uses', () => {
    const manifest = parse(
      readFileSync(new URL('../../../../adapters/slack/manifest.yaml', import.meta.url), 'utf8'),
    ) as {
      features: { slash_commands: { command: string; url: string }[] };
      oauth_config: { scopes: { bot: string[] } };
      settings: { interactivity: { is_enabled: boolean; request_url: string }; socket_mode_enabled: boolean };
    };
    expect(manifest.features.slash_commands[0]).toMatchObject({
      command: '/vps',
      url: expect.stringMatching(/\/slack\/events$/),
    });
    expect(manifest.settings.interactivity).toMatchObject({
      is_enabled: true,
      request_url: expect.stringMatching(/\/slack\/events$/),
    });
    expect(manifest.settings.socket_mode_enabled).toBe(false);
    expect([...manifest.oauth_config.scopes.bot].sort()).toEqual([
      'channels:read',
      'chat:write',
      'chat:write.public',
      'commands',
      'files:write',
      'groups:read',
      'pins:write',
      'usergroups:read',
      'users:read',
    ]);
    // OAuth mode asks for the scopes in code (the build ships no manifest): the same ones.
    expect([...SLACK_BOT_SCOPES].sort()).toEqual([...manifest.oauth_config.scopes.bot].sort());
  });
});
