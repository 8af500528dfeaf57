import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../src/api/errors.js';
import type { FollowSpec } from '../../../../src/core/command.js';
import type { FollowTarget, OperationTracker } from '../../../../src/core/tracking-port.js';
import { renderText } from '../../../../src/render/text.js';
import type { MessageRef } from '../../../../src/core/index.js';
import {
  actors,
  makeBot,
  POLICY,
  recordingResponder,
  SNAP,
  WEB1,
  WEB2,
} from '../../../support/core-fakes.js';
import { pendingCard } from '../../../../src/render/buttons.js';

const TWO_PERSON = `${POLICY}approvals:\n  two_person: ["instance delete"]\n`;

describe('confirmation', () => {
  it('shows a preview with buttons and calls nothing until confirmed', async () => {
    const { run, fake } = await makeBot({ policy: POLICY });
    const { reply, token, visibility } = await run('instance stop prod-web');
    expect(token).toMatch(/^[A-Za-z0-9_-]{16,22}$/);
    expect(`vps:confirm:${token}`.length).toBeLessThanOrEqual(100);
    expect(reply?.outcome).toBe('needs-confirmation');
    expect(pendingCard(reply)?.style).toBe('danger');
    expect(visibility).toBe('channel');
    const text = renderText(reply!, { now: new Date() });
    expect(text).toContain('Stop web-1?');
    expect(text).toContain('Requested by @alice');
    expect(pendingCard(reply)?.confirmLabel).toBe('Stop web-1');
    expect(text).toContain('Awaiting confirmation: Stop web-1 or Cancel · expires in 2 min');
    expect(fake.count('instance.stop')).toBe(0);
  });

  it('runs once on the requester’s confirm, edits the card, announces and hands off to the tracker', async () => {
    const followed: [FollowSpec, FollowTarget][] = [];
    const tracker: OperationTracker = { follow: (spec, target) => void followed.push([spec, target]) };
    const { run, act, fake } = await makeBot({ policy: POLICY, tracker });
    const first = await run('instance stop prod-web');
    const cardRef = first.responder.replies[0]!.ref;
    const { responder, update } = await act(first.token!);
    expect(fake.count('instance.stop')).toBe(1);
    expect(fake.instances.get(WEB1)?.status).toBe('Stopped');
    expect(responder.updates[0]?.ref).toEqual(cardRef);
    expect(renderText(update!)).toMatch(
      /Stop requested for web-1[\s\S]*Confirmed by @alice at \d\d:\d\d:\d\d UTC/,
    );
    expect(update?.actions).toBeUndefined();
    expect(renderText(responder.announcements[0]!)).toMatch(
      /@alice stopped web-1 \(confirmed \d\d:\d\d:\d\d UTC\)/,
    );
    expect(followed).toHaveLength(1);
    expect(followed[0]![0].doneStatuses).toEqual(['Stopped']);
    expect(followed[0]![1].ref).toEqual(cardRef);
  });

  it('edits the clicked card when the click beats the card’s ref to the store', async () => {
    const { run, act, fake } = await makeBot({ policy: POLICY });
    // The preview's post has not returned yet: the responder holds it, so no card ref is stored.
    let posted!: () => void;
    const held = recordingResponder('C1');
    const reply = held.reply.bind(held);
    held.reply = async (msg, options) => {
      const ref = await reply(msg, options);
      await new Promise<void>((resolve) => (posted = resolve));
      return ref;
    };
    const preview = run('instance stop prod-web', actors.alice, 'C1', held);
    await vi.waitFor(() => expect(held.replies).toHaveLength(1));
    const token = pendingCard(held.replies[0]!.message)!.token;
    const clicked: MessageRef = { platform: 'slack', channelId: 'C1', id: '1700000009.000100' };
    const { responder } = await act(token, actors.alice, 'confirm', undefined, recordingResponder(), {
      clicked,
    });
    posted();
    await preview;
    expect(fake.count('instance.stop')).toBe(1);
    expect(responder.replies).toHaveLength(0);
    expect(responder.updates[0]?.ref).toEqual(clicked);
    expect(renderText(responder.updates[0]!.message)).toContain('Stop requested for web-1');
  });

  it('ignores a clicked message from another channel than the preview', async () => {
    const { run, act } = await makeBot({ policy: POLICY });
    const { token, responder: previewer } = await run('instance stop prod-web');
    const cardRef = previewer.replies[0]!.ref;
    const elsewhere: MessageRef = { platform: 'slack', channelId: 'C2', id: '1700000009.000100' };
    const { responder } = await act(token!, actors.alice, 'confirm', undefined, recordingResponder(), {
      clicked: elsewhere,
    });
    expect(responder.updates[0]?.ref).toEqual(cardRef);
  });

  it('names an instance typed as a bare uuid by the hostname the bot learned before the confirm', async () => {
    const { run, act } = await makeBot({ policy: POLICY });
    const { reply, token } = await run(`snapshot delete ${WEB2} ${SNAP}`);
    expect(reply?.title).toBe(`Delete snapshot ${SNAP} of ${WEB2}?`);
    await run(`instance show ${WEB2}`);
    const { update, responder } = await act(token!);
    expect(update?.title).toBe(`Snapshot ${SNAP} of web-2 deleted`);
    expect(renderText(responder.announcements[0]!)).toMatch(
      /@alice deleted a snapshot of web-2 \(confirmed \d\d:\d\d:\d\d UTC\)$/,
    );
  });

  it('passes the confirmed card to the tracker so progress is added under it', async () => {
    const followed: FollowTarget[] = [];
    const tracker: OperationTracker = { follow: (_spec, target) => void followed.push(target) };
    const { run, act } = await makeBot({ policy: POLICY, tracker });
    const { token } = await run('instance stop prod-web');
    const { update } = await act(token!);
    expect(followed[0]?.card).toEqual(update);
    expect(renderText(followed[0]!.card!)).toMatch(/Stop requested for web-1[\s\S]*Confirmed by @alice at/);
  });

  it('records the followed operation before the card says it started, so a replica dying then loses nothing', async () => {
    const seen: { updatesAtFollow: number; persisted: boolean } = { updatesAtFollow: -1, persisted: false };
    const tracker: OperationTracker = {
      follow: (_spec, target) => {
        seen.updatesAtFollow = (target.responder as unknown as { updates: unknown[] }).updates.length;
        return new Promise<void>((resolve) =>
          setTimeout(() => {
            seen.persisted = true;
            resolve();
          }, 20),
        );
      },
    };
    const { run, act } = await makeBot({ policy: POLICY, tracker });
    const { token } = await run('instance stop prod-web');
    const { responder } = await act(token!);
    expect(seen.updatesAtFollow).toBe(0);
    expect(seen.persisted).toBe(true);
    expect(responder.updates).toHaveLength(1);
  });

  it('refuses a second click on the same confirmation', async () => {
    const { run, act, fake } = await makeBot({ policy: POLICY });
    const { token } = await run('instance stop prod-web');
    await act(token!);
    const again = await act(token!);
    expect(again.reply?.title).toBe('Already handled');
    expect(again.responder.replies[0]?.visibility).toBe('ephemeral');
    expect(fake.count('instance.stop')).toBe(1);
  });

  it('runs the handler exactly once when two confirms race', async () => {
    const { run, act, fake } = await makeBot({ policy: POLICY });
    const { token } = await run('instance stop prod-web');
    const results = await Promise.all([act(token!), act(token!), act(token!)]);
    expect(fake.count('instance.stop')).toBe(1);
    expect(results.filter((r) => r.reply?.title === 'Already handled')).toHaveLength(2);
  });

  it('refuses someone other than the requester and leaves the card alone', async () => {
    const { run, act, fake } = await makeBot({ policy: POLICY });
    const { token } = await run('instance stop prod-web');
    const other = await act(token!, actors.carol);
    expect(other.reply?.title).toBe('Not your confirmation');
    expect(other.responder.updates).toHaveLength(0);
    expect(fake.count('instance.stop')).toBe(0);
    await act(token!);
    expect(fake.count('instance.stop')).toBe(1);
  });

  it('cancels on the requester’s cancel without running anything', async () => {
    const { run, act, fake } = await makeBot({ policy: POLICY });
    const { token } = await run('instance stop prod-web');
    const cancelled = await act(token!, actors.alice, 'cancel');
    expect(renderText(cancelled.update!)).toMatch(
      /Cancelled by @alice at \d\d:\d\d:\d\d UTC — nothing was done/,
    );
    expect(fake.count('instance.stop')).toBe(0);
    expect((await act(token!)).reply?.title).toBe('Already handled');
  });

  it('lets an admin cancel someone else’s request but not a bystander', async () => {
    const { run, act } = await makeBot({ policy: POLICY });
    const { token } = await run('instance stop prod-web');
    expect((await act(token!, actors.carol, 'cancel')).reply?.title).toBe('Not your confirmation');
    expect(renderText((await act(token!, actors.admin, 'cancel')).update!)).toContain('Cancelled by @ada');
  });

  it('asks for the hostname on typed confirmations and keeps the token after a mismatch', async () => {
    const { run, act, fake } = await makeBot({ policy: POLICY });
    const { reply, token } = await run('instance delete prod-web --remove-ip');
    expect(pendingCard(reply)?.typed?.placeholder).toBe('web-1');
    expect(renderText(reply!)).toContain('Awaiting confirmation: type web-1 to confirm, or Cancel');
    expect(renderText(reply!)).toContain('This cannot be undone.');
    const wrong = await act(token!, actors.alice, 'confirm', 'web-2');
    expect(wrong.reply?.title).toBe('Confirmation text does not match');
    const missing = await act(token!, actors.alice, 'confirm');
    expect(missing.reply?.title).toBe('Confirmation text does not match');
    expect(fake.count('instance.delete')).toBe(0);
    const shouted = await act(token!, actors.alice, 'confirm', 'WEB-1');
    expect(shouted.reply?.title).toBe('Confirmation text does not match');
    expect(fake.count('instance.delete')).toBe(0);
    const right = await act(token!, actors.alice, 'confirm', '  web-1 ');
    expect(renderText(right.update!)).toContain('Deleting web-1');
    expect(fake.count('instance.delete')).toBe(1);
  });

  it('checks exec-style input against the preview targets', async () => {
    const { run, act, fake } = await makeBot({ policy: POLICY });
    const { token } = await run('instance stop prod-web');
    expect((await act(token!, actors.alice, 'confirm', 'web-2')).reply?.title).toBe(
      'Confirmation text does not match',
    );
    expect(fake.count('instance.stop')).toBe(0);
    expect((await act(token!, actors.alice, 'confirm', 'WEB-1')).reply?.title).toBe(
      'Confirmation text does not match',
    );
    expect(fake.count('instance.stop')).toBe(0);
    await act(token!, actors.alice, 'confirm', WEB1.toUpperCase());
    expect(fake.count('instance.stop')).toBe(1);
  });

  it('requires an admin other than the requester for two-person commands', async () => {
    const { run, act, fake } = await makeBot({ policy: TWO_PERSON });
    const { token, reply } = await run('instance delete prod-web');
    expect(renderText(reply!)).toContain('needs approval: an admin other than @alice must confirm');
    expect(pendingCard(reply)?.confirmLabel).toBe('Approve');
    expect((await act(token!, actors.alice, 'confirm', 'web-1')).reply?.title).toBe('Needs another approver');
    expect((await act(token!, actors.carol, 'confirm', 'web-1')).reply?.title).toBe('Needs another approver');
    expect(fake.count('instance.delete')).toBe(0);
    const approved = await act(token!, actors.admin, 'confirm', 'web-1');
    expect(renderText(approved.update!)).toContain('Confirmed by @ada');
    expect(renderText(approved.update!)).toContain('requested by @alice');
    expect(fake.count('instance.delete')).toBe(1);
  });

  it('refuses an unknown token', async () => {
    const { act } = await makeBot({ policy: POLICY });
    expect((await act('nope-nope-nope-nope')).reply?.title).toBe('Unknown confirmation');
  });

  it('asks to confirm change commands that define a preview (they cost money)', async () => {
    const { run, act, fake } = await makeBot({ policy: POLICY });
    const { reply, token } = await run('ip add prod-web');
    expect(pendingCard(reply)?.style).toBe('primary');
    expect(fake.count('ip.add')).toBe(0);
    const done = await act(token!);
    expect(renderText(done.update!)).toContain('Added 203.0.113.20');
    expect(done.responder.announcements).toHaveLength(0);
  });

  it('shows a failed run on the card', async () => {
    const { run, act, fake } = await makeBot({ policy: POLICY });
    const { token } = await run('instance stop prod-web');
    // The preview still holds at the click; the stop itself is refused.
    fake.api.instances.stop = (uuid: string) =>
      Promise.reject(
        new ApiError('NOT_FOUND', 'instance.stop', { status: 404, apiMessage: `Instance ${uuid} not found` }),
      );
    const failed = await act(token!);
    expect(renderText(failed.update!)).toMatch(/does not know that resource[\s\S]*— failed\./);
    expect(failed.update?.outcome).toBe('error');
  });
});
