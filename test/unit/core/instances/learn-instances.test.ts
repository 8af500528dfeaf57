import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { learnInstances } from '../../../../src/core/instances/learn-instances.js';
import { createMemoryStore } from '../../../../src/store/memory/table-store.js';
import { createLogger } from '../../../../src/logger.js';
import { renderText } from '../../../../src/render/text.js';
import { actors, makeBot, POLICY, WEB1, WEB2 } from '../../../support/core-fakes.js';
import { fakeHostingApi, instanceDetail } from '../../../support/fake-api.js';

const MISSING = '00000000-0000-4000-8000-000000000000';

describe('learning instance hostnames', () => {
  it('knows the policy aliases’ hostnames right after start-up, so hostnames work on a fresh data dir', async () => {
    const { run, bot } = await makeBot({ policy: POLICY, learnAliases: true });
    const { reply } = await run('instance show web-1');
    expect(reply?.title).not.toBe('Unknown instance');
    expect(renderText(reply!)).toContain('web-1');
    const completions = await bot.lookups.completer.complete('instance', 'web', actors.alice);
    expect(completions.map((c) => c.value)).toContain(WEB1);
  });

  it('learns the uuids it is given and ignores the ones the API does not know', async () => {
    const { bot, run } = await makeBot({ policy: POLICY });
    expect((await run('instance show web-2')).reply?.title).toBe('Unknown instance');
    expect(await bot.learnInstances([WEB2, MISSING])).toBe(1);
    expect((await run('instance show web-2')).reply?.title).not.toBe('Unknown instance');
    expect(await bot.store.hostnames.hostnameOf(MISSING)).toBeNull();
  });

  it('never has more than four detail requests in flight', async () => {
    let inFlight = 0;
    let most = 0;
    const api = fakeHostingApi({
      instances: {
        async detail(uuid: string) {
          inFlight += 1;
          most = Math.max(most, inFlight);
          await new Promise((resolve) => setImmediate(resolve));
          inFlight -= 1;
          return instanceDetail({ uuid, hostname: `host-${uuid.slice(-2)}` });
        },
      },
    });
    const uuids = Array.from(
      { length: 12 },
      (_, i) => `00000000-0000-4000-8000-0000000000${String(i).padStart(2, '0')}`,
    );
    const store = createMemoryStore();
    expect(await learnInstances(api, store, uuids)).toBe(12);
    expect(most).toBe(4);
    expect(await store.hostnames.hostnameOf(uuids[3]!)).toBe('host-03');
  });

  it('gives up at its time budget when the API never answers', async () => {
    const api = fakeHostingApi({ instances: { detail: () => new Promise(() => {}) } });
    const store = createMemoryStore();
    expect(await learnInstances(api, store, [WEB1, WEB2], { timeoutMs: 20 })).toBe(0);
    expect(await store.hostnames.search('', 10)).toEqual([]);
  });
});

describe('unknown and vanished instances', () => {
  it('says how to make an unknown hostname usable', async () => {
    const { run } = await makeBot({ policy: POLICY });
    const text = renderText((await run('instance show web-9')).reply!);
    expect(text).toContain(
      'I haven’t seen an instance called web-9. Use its uuid, add an alias in the policy file, or list instances without a public IP with `instance no-ip <location-id>`.',
    );
  });

  it('says it in Indonesian to someone whose client is Indonesian', async () => {
    const { run } = await makeBot({ policy: POLICY });
    const reply = (await run('instance show web-9', actors.alice, 'C1', undefined, { locale: 'id' })).reply!;
    const text = renderText(reply);
    expect(text).toContain('Instance `web-9` tidak dikenal.');
    expect(text).toContain('Saya belum pernah melihat instance bernama web-9.');
    expect(text).not.toContain('I haven’t seen');
  });

  it('does not repeat a strange name in the hint', async () => {
    const { run } = await makeBot({ policy: POLICY });
    const reply = (await run('instance show @everyone')).reply!;
    expect(reply.title).toBe('Unknown instance');
    expect(reply.blocks.filter((b) => b.type === 'context').map((b) => ('text' in b ? b.text : ''))).toEqual([
      'I haven’t seen an instance by that name. Use its uuid, add an alias in the policy file, or list instances without a public IP with `instance no-ip <location-id>`.',
    ]);
  });

  it('forgets a hostname once instance.detail says the instance is gone', async () => {
    const { run, bot, fake } = await makeBot({ policy: POLICY });
    await run(`instance show ${WEB2}`);
    expect(
      (await bot.lookups.completer.complete('instance', 'web-2', actors.alice)).map((c) => c.value),
    ).toEqual([WEB2]);
    fake.instances.delete(WEB2);
    const gone = await run('instance show web-2');
    expect(gone.reply?.title).toBe('Hosting API error');
    expect(await bot.lookups.completer.complete('instance', 'web-2', actors.alice)).toEqual([]);
    expect((await run('instance show web-2')).reply?.title).toBe('Unknown instance');
  });

  it('logs API errors at warn with the invocation, command, code and status', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    const logger = createLogger({ level: 'info', destination: sink });
    const { run, fake } = await makeBot({ policy: POLICY, logger });
    fake.instances.delete(WEB1);
    await run(`instance show ${WEB1}`);
    const entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(entries).toContainEqual(
      expect.objectContaining({
        level: 40,
        invocationId: 'inv-1',
        command: 'instance show',
        code: 'NOT_FOUND',
        status: 404,
      }),
    );
  });
});
