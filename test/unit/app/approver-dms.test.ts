// Approvers' direct messages need only the adapters: the app reads its policy before anything asks
// it and takes the adapters' posters as soon as they are up, so a two-person request reaches its
// approvers by DM in a run that never starts the watches (exec), not only once polling runs.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/app/create-app.js';
import { runLifecycle } from '../../../src/app/lifecycle.js';
import { loadConfig } from '../../../src/app/config/load.js';
import type { ChannelPoster, ChatAdapter } from '../../../src/core/index.js';
import { renderText } from '../../../src/render/text.js';
import { recordingResponder } from '../../support/core-fakes.js';

const dir = mkdtempSync(join(tmpdir(), 'vpsops-approver-dms-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const POLICY = `roles:
  admin: [slack:U012ADMIN, slack:U034ADMIN]
approvals:
  two_person: ["instance delete"]
  notify: dm
`;

describe('approvers’ direct messages', () => {
  it('reach the approver once the adapters are up, with no watches started', async () => {
    writeFileSync(join(dir, 'policy.yaml'), POLICY);
    const config = loadConfig({
      VPSOPS_DATA_DIR: join(dir, 'data'),
      VPSOPS_POLICY: join(dir, 'policy.yaml'),
      LOG_LEVEL: 'silent',
    });
    const app = await createApp(config, { charts: null, tracker: null });
    const dms: string[] = [];
    const poster: ChannelPoster = {
      platform: 'slack',
      post: async (channelId) => ({ platform: 'slack', channelId, id: 'm1' }),
      update: async () => undefined,
      tellPrivately: async (userId, message) => void dms.push(`${userId}: ${renderText(message)}`),
    };
    const slack: ChatAdapter = {
      ...poster,
      start: async () => undefined,
      stop: async () => undefined,
      channel: (id) => ({ id, post: (message) => poster.post(id, message), update: poster.update }),
      restore: () => null,
    };
    const responder = recordingResponder('C0OPS');
    await runLifecycle({
      app,
      adapters: async () => [slack],
      until: () =>
        app.dispatcher.dispatch(
          {
            id: 'i1',
            platform: 'slack',
            actor: { platform: 'slack', userId: 'U012ADMIN', displayName: 'ada' },
            channelId: 'C0OPS',
            input: { kind: 'text', text: 'instance delete web-1' },
          },
          responder,
        ),
    });
    expect(responder.replies[0]?.message.outcome).toBe('needs-confirmation');
    expect(dms).toHaveLength(1);
    expect(dms[0]).toMatch(/^U034ADMIN: .*instance delete/);
  });
});
