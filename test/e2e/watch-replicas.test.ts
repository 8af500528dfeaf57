// Watches end to end below the chat adapters: two app replicas on one shared store and one
// simulator whose instance state the test changes. Exactly one alert message per incident (the
// other polls edit it), the recovery, a CPU alert, the buttons, and a restarted replica still alerting.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { stopAll } from '../support/cleanup.js';
import type { App } from '../../src/app/create-app.js';
import { loadConfig } from '../../src/app/config/load.js';
import { openAuditLog } from '../../src/store/embedded/file-audit-log.js';
import type { Actor, MessageRef, Responder } from '../../src/core/ports.js';
import type { Button, Message } from '../../src/render/message.js';
import { startSimulator } from '../../src/simulator/index.js';
import { SEED_IDS } from '../../src/simulator/seed-ids.js';
import { createMemoryStore } from '../../src/store/memory/table-store.js';
import { renderText } from '../../src/render/text.js';
import { postLog } from '../support/recording-poster.js';
import { waitFor } from '../support/wait-for.js';
import { watchReplica } from '../support/watch-rig.js';

const WEB1 = SEED_IDS.instances.web1;
const CHANNEL = 'C0ONCALL';
const dir = mkdtempSync(join(tmpdir(), 'vpsops-watch-'));
const policyPath = join(dir, 'policy.yaml');
writeFileSync(policyPath, `roles:\n  operator: [slack:UOPS]\n  viewer: ["*"]\naliases:\n  web-1: ${WEB1}\n`);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const OPS: Actor = { platform: 'slack', userId: 'UOPS', displayName: 'oscar' };
const VIEWER: Actor = { platform: 'slack', userId: 'UVIEW', displayName: 'vera' };

function recorder(): { responder: Responder; messages: Message[] } {
  const messages: Message[] = [];
  const ref: MessageRef = { platform: 'slack', channelId: CHANNEL, id: 'reply' };
  return {
    messages,
    responder: {
      reply: async (message) => (messages.push(message), ref),
      update: async (_ref, message) => void messages.push(message),
    },
  };
}

async function say(app: App, actor: Actor, text: string): Promise<string> {
  const { responder, messages } = recorder();
  await app.dispatcher.dispatch(
    { id: `i${Math.random()}`, platform: 'slack', actor, channelId: CHANNEL, input: { kind: 'text', text } },
    responder,
  );
  return messages.map((m) => renderText(m)).join('\n');
}

/** A click, as the adapters pass it on: a command dispatched for the clicker, or a confirmation answer. */
async function click(app: App, actor: Actor, button: Button | undefined): Promise<string> {
  if (button?.command) return say(app, actor, button.command);
  if (!button?.pending) throw new Error('no such button');
  const { responder, messages } = recorder();
  const { token, answer } = button.pending;
  const action = answer === 'cancel' ? 'cancel' : 'confirm';
  await app.dispatcher.act(
    { id: `a${Math.random()}`, platform: 'slack', actor, channelId: CHANNEL, token, action },
    responder,
  );
  return messages.map((m) => renderText(m)).join('\n');
}

describe('watches with two replicas on one store', { timeout: 90_000 }, () => {
  it('posts one alert per incident, edits it, resolves it, and a restarted replica keeps alerting', async () => {
    const sim = await startSimulator();
    const store = createMemoryStore();
    const audit = await openAuditLog(join(dir, 'audit'));
    const log = postLog('slack');
    const config = loadConfig({
      VPSOPS_DATA_DIR: join(dir, 'data'),
      VPSOPS_POLICY: policyPath,
      LOG_LEVEL: 'silent',
      HOSTING_API_URL: sim.url,
      HOSTING_API_KEY: sim.apiKey,
    });
    const replica = (name: string) => watchReplica(config, { store, audit }, log.poster(name));
    const apps: App[] = [];
    try {
      apps.push(await replica('a'), await replica('b'));
      const [a, b] = apps as [App, App];
      expect(await say(a, VIEWER, 'watch web-1')).toMatch(/not allowed|may not|cannot/i);
      expect(await say(a, VIEWER, 'watches')).toMatch(/No watches here/);
      expect(await say(a, OPS, 'watch web-1 --cpu 80')).toMatch(/Watching web-1/);

      sim.state.setStatus(WEB1, 'Error');
      await waitFor(() => log.posts(/needs attention/).length === 1, 'the status alert');
      const alert = log.posts(/needs attention/)[0]!;
      // Polls go on: the card is not posted again, nor edited more than once per 2 s (TEST_PACING).
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(log.posts(/needs attention/)).toHaveLength(1);
      expect(
        log.entries.filter((e) => e.kind === 'update' && e.ref.id === alert.ref.id).length,
      ).toBeLessThanOrEqual(1);
      expect(await say(b, VIEWER, 'watches')).toMatch(/ALERT: Status Error/);

      const ack = alert.message.actions?.find((x) => x.label === 'Acknowledge');
      expect(await click(b, VIEWER, ack)).toMatch(/not allowed|may not|cannot/i);
      expect(await click(b, OPS, ack)).toMatch(/Acknowledged the status alert on web-1/);
      const show = alert.message.actions?.find((x) => x.label === 'Show');
      expect(await click(a, VIEWER, show)).toMatch(/web-1/);
      const records = await audit.recent(CHANNEL, 20, 'slack');
      expect(
        records.some((r) => r.command === 'watch' && r.decision === 'denied' && r.userId === 'UVIEW'),
      ).toBe(true);
      expect(records.some((r) => r.summary?.startsWith('Acknowledged') && r.userId === 'UOPS')).toBe(true);

      sim.state.setStatus(WEB1, 'Running');
      await waitFor(
        () => log.posts(/./).some((p) => /recovered/.test(p.message.summary ?? '')),
        'the recovery notice',
        20_000, // after the card's paced edit (at most one per 2 s)
      );
      const edits = log.entries.filter((e) => e.kind === 'update' && e.ref.id === alert.ref.id);
      expect(edits.at(-1)?.message.title).toBe('web-1: recovered');
      expect(edits.some((e) => /Acknowledged by @oscar/.test(renderText(e.message)))).toBe(true);

      sim.state.setCpuLoad(WEB1, 95);
      await waitFor(() => log.posts(/CPU above threshold/).length === 1, 'the CPU alert');
      await new Promise((r) => setTimeout(r, 200));
      expect(log.posts(/CPU above threshold/)).toHaveLength(1);
      sim.state.setCpuLoad(WEB1, null);
      await waitFor(
        () => log.posts(/./).filter((p) => /recovered/.test(p.message.summary ?? '')).length === 2,
        'CPU recovery',
        20_000,
      );

      // A stop confirmed in this bot is no incident: the channel saw the card.
      const preview = recorder();
      await a.dispatcher.dispatch(
        {
          id: 'stop1',
          platform: 'slack',
          actor: OPS,
          channelId: CHANNEL,
          input: { kind: 'text', text: 'instance stop web-1' },
        },
        preview.responder,
      );
      const confirm = preview.messages[0]?.actions?.find((x) => x.pending?.answer === 'confirm');
      expect(await click(a, OPS, confirm)).toMatch(/stop/i);
      await waitFor(() => sim.state.getInstance(WEB1)?.status === 'Stopped', 'the stop');
      await new Promise((r) => setTimeout(r, 300));
      expect(log.posts(/needs attention/)).toHaveLength(1);
      expect(await say(b, VIEWER, 'watches')).toMatch(/OK \(Stopped\)/);

      for (const app of apps.splice(0)) await app.close();
      const c = await replica('c');
      apps.push(c);
      sim.state.setStatus(WEB1, 'Error');
      await waitFor(
        () => log.posts(/needs attention/).some((p) => p.replica === 'c'),
        'an alert from the restarted replica',
      );
      expect(log.posts(/needs attention/)).toHaveLength(2);
      expect(await say(c, OPS, 'unwatch web-1')).toMatch(/No longer watching web-1/);
      expect(await say(c, OPS, 'watches')).toMatch(/No watches here/);
      expect(await say(c, OPS, 'unwatch web-1')).toMatch(/not watched from this channel/);
    } finally {
      await stopAll(
        ...apps.map((app) => () => app.close()),
        () => audit.close(),
        () => sim.close(),
      );
    }
  });
});
