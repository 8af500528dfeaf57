import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AuditRecord } from '../../../../src/core/command.js';
import type { Actor } from '../../../../src/core/ports.js';
import type { Visibility } from '../../../../src/render/message.js';
import { renderText } from '../../../../src/render/text.js';
import {
  actors,
  makeBot,
  POLICY,
  recordingResponder,
  SNAP,
  WEB1,
  WEB2,
} from '../../../support/core-fakes.js';

/** A recording responder that also records each defer, and how many replies (or API calls) came before it. */
function deferRecorder(progress?: () => number) {
  const responder = recordingResponder();
  const defers: { visibility: Visibility; repliesSoFar?: number; apiCallsSoFar?: number }[] = [];
  return Object.assign(responder, {
    defers,
    async defer(visibility: Visibility) {
      defers.push(
        progress
          ? { visibility, apiCallsSoFar: progress() }
          : { visibility, repliesSoFar: responder.replies.length },
      );
    },
  });
}

function auditLines(dataDir: string): AuditRecord[] {
  return readFileSync(join(dataDir, 'audit.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as AuditRecord);
}

describe('running commands', () => {
  it('runs a read command and replies in the channel with outcome ok', async () => {
    const { run } = await makeBot({ policy: POLICY });
    const { reply, visibility } = await run(`instance show ${WEB1}`, actors.bob);
    expect(reply?.title).toBe('web-1');
    expect(reply?.outcome).toBe('ok');
    expect(visibility).toBe('channel');
  });

  it('answers an unknown command privately with a suggestion and outcome usage-error', async () => {
    const { run } = await makeBot({ policy: POLICY });
    const { reply, visibility } = await run('instance stpo web-1');
    expect(visibility).toBe('ephemeral');
    expect(reply?.outcome).toBe('usage-error');
    expect(renderText(reply!)).toContain('Unknown command `instance stpo`. Did you mean `instance stop`?');
  });

  it('denies a viewer a destructive command without calling the API', async () => {
    const { run, fake } = await makeBot({ policy: POLICY });
    const { reply, visibility } = await run('instance stop prod-web', actors.bob);
    expect(reply?.title).toBe('Not allowed');
    expect(visibility).toBe('ephemeral');
    expect(fake.calls).toEqual([]);
  });

  it('points a group typed without an action at `/vps help <group>`, the chat command', async () => {
    const { run } = await makeBot({ policy: POLICY });
    const bare = await run('instance');
    expect(renderText(bare.reply!)).toContain('`/vps help instance`');
    const typo = await run('instance stpo web-1');
    expect(renderText(typo.reply!)).toContain('`/vps help instance`');
  });

  it('shows an API failure with what to do', async () => {
    const { run } = await makeBot({ policy: POLICY });
    const { reply } = await run('boom api');
    expect(reply?.outcome).toBe('error');
    expect(renderText(reply!)).toContain('The hosting API did not answer in time');
    expect(renderText(reply!)).toContain('Try again in a minute');
  });

  it('hides internal failures behind a reference', async () => {
    const { run } = await makeBot({ policy: POLICY });
    const { reply } = await run('boom crash');
    const text = renderText(reply!);
    expect(text).toMatch(/Something went wrong \(ref [0-9a-f]{8}\)/);
    expect(text).not.toContain('kaboom');
  });

  it('keeps ephemeral commands private', async () => {
    const { run } = await makeBot({ policy: POLICY });
    const { visibility } = await run('instance console prod-web');
    expect(visibility).toBe('ephemeral');
    const deferredAs = async (text: string) => {
      const responder = deferRecorder();
      await run(text, actors.alice, 'C1', responder);
      return responder.defers;
    };
    expect(await deferredAs('instance console web-1')).toEqual([
      { visibility: 'ephemeral', repliesSoFar: 0 },
    ]);
    expect(await deferredAs('instance show prod-web')).toEqual([{ visibility: 'channel', repliesSoFar: 0 }]);
    expect(await deferredAs('instance shwo')).toEqual([{ visibility: 'ephemeral', repliesSoFar: 0 }]);
  });

  it('defers once, before any API call, privately when the reply can only be "which instance?" or an unknown name', async () => {
    const { bot, fake, run } = await makeBot({ policy: POLICY });
    const deferred = async (text: string) => {
      const before = fake.calls.length;
      const responder = deferRecorder(() => fake.calls.length - before);
      await run(text, actors.discordOps, 'C1', responder);
      return responder.defers;
    };
    // No instance given and none bound to the channel: the reply is "Which instance?", private.
    expect(await deferred('instance show')).toEqual([{ visibility: 'ephemeral', apiCallsSoFar: 0 }]);
    expect(await deferred('instance show no-such-host')).toEqual([
      { visibility: 'ephemeral', apiCallsSoFar: 0 },
    ]);
    await bot.store.bindings.put('discord:C1', { uuid: WEB1, label: 'prod-web' });
    expect(await deferred('instance show')).toEqual([{ visibility: 'channel', apiCallsSoFar: 0 }]);
    expect(fake.calls.length).toBeGreaterThan(0);
  });

  it('defers privately, before any API call, for bad input, unknown commands and refusals', async () => {
    const { bot, fake, run } = await makeBot({
      policy: `${POLICY}channels:\n  destructive: [slack:C0INCIDENT]\n`,
    });
    // Each deferral as "visibility@API calls made before it".
    const as = async (actor: Actor, text: string, channelId = 'C0INCIDENT') => {
      const before = fake.calls.length;
      const responder = deferRecorder(() => fake.calls.length - before);
      await run(text, actor, channelId, responder);
      return responder.defers.map((d) => `${d.visibility}@${d.apiCallsSoFar}`);
    };
    expect(await as(actors.alice, 'instance stop prod-web')).toEqual(['channel@0']);
    expect(await as(actors.bob, 'instance stop prod-web')).toEqual(['ephemeral@0']);
    expect(await as(actors.alice, 'instance stop prod-web', 'C1')).toEqual(['ephemeral@0']);
    expect(await as(actors.alice, 'instance frobnicate web-1')).toEqual(['ephemeral@0']);
    expect(await as(actors.alice, 'backup list web-1 --page zero')).toEqual(['ephemeral@0']);
    expect(await as(actors.alice, 'instance show "web-1')).toEqual(['ephemeral@0']);
    const before = fake.calls.length;
    const discord = deferRecorder(() => fake.calls.length - before);
    await bot.dispatcher.dispatch(
      {
        id: 'v',
        platform: 'discord',
        actor: { ...actors.discordOps, roles: [] },
        channelId: 'D1',
        input: { kind: 'options', path: ['instance', 'delete'], options: { instance: 'web-1' } },
      },
      discord,
    );
    expect(discord.defers).toEqual([{ visibility: 'ephemeral', apiCallsSoFar: 0 }]);
    expect(await as(actors.bob, 'instance show prod-web')).toEqual(['channel@0']);
  });

  it('accepts Discord options input', async () => {
    const { bot } = await makeBot({ policy: POLICY });
    const responder = recordingResponder();
    await bot.dispatcher.dispatch(
      {
        id: 'd1',
        platform: 'discord',
        actor: actors.discordOps,
        channelId: 'D1',
        input: { kind: 'options', path: ['backup', 'list'], options: { instance: WEB1, page: 3 } },
      },
      responder,
    );
    expect(renderText(responder.replies[0]!.message)).toContain(`Backups of prod-web page 3`);
  });
});

describe('instance references', () => {
  it('resolves a uuid, an alias, and a hostname the bot has seen', async () => {
    const { run } = await makeBot({ policy: POLICY });
    expect((await run('backup list prod-web')).reply?.title).toBe('Backups of prod-web page 1 limit default');
    expect((await run(`instance show ${WEB2}`)).reply?.title).toBe('web-2');
    expect((await run('backup list web-2')).reply?.title).toBe('Backups of web-2 page 1 limit default');
    expect((await run(`backup list ${WEB2.toUpperCase()}`)).reply?.title).toContain('web-2');
  });

  it('names an unknown instance with close known names', async () => {
    const { run } = await makeBot({ policy: POLICY });
    await run(`instance show ${WEB2}`);
    const { reply } = await run('backup list web-3');
    expect(reply?.title).toBe('Unknown instance');
    expect(renderText(reply!)).toContain('Did you mean `web-2`');
  });

  it('uses the channel binding when the instance is omitted, and asks otherwise', async () => {
    const { run } = await makeBot({ policy: POLICY });
    const unbound = await run('backup list');
    expect(unbound.reply?.title).toBe('Which instance?');
    expect(renderText(unbound.reply!)).toContain('use web-1');
    await run('use prod-web');
    expect((await run('backup list --page 2')).reply?.title).toBe('Backups of prod-web page 2 limit default');
    expect((await run(`snapshot delete ${SNAP}`)).reply?.title).toContain('of prod-web');
    expect((await run('backup list', actors.alice, 'OTHER')).reply?.title).toBe('Which instance?');
    await run('use --clear');
    expect((await run('backup list')).reply?.title).toBe('Which instance?');
  });

  it('completes aliases and known hostnames', async () => {
    const { run, bot } = await makeBot({ policy: POLICY });
    await run(`instance show ${WEB2}`);
    const all = await bot.lookups.completer.complete('instance', '', actors.alice);
    expect(all.map((c) => c.value).sort()).toEqual([WEB1, WEB2].sort());
    const web = await bot.lookups.completer.complete('instance', 'web', actors.alice);
    expect(web).toEqual([
      { name: 'web-2 (hostname · 1b4e28ba)', value: WEB2 },
      { name: 'prod-web (alias · 7995e990)', value: WEB1 },
    ]);
    expect(await bot.lookups.completer.complete('instance', 'zzz', actors.alice)).toEqual([]);
  });
});

describe('services for handlers', () => {
  it('lists only the commands the caller may run', async () => {
    const { run } = await makeBot({ policy: POLICY });
    const viewer = renderText((await run('help', actors.bob)).reply!);
    expect(viewer).toContain('instance show');
    expect(viewer).not.toContain('instance stop');
    const operator = renderText((await run('help', actors.alice)).reply!);
    expect(operator).toContain('instance stop');
  });

  it('describes the caller’s role and whether destructive commands run here', async () => {
    const { run } = await makeBot({ policy: `${POLICY}channels:\n  destructive: [slack:C0INCIDENT]\n` });
    expect(renderText((await run('whoami', actors.alice, 'C0INCIDENT')).reply!)).toContain(
      'destructive here: true',
    );
    expect(renderText((await run('whoami', actors.alice, 'C1')).reply!)).toContain('destructive here: false');
    expect((await run('whoami', actors.bob)).reply?.title).toBe('You are viewer');
  });

  it('lists the channel’s recent audit records, newest first', async () => {
    const { run } = await makeBot({ policy: POLICY });
    await run(`instance show ${WEB1}`);
    await run('instance stpo');
    const text = renderText((await run('audit')).reply!);
    expect(text.split('\n').slice(2)).toEqual(['instance stpo error', 'instance show ok']);
  });

  it('offers a dispatcher command list with kebab-case argument names', async () => {
    const { bot } = await makeBot({ policy: POLICY });
    const info = bot.dispatcher.commands().find((c) => c.group === 'snapshot' && c.name === 'delete');
    expect(info?.args.map((a) => [a.name, a.kind, a.positional, a.required])).toEqual([
      ['instance', 'instance', true, true],
      ['snapshot-uuid', 'uuid', true, true],
    ]);
  });
});

describe('audit', () => {
  it('writes one record per invocation and per action with API status and confirmation', async () => {
    const { run, act, config } = await makeBot({ policy: POLICY });
    await run(`instance show ${WEB1}`, actors.bob);
    const { token } = await run('instance stop prod-web');
    await act(token!);
    await run('instance stop prod-web', actors.bob);
    const records = auditLines(config.dataDir);
    expect(records.map((r) => [r.command, r.decision, r.confirmation, r.result])).toEqual([
      ['instance show', 'allowed', 'not-needed', 'ok'],
      ['instance stop', 'allowed', 'pending', 'pending'],
      // Written ahead of the API call, then closed by the outcome under the same callId.
      ['instance stop', 'allowed', 'confirmed', 'calling'],
      ['instance stop', 'allowed', 'confirmed', 'ok'],
      ['instance stop', 'denied', undefined, 'error'],
    ]);
    expect(records[0]?.apiStatus).toBe(200);
    expect(records[2]?.callId).toBeDefined();
    expect(records[3]?.callId).toBe(records[2]?.callId);
    expect(records[3]?.confirmedBy).toBe('slack:U034OPS');
    expect(records[3]?.invocationId).toBe(records[1]?.invocationId);
    expect(records[3]?.summary).toBe('stop requested for web-1');
    expect(records[1]?.args).toEqual({ instance: { uuid: WEB1, label: 'web-1' } });
  });

  it('redacts secret arguments and never writes reply contents', async () => {
    const { run, config } = await makeBot({ policy: POLICY });
    await run('secret set db-password "s3cr3t value"');
    await run('instance console prod-web');
    const raw = readFileSync(join(config.dataDir, 'audit.jsonl'), 'utf8');
    expect(raw).not.toContain('s3cr3t');
    expect(raw).not.toContain('hunter2-console');
    expect(auditLines(config.dataDir)[0]?.args).toEqual({ name: 'db-password', value: '[redacted]' });
  });

  it('records the API status of a failed call', async () => {
    const { run, config } = await makeBot({ policy: POLICY });
    await run('instance show 00000000-0000-4000-8000-000000000000');
    const [record] = auditLines(config.dataDir);
    expect(record?.apiStatus).toBe(404);
    expect(record?.errorId).toBe('api:NOT_FOUND');
  });
});
