// Secrets over Discord, end to end: console credentials reach only the requester (an ephemeral
// deferred reply) and never a channel message, another REST call, the audit trail or a log line;
// the bot token and hosting API key never reach a log line; a viewer is refused before the API.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { captureLogs, type CapturedLogs } from '../support/chat-world-core.js';
import type { RecordedCall } from '../support/fake-discord.js';
import type { StoredInteraction, StoredMessage } from '../support/fake-discord-store.js';
import {
  DISCORD_USERS,
  eventually,
  startDiscordWorld,
  type DiscordWorld,
} from '../support/fake-discord-world.js';

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
  return eventually(() => {
    const m = i.originalId ? world.discord.store.messages.get(i.originalId) : undefined;
    return m && m.edits > 0 && m.embeds.length > 0 ? m : undefined;
  }, what);
}

/** The audit trail as text, once it records a console invocation. */
async function auditText(): Promise<string> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const text = await readFile(join(world.dataDir, 'audit.jsonl'), 'utf8').catch(() => '');
    if (text.includes('console')) return text;
    if (Date.now() > deadline) throw new Error('timed out waiting for the console audit record');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('Discord keeps secrets out of channels, audit and logs', () => {
  it('shows console credentials only to the requester, ephemerally, and nowhere else', async () => {
    const i = world.discord.slash(DISCORD_USERS.operator, ['instance', 'console'], { instance: 'web-1' });
    const reply = await answered(i, 'the console reply');
    const [defer] = callsFor(i);
    expect(defer?.path).toBe(`/interactions/${i.id}/${i.token}/callback`);
    expect(defer?.body).toMatchObject({ type: 5, data: { flags: EPHEMERAL } });
    expect(reply.flags & EPHEMERAL).toBe(EPHEMERAL);

    const replyText = json(reply);
    const password = /password: ([A-Za-z0-9_-]{8,})/.exec(replyText)?.[1];
    const consoleToken = /token=([0-9a-f]{16,})/.exec(replyText)?.[1];
    expect(password, 'the reply shows the password').toBeDefined();
    expect(consoleToken, 'the reply shows the websocket URL').toBeDefined();
    expect(world.sim.countRequests('instance.console')).toBe(1);

    // Everything but the private reply: other REST calls and every non-ephemeral message.
    const privateCalls = callsFor(i).filter(
      (c) => c.method === 'PATCH' && c.path.endsWith('/messages/@original'),
    );
    const otherCalls = world.discord.calls.filter((c) => !privateCalls.includes(c));
    const channelMessages = [...world.discord.store.messages.values()].filter(
      (m) => (m.flags & EPHEMERAL) === 0,
    );
    const visible = json([otherCalls, channelMessages]);
    const audit = await auditText();
    const logged = logs.lines.join('\n');
    for (const secret of [password ?? '', consoleToken ?? '']) {
      expect(visible).not.toContain(secret);
      expect(audit).not.toContain(secret);
      expect(logged).not.toContain(secret);
    }
  });

  it('never logs or audits the bot token or hosting API key', async () => {
    await answered(
      world.discord.slash(DISCORD_USERS.operator, ['instance', 'console'], { instance: 'web-1' }),
      'the console',
    );
    await answered(
      world.discord.slash(DISCORD_USERS.operator, ['instance', 'show'], { instance: 'web-1' }),
      'the show',
    );
    await answered(
      world.discord.slash(DISCORD_USERS.viewer, ['instance', 'console'], { instance: 'web-1' }),
      'the refusal',
    );
    const audit = await auditText();
    for (const secret of [world.discord.botToken, world.sim.apiKey]) expect(audit).not.toContain(secret);
    const logged = logs.lines.join('\n');
    expect(logged, 'the bot logged through the captured logger').toContain('discord: connected');
    expect(logged).not.toContain(world.discord.botToken);
    expect(logged).not.toContain(world.sim.apiKey);
  });

  it('refuses a viewer privately and never asks the hosting API for a console', async () => {
    const i = world.discord.slash(DISCORD_USERS.viewer, ['instance', 'console'], { instance: 'web-1' });
    const refusal = await answered(i, 'the refusal');
    expect(callsFor(i)[0]?.body).toMatchObject({ type: 5, data: { flags: EPHEMERAL } });
    expect(refusal.flags & EPHEMERAL).toBe(EPHEMERAL);
    expect(json(refusal.embeds)).not.toContain('password');
    expect(json(refusal.embeds)).toMatch(/not allowed|denied|permission|role|operator/i);
    expect(world.sim.countRequests('instance.console')).toBe(0);
  });
});
