// createApp's choice of backend: an external hosting API when HOSTING_API_URL (+ key) is set,
// the embedded simulator otherwise — and a URL without a key is a configuration error.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app/create-app.js';
import { ConfigError } from '../../src/core/errors.js';
import { loadConfig } from '../../src/app/config/load.js';
import type { MessageRef, Responder } from '../../src/core/ports.js';
import type { Message } from '../../src/render/message.js';
import { startSimulator } from '../../src/simulator/index.js';
import { SEED_IDS } from '../../src/simulator/seed-ids.js';
import { consoleActor, toInvocation } from '../../adapters/console/translate.js';

const dir = mkdtempSync(join(tmpdir(), 'vpsops-app-'));
const policyPath = join(dir, 'policy.yaml');
writeFileSync(policyPath, 'roles:\n  viewer: ["*"]\n');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function recorder(): { responder: Responder; messages: Message[] } {
  const messages: Message[] = [];
  const ref: MessageRef = { platform: 'console', channelId: 'console', id: 'r1' };
  return {
    messages,
    responder: {
      reply: async (message) => (messages.push(message), ref),
      update: async (_ref, message) => void messages.push(message),
    },
  };
}

const baseEnv = (name: string) => ({
  VPSOPS_DATA_DIR: join(dir, name),
  VPSOPS_POLICY: policyPath,
  LOG_LEVEL: 'silent' as const,
});

describe('createApp', () => {
  it('talks to the hosting API named by HOSTING_API_URL and starts no simulator of its own', async () => {
    const external = await startSimulator();
    try {
      const config = loadConfig({
        ...baseEnv('remote'),
        HOSTING_API_URL: external.url,
        HOSTING_API_KEY: external.apiKey,
      });
      const app = await createApp(config, { charts: null, tracker: null });
      try {
        expect(app.simulator).toBeUndefined();
        expect(app.backend).toMatchObject({ kind: 'remote', host: new URL(external.url).host });
        const { responder, messages } = recorder();
        await app.dispatcher.dispatch(
          toInvocation(`instance show ${SEED_IDS.instances.web1}`, consoleActor('ops'))!,
          responder,
        );
        expect(messages[0]?.title).toBe('web-1');
        expect(external.countRequests('instance.detail')).toBe(1);
      } finally {
        await app.close();
      }
    } finally {
      await external.close();
    }
  });

  it('starts the embedded simulator on 127.0.0.1 when no URL is set, and closes it', async () => {
    const app = await createApp(loadConfig({ ...baseEnv('embedded') }), { tracker: null });
    let url: string;
    try {
      expect(app.backend.kind).toBe('simulator');
      expect(app.simulator?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
      url = app.simulator!.url;
      await app.close();
    } finally {
      // Closing twice is part of the promise (and stops the simulator when an expectation failed).
      await app.close();
    }
    await expect(fetch(`${url}/systems`)).rejects.toThrow();
  });

  it('refuses a HOSTING_API_URL without HOSTING_API_KEY with a ConfigError that says what to do', async () => {
    const config = loadConfig({
      ...baseEnv('nokey'),
      HOSTING_API_URL: 'http://127.0.0.1:9/v1',
    });
    const failure = createApp(config);
    await expect(failure).rejects.toBeInstanceOf(ConfigError);
    await expect(failure).rejects.toThrow(/HOSTING_API_KEY is missing/);
  });
});
