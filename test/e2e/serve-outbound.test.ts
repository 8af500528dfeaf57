// One outbound path under `serve`: against the simulator (HOSTING_API_URL=simulator) every message
// the bot posts — replies and watch alerts alike — carries the simulator marker and has the
// configured secrets redacted, and a command is still acknowledged (deferred) before the hosting
// API is called. The real app over the embedded simulator, a recording Responder and ChannelPoster.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createApp, type App } from '../../src/app/create-app.js';
import { loadConfig } from '../../src/app/config/load.js';
import { SIMULATOR_MARKER } from '../../src/core/runner/outbound.js';
import type { Actor, MessageRef, Responder } from '../../src/core/ports.js';
import { silentLogger } from '../../src/logger.js';
import type { Message } from '../../src/render/message.js';
import { renderText } from '../../src/render/text.js';
import { SEED_IDS } from '../../src/simulator/seed-ids.js';
import { stopAll } from '../support/cleanup.js';
import { waitFor } from '../support/wait-for.js';
import { postLog } from '../support/recording-poster.js';

const OPS: Actor = { platform: 'discord', userId: '100000000000000001', displayName: 'dora' };
const CHANNEL = '200000000000000001';
const WEB2 = SEED_IDS.instances.web2;
/** A configured secret (the Discord token) that the test makes a server's hostname. */
const TOKEN = 'web-secret-token-0123456789';

async function serveApp() {
  const dir = await mkdtemp(join(tmpdir(), 'vpsops-serve-outbound-'));
  await writeFile(join(dir, 'policy.yaml'), `roles:\n  operator: [discord:${OPS.userId}]\n`);
  const config = loadConfig({
    HOSTING_API_URL: 'simulator',
    DISCORD_TOKEN: TOKEN,
    VPSOPS_POLICY: join(dir, 'policy.yaml'),
    VPSOPS_DATA_DIR: join(dir, 'data'),
  });
  const calls: string[] = [];
  const app = await createApp(config, {
    mode: 'serve',
    markSimulator: true,
    charts: null,
    tracker: null,
    watchIntervalMs: 40,
    logger: silentLogger(),
    onApiCall: (event) => void calls.push(`api ${event.endpoint}`),
  });
  const close = () =>
    stopAll(
      () => app.close(),
      () => rm(dir, { recursive: true, force: true }),
    );
  return { app, calls, close };
}

/** Runs `text` as a Discord slash command; `events` gets the deferral, replies and API calls in order. */
async function say(app: App, events: string[], text: string): Promise<Message[]> {
  const said: Message[] = [];
  let seq = 0;
  const responder: Responder = {
    defer: async () => void events.push('defer'),
    reply: async (message) => {
      events.push('reply');
      said.push(message);
      return { platform: 'discord', channelId: CHANNEL, id: `m${(seq += 1)}` } satisfies MessageRef;
    },
    update: async (_ref, message) => void said.push(message),
  };
  await app.dispatcher.dispatch(
    { id: `i-${text}`, platform: 'discord', actor: OPS, channelId: CHANNEL, input: { kind: 'text', text } },
    responder,
  );
  return said;
}

const marked = (message: Message) =>
  message.blocks.some((block) => block.type === 'context' && block.text === SIMULATOR_MARKER);

describe('serve against the simulator: one outbound path', { timeout: 60_000 }, () => {
  it('defers a Discord command before calling the hosting API, and marks the reply', async () => {
    const { app, calls, close } = await serveApp();
    try {
      calls.length = 0;
      const events = calls;
      const said = await say(app, events, `instance show ${WEB2}`);
      expect(events.indexOf('defer')).toBeGreaterThanOrEqual(0);
      expect(events.indexOf('defer')).toBeLessThan(events.findIndex((e) => e.startsWith('api ')));
      expect(said.length).toBeGreaterThan(0);
      for (const message of said) expect(marked(message)).toBe(true);
    } finally {
      await close();
    }
  });

  it('redacts configured secrets in alert cards and marks them as simulated', async () => {
    const { app, calls, close } = await serveApp();
    try {
      const web2 = app.simulator?.state.live.instances.get(WEB2);
      if (!web2) throw new Error('web-2 is not in the simulator');
      web2.hostname = TOKEN;
      const watched = await say(app, calls, `watch ${WEB2}`);
      expect(watched.map((m) => renderText(m)).join('\n')).toMatch(/Watching/);
      const log = postLog('discord');
      await app.startWatching([log.poster('r1')]);
      app.simulator?.state.setStatus(WEB2, 'Error');
      const card = await waitFor(() => log.posts(/needs attention/)[0], 'the alert', 10_000);
      const text = renderText(card.message);
      expect(text).not.toContain(TOKEN);
      expect(text).toContain('[redacted]');
      expect(marked(card.message)).toBe(true);
    } finally {
      await close();
    }
  });
});
