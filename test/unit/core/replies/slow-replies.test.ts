// The slow-reply guards count the command's own work, not the time it waited to be acknowledged
// and admitted (serve's admission holds work during a flood inside the responder's defer).
import { describe, expect, it } from 'vitest';
import type { Visibility } from '../../../../src/render/message.js';
import { pendingCard } from '../../../../src/render/buttons.js';
import { renderText } from '../../../../src/render/text.js';
import { actors, makeBot, POLICY, recordingResponder } from '../../../support/core-fakes.js';

/** A responder whose deferral takes `ms` (a command queued behind a flood). */
function slowToAdmit(ms: number) {
  const responder = recordingResponder();
  return Object.assign(responder, {
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
    const { responder, reply } = await run('instance stop prod-web', actors.alice, 'C1', slowToAdmit(1_500));
    expect(pendingCard(reply)?.token).toBeDefined();
    expect(texts(responder).filter((t) => t.includes('Still working'))).toEqual([]);
    expect(responder.replies).toHaveLength(1);
  });

  it('answers a read that waited longer than the read budget to be admitted', async () => {
    const { run } = await makeBot({
      policy: POLICY,
      env: { VPSOPS_PROGRESS_AFTER_MS: '5000', VPSOPS_READ_BUDGET_MS: '500' },
    });
    const { reply } = await run('instance show prod-web', actors.bob, 'C1', slowToAdmit(1_500));
    expect(reply?.title).toBe('web-1');
    expect(reply?.outcome).toBe('ok');
  });
});
