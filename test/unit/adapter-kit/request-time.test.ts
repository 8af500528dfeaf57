// Requests stamped more than five minutes in the future are refused the way stale ones are: a
// signed Slack request gets 401 and nothing is dispatched; a Discord interaction whose snowflake
// time is that far off (either way) is dropped before it is routed.
import type { Interaction } from 'discord.js';
import { describe, expect, it, vi } from 'vitest';
import { handleInteraction, type HandlerContext } from '../../../adapters/discord/interactions.js';
import { REQUEST_TIME_TOLERANCE_MS, requestTimeProblem } from '../../../src/adapter-kit/request-time.js';
import { postSigned, slashCommandForm } from '../../support/fake-slack-requests.js';
import {
  CHANNEL,
  SECRET,
  slackAdapterEachTest,
  type SlackAdapterRig,
} from '../../support/slack-adapter-rig.js';

let rig: SlackAdapterRig;
slackAdapterEachTest((started) => (rig = started));

const nowSec = () => Math.floor(Date.now() / 1000);

function form() {
  return slashCommandForm({
    text: 'instance show web-1',
    userId: 'U1',
    channelId: CHANNEL,
    responseUrl: rig.slack.newResponseUrl(),
  });
}

describe('requestTimeProblem', () => {
  it('accepts five minutes either way and refuses beyond', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(requestTimeProblem(now, now)).toBeNull();
    expect(requestTimeProblem(now + REQUEST_TIME_TOLERANCE_MS, now)).toBeNull();
    expect(requestTimeProblem(now - REQUEST_TIME_TOLERANCE_MS, now)).toBeNull();
    expect(requestTimeProblem(now + REQUEST_TIME_TOLERANCE_MS + 1, now)).toBe('future');
    expect(requestTimeProblem(now - REQUEST_TIME_TOLERANCE_MS - 1, now)).toBe('stale');
    expect(requestTimeProblem(Number.NaN, now)).toBe('invalid');
  });
});

describe('Slack request timestamps', () => {
  it('refuses a correctly signed request stamped six minutes in the future with 401', async () => {
    const answer = await postSigned(rig.events, form(), { secret: SECRET, timestamp: nowSec() + 6 * 60 });
    expect(answer.status).toBe(401);
    expect(rig.dispatcher.invocations).toHaveLength(0);
  });

  it('accepts one stamped four minutes ahead (clock skew within tolerance)', async () => {
    const answer = await postSigned(rig.events, form(), { secret: SECRET, timestamp: nowSec() + 4 * 60 });
    expect(answer.status).toBe(200);
    await vi.waitFor(() => expect(rig.dispatcher.invocations).toHaveLength(1));
  });
});

describe('Discord interaction timestamps', () => {
  function interaction(createdTimestamp: number) {
    const isChatInputCommand = vi.fn(() => false);
    const stub = {
      id: '1',
      createdTimestamp,
      isChatInputCommand,
      isAutocomplete: () => false,
      isButton: () => false,
      isModalSubmit: () => false,
    };
    return { stub: stub as unknown as Interaction, isChatInputCommand };
  }
  const ctx = () => {
    const warn = vi.fn();
    return {
      warn,
      ctx: { logger: { warn, error: vi.fn(), info: vi.fn(), debug: vi.fn() } } as unknown as HandlerContext,
    };
  };

  it('drops an interaction stamped more than five minutes ahead or behind, before routing it', async () => {
    for (const offset of [6 * 60_000, -6 * 60_000]) {
      const { stub, isChatInputCommand } = interaction(Date.now() + offset);
      const { ctx: c, warn } = ctx();
      await handleInteraction(stub, c);
      expect(isChatInputCommand).not.toHaveBeenCalled();
      expect(warn).toHaveBeenCalledWith(
        expect.objectContaining({ problem: offset > 0 ? 'future' : 'stale' }),
        'discord: interaction timestamp refused',
      );
    }
  });

  it('routes an interaction stamped now', async () => {
    const { stub, isChatInputCommand } = interaction(Date.now());
    const { ctx: c, warn } = ctx();
    await handleInteraction(stub, c);
    expect(isChatInputCommand).toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
  });
});
