// OAuth / multi-guild mode: a tenant's own hosting API key typed into a command (anything but
// `connect`) is redacted from the reply, the audit trail and the log, as the process's own secrets
// are — in each of two tenants, each with its own key.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../../src/app/create-app.js';
import { openTenancy } from '../../../src/app/tenancy.js';
import { loadConfig } from '../../../src/app/config/load.js';
import { createLogger } from '../../../src/logger.js';
import { renderText } from '../../../src/render/text.js';
import { createMemoryStore } from '../../../src/store/memory/table-store.js';
import { runInTenant } from '../../../src/adapter-kit/tenant-context.js';
import { redactCurrentTenant } from '../../../src/tenants/tenant-secrets.js';
import { fakeHostingApi } from '../../support/fake-api.js';
import { freePort } from '../../support/free-port.js';
import { manyTenantEnv } from '../../support/many-tenant-env.js';
import { recordingResponder } from '../../support/core-fakes.js';

const KEY_A = 'hk-tenant-a-secret-key-0123-AAAA';
const KEY_B = 'hk-tenant-b-secret-key-4567-BBBB';
const A = 'discord:910000000000000001';
const B = 'discord:920000000000000001';
const dir = mkdtempSync(join(tmpdir(), 'vpsops-tenant-redaction-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("a tenant's own key typed into a command", () => {
  it('is redacted from the reply, the audit trail and the log in each tenant', async () => {
    const lines: string[] = [];
    const sink = new PassThrough();
    sink.on('data', (chunk: Buffer) => lines.push(chunk.toString('utf8')));
    const config = loadConfig(
      manyTenantEnv({
        VPSOPS_DATA_DIR: join(dir, 'data'),
        LOG_LEVEL: 'debug',
        // Nothing listens there: every API call fails fast, and the command still answers.
        HOSTING_API_URL: `http://127.0.0.1:${await freePort()}/v1`,
      }),
    );
    // As serve and exec build theirs: the process's secrets, then the current tenant's.
    const logger = createLogger({ level: 'debug', destination: sink, redactMore: redactCurrentTenant });
    const app = await createApp(config, { logger, charts: null, tracker: null });
    try {
      const directory = app.tenancy!.directory;
      await directory.linkApiKey(A, KEY_A, 'discord:1', 1);
      await directory.linkApiKey(B, KEY_B, 'discord:2', 1);
      let n = 0;
      for (const [tenant, key] of [
        [A, KEY_A],
        [B, KEY_B],
      ] as const) {
        for (const text of [`instance show ${key}`, `audit ${key}`]) {
          const responder = recordingResponder('910000000000000011');
          await runInTenant({ id: tenant }, () =>
            app.dispatcher.dispatch(
              {
                id: `inv-${(n += 1)}`,
                platform: 'discord',
                actor: { platform: 'discord', userId: '120000000000000001', displayName: 'ada' },
                channelId: '910000000000000011',
                input: { kind: 'text', text },
              },
              responder,
            ),
          );
          const said = responder.replies.map((r) => renderText(r.message)).join('\n');
          expect(said.length).toBeGreaterThan(0);
          expect(said).not.toContain(key);
          expect(said).not.toContain(key.slice(3, 20));
          // A log line of the tenant's work that carries the key, as an API error echoing it would.
          runInTenant({ id: tenant }, () => logger.warn({ detail: `echoed ${key}` }, 'api said'));
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
      const audit = readFileSync(join(dir, 'data', 'audit.jsonl'), 'utf8');
      expect(audit).toContain('instance show');
      for (const key of [KEY_A, KEY_B]) {
        expect(audit).not.toContain(key);
        expect(lines.join('')).not.toContain(key);
      }
    } finally {
      await app.close();
    }
  }, 30_000);

  it('is redacted on a second replica once rotated on the first, in each of two tenants', async () => {
    const store = createMemoryStore();
    const config = loadConfig(manyTenantEnv({ VPSOPS_ENCRYPTION_KEY: randomBytes(32).toString('base64') }));
    // Two replicas over one store: each has its own secrets loader.
    const [one, two] = [1, 2].map(() => openTenancy(config, store, () => fakeHostingApi({})));
    await one!.directory.linkApiKey(A, KEY_A, 'discord:1', 1);
    await one!.directory.linkApiKey(B, KEY_B, 'discord:2', 1);
    const redactedOnTwo = async (tenant: string, text: string) =>
      runInTenant({ id: tenant }, async () => {
        await two!.readySecrets();
        return redactCurrentTenant(text);
      });
    expect(await redactedOnTwo(A, KEY_A)).not.toContain(KEY_A);
    expect(await redactedOnTwo(B, KEY_B)).not.toContain(KEY_B);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      // Replica one rotates A's key (its own cache is its own); replica two learns it on its next
      // read after the reload interval, before it answers.
      const rotated = `hk-${randomBytes(16).toString('hex')}`;
      await one!.directory.linkApiKey(A, rotated, 'discord:1', 2);
      vi.setSystemTime(Date.now() + 2_500);
      expect(await redactedOnTwo(A, `instance show ${rotated}`)).not.toContain(rotated);
      expect(await redactedOnTwo(B, `instance show ${KEY_B}`)).not.toContain(KEY_B);
      // B's redaction is B's own: A's new key is not one of its secrets.
      expect(await redactedOnTwo(B, rotated)).toBe(rotated);
    } finally {
      vi.useRealTimers();
    }
  });
});
