// Secrets over Discord, end to end: console credentials are deferred ephemerally (no public
// "thinking…" in front of them), and a viewer's refusal is deferred privately. That the credentials
// reach only the requester, and that the bot token and hosting API key never reach a log line, the
// audit trail or a message, is stated for every adapter in test/contract/adapter-contract.ts.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { captureLogs, type CapturedLogs } from '../support/capture-logs.js';
import type { RecordedCall } from '../support/fake-discord.js';
import type { StoredInteraction, StoredMessage } from '../support/fake-discord-store.js';
import { DISCORD_USERS, startDiscordWorld, type DiscordWorld } from '../support/fake-discord-world.js';
import { waitFor } from '../support/wait-for.js';
import { discordView } from '../support/discord-view.js';

const EPHEMERAL = 64;

let world: DiscordWorld;
let logs: CapturedLogs;

beforeEach(async () => {
  logs = captureLogs();
  world = await startDiscordWorld({ logger: logs.logger });
});

afterEach(async () => {
  await world.close();
});

const json = (value: unknown) => JSON.stringify(value);

/** Calls the fake received for one interaction token, in order. */
const callsFor = (i: StoredInteraction): RecordedCall[] =>
  world.discord.calls.filter((c) => c.path.includes(i.token));

/** The interaction's @original message once it has been edited with an embed. */
function answered(i: StoredInteraction, what: string): Promise<StoredMessage> {
  return waitFor(() => {
    const m = i.originalId ? world.discord.store.messages.get(i.originalId) : undefined;
    return m && m.edits > 0 && discordView(m).text !== '' ? m : undefined;
  }, what);
}

describe('Discord keeps secrets behind private deferrals', () => {
  it('defers the console reply privately: the credentials never sit behind a public "thinking…"', async () => {
    const i = world.discord.slash(DISCORD_USERS.operator, ['instance', 'console'], { instance: 'web-1' });
    const reply = await answered(i, 'the console reply');
    const [defer] = callsFor(i);
    expect(defer?.path).toBe(`/interactions/${i.id}/${i.token}/callback`);
    expect(defer?.body).toMatchObject({ type: 5, data: { flags: EPHEMERAL } });
    expect(reply.flags & EPHEMERAL).toBe(EPHEMERAL);
    expect(json(reply)).toMatch(/password: [A-Za-z0-9_-]{8,}/);
    expect(logs.lines.join('\n'), 'the bot logged through the captured logger').toContain(
      'discord: connected',
    );
  });

  it("defers a viewer's refusal privately and never asks the hosting API for a console", async () => {
    const i = world.discord.slash(DISCORD_USERS.viewer, ['instance', 'console'], { instance: 'web-1' });
    const refusal = await answered(i, 'the refusal');
    expect(callsFor(i)[0]?.body).toMatchObject({ type: 5, data: { flags: EPHEMERAL } });
    expect(refusal.flags & EPHEMERAL).toBe(EPHEMERAL);
    expect(discordView(refusal).text).not.toContain('password');
    expect(discordView(refusal).text).toMatch(/not allowed|denied|permission|role|operator/i);
    expect(world.sim.countRequests('instance.console')).toBe(0);
  });
});
