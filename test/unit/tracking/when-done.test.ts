// The follow-up buttons a followed operation names (a rollback's Start) appear on the card only
// once the operation is done: not while it runs, not after it failed or timed out.
import { describe, expect, it } from 'vitest';
import { finalMessage, progressMessage } from '../../../src/tracking/messages.js';
import type { FollowSpec } from '../../../src/core/index.js';
import type { Button, Message } from '../../../src/render/message.js';

const START: Button = { label: 'Start', command: 'instance start 7995e990-c3bf-4e27-8ce2-89fd5783f9ea' };
const SPEC: FollowSpec = {
  kind: 'instance-status',
  instanceUuid: '7995e990-c3bf-4e27-8ce2-89fd5783f9ea',
  label: 'web-1',
  verb: 'rolling back',
  doneStatuses: ['Stopped'],
  whenDone: [START],
};
const CARD: Message = { title: 'Rollback requested for web-1', blocks: [{ type: 'text', text: 'x' }] };

describe('buttons once done', () => {
  it('are on the final card of a done operation only', () => {
    expect(progressMessage(SPEC, 1000, 'Rolling back', CARD).actions).toBeUndefined();
    expect(
      finalMessage({ result: 'done', line: '✅ web-1 is Stopped' }, CARD, SPEC.whenDone).actions,
    ).toEqual([START]);
    expect(
      finalMessage({ result: 'failed', line: '❌ failed' }, CARD, SPEC.whenDone).actions,
    ).toBeUndefined();
    expect(
      finalMessage({ result: 'timed-out', line: '⏱ late' }, CARD, SPEC.whenDone).actions,
    ).toBeUndefined();
    expect(finalMessage({ result: 'done', line: '✅ done' }, CARD).actions).toBeUndefined();
  });
});
