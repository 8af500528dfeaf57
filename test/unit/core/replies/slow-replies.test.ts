// The slow-reply guards count the command's own work, not the time it waited to be acknowledged
// and admitted (serve's admission holds work during a flood inside the responder's defer).
import { describe, expect, it } from 'vitest';
import type { Visibility } from '../../../../src/render/message.js';
import { pendingCard } from '../../../../src/render/buttons.js';
import { renderText } from '../../../../src/render/text.js';
import { actors, makeBot, POLICY, recordingResponder } from '../../../support/core-fakes.js';
import { defineCommand } from '../../../../src/core/define-command.js';
import { message } from '../../../../src/render/builders.js';

/**
 * A responder answered on receipt (as Slack's) whose deferral takes `ms` (a command queued behind a
 * flood). The tests wait 800 ms against 500 ms guards: long enough that counting the wait would trip them.
 */
function slowToAdmit(ms: number) {
  const responder = recordingResponder();
  return Object.assign(responder, {
    acknowledged: true,
    async defer(_visibility: Visibility) {
      await new Promise((resolve) => setTimeout(resolve, ms));
    },
  });
}

const texts = (responder: ReturnType<typeof recordingResponder>) =>
  responder.replies.map((r) => renderText(r.message));

describe('slow-reply guards and the wait for admission', () => {
  it('sends no "still working" note when the preview comes in time after a long wait to be admitted', async () => {
    const { run } = await makeBot({ policy: POLICY, env: { VPSOPS_PROGRESS_AFTER_MS: '500' } });
    const { responder, reply } = await run('instance stop prod-web', actors.alice, 'C1', slowToAdmit(800));
    expect(pendingCard(reply)?.token).toBeDefined();
    expect(texts(responder).filter((t) => t.includes('Still working'))).toEqual([]);
    expect(responder.replies).toHaveLength(1);
  });

  it('answers a read that waited longer than the read budget to be admitted', async () => {
    const { run } = await makeBot({
      policy: POLICY,
      env: { VPSOPS_PROGRESS_AFTER_MS: '5000', VPSOPS_READ_BUDGET_MS: '500' },
    });
    const { reply } = await run('instance show prod-web', actors.bob, 'C1', slowToAdmit(800));
    expect(reply?.title).toBe('web-1');
    expect(reply?.outcome).toBe('ok');
  });

  it('notes "still working" where the platform was answered on receipt and shows nothing, whatever its name', async () => {
    const slow = defineCommand({
      group: 'test',
      name: 'slow',
      summary: 'Takes a while',
      risk: 'read',
      args: {},
      run: async () => {
        await new Promise((resolve) => setTimeout(resolve, 300));
        return message('done');
      },
    });
    const { run } = await makeBot({
      policy: POLICY,
      commands: [slow],
      env: { VPSOPS_PROGRESS_AFTER_MS: '100', VPSOPS_READ_BUDGET_MS: '5000' },
    });
    const notes = (responder: ReturnType<typeof recordingResponder>) =>
      texts(responder).filter((t) => t.includes('Still working on `test slow`'));
    const answeredOnReceipt = () => Object.assign(recordingResponder('C1'), { acknowledged: true });
    // Slack, and a platform the core has never heard of that acks the same way.
    for (const actor of [actors.alice, { ...actors.alice, platform: 'teams' }]) {
      const { responder, reply } = await run('test slow', actor, 'C1', answeredOnReceipt());
      expect(notes(responder)).toHaveLength(1);
      expect(reply?.title).toBe('done');
    }
    // A platform whose deferral already shows the bot at work (Discord's "thinking…").
    const { responder, reply } = await run('test slow', actors.discordOps, 'C1', recordingResponder('C1'));
    expect(notes(responder)).toEqual([]);
    expect(reply?.title).toBe('done');
  });
});
