import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createConsoleAdapter } from '../../../../adapters/console/index.js';
import { startConsoleRepl } from '../../../../adapters/console/repl.js';
import { consoleActor } from '../../../../adapters/console/translate.js';
import { createFakeDispatcher, fakeCompleter } from '../../../support/console-fake-dispatcher.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'vpsops-console-'));
  dirs.push(dir);
  return dir;
}

async function drive(
  lines: string[],
  options: {
    dispatcher?: ReturnType<typeof createFakeDispatcher>;
    historyFile?: string;
    historySize?: number;
  } = {},
) {
  const dispatcher = options.dispatcher ?? createFakeDispatcher();
  const input = new PassThrough();
  const output = new PassThrough();
  let text = '';
  output.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  const repl = startConsoleRepl({
    dispatcher,
    input,
    output,
    actor: consoleActor('alice'),
    historyFile: options.historyFile,
    historySize: options.historySize,
    terminal: false,
  });
  input.end(lines.map((line) => `${line}\n`).join(''));
  await repl.closed;
  return { text, log: dispatcher.log };
}

describe('console REPL', () => {
  it('prints the reply to a command typed with or without /vps', async () => {
    const { text, log } = await drive(['help', '/vps help', 'exit']);
    expect(text.match(/ℹ Commands/g)).toHaveLength(2);
    expect(text).toContain('vps> ');
    expect(log.invocations.map((i) => i.input)).toEqual([
      { kind: 'text', text: 'help' },
      { kind: 'text', text: 'help' },
    ]);
    expect(log.invocations[0]).toMatchObject({
      platform: 'console',
      channelId: 'console',
      actor: { platform: 'console', userId: 'alice' },
    });
  });

  it('asks Confirm? [y/N] for a pending confirmation and confirms on y', async () => {
    const { text, log } = await drive(['instance stop web-1', 'y']);
    expect(text).toContain('Confirm? [y/N]');
    expect(log.actions).toMatchObject([{ action: 'confirm', token: 'tok1' }]);
    expect(log.actions[0]?.input).toBeUndefined();
    expect(log.ran).toEqual(['Stop web-1']);
    expect(text).toContain('Confirmed: Stop web-1 done');
    expect(text).toContain('» alice ran Stop web-1');
  });

  it('cancels a pending confirmation on any answer other than yes', async () => {
    const { text, log } = await drive(['instance stop web-1', 'n', 'instance stop web-2', 'whatever']);
    expect(log.actions.map((a) => a.action)).toEqual(['cancel', 'cancel']);
    expect(log.ran).toEqual([]);
    expect(text).toContain('Cancelled by alice');
  });

  it('asks for the hostname on a typed confirmation and sends it as the input', async () => {
    const { text, log } = await drive(['instance delete web-1', 'web-1']);
    expect(text).toContain('Type web-1 to delete it (or press Enter to cancel):');
    expect(log.actions).toMatchObject([{ action: 'confirm', input: 'web-1' }]);
    expect(log.ran).toEqual(['Delete web-1']);
  });

  it('asks again after a mistyped hostname and cancels on an empty answer', async () => {
    const { text, log } = await drive(['instance delete web-1', 'web-2', '', 'help']);
    expect(text).toContain('That is not web-1');
    expect(text.match(/Type web-1 to delete it/g)).toHaveLength(2);
    expect(log.actions.map((a) => [a.action, a.input])).toEqual([
      ['confirm', 'web-2'],
      ['cancel', undefined],
    ]);
    expect(log.ran).toEqual([]);
    expect(log.invocations).toHaveLength(2);
  });

  it('cancels after three mistyped hostnames', async () => {
    const { text, log } = await drive(['instance delete web-1', 'web', 'web-', 'web-11', 'help']);
    expect(text.match(/That is not web-1/g)).toHaveLength(3);
    expect(log.actions.map((a) => a.action)).toEqual(['confirm', 'confirm', 'confirm', 'cancel']);
    expect(log.ran).toEqual([]);
    expect(text).toContain('Cancelled by alice');
    expect(log.invocations).toHaveLength(2);
  });

  it('cancels the pending confirmation when input ends before an answer', async () => {
    const { log } = await drive(['instance stop web-1']);
    expect(log.actions.map((a) => a.action)).toEqual(['cancel']);
    expect(log.ran).toEqual([]);
  });

  it('leaves on exit or quit and ignores what follows', async () => {
    expect((await drive(['quit', 'help'])).log.invocations).toHaveLength(0);
    expect((await drive(['/vps exit', 'help'])).log.invocations).toHaveLength(0);
  });

  it('ignores blank lines', async () => {
    const { log } = await drive(['', '   ', 'help']);
    expect(log.invocations).toHaveLength(1);
  });

  it('reports an unexpected failure without its details and keeps going', async () => {
    const dispatcher = createFakeDispatcher({ throwOn: 'explode' });
    const { text, log } = await drive(['explode', 'help'], { dispatcher });
    expect(text).toContain('Something went wrong');
    expect(text).not.toContain('sk_live_123');
    expect(log.invocations).toHaveLength(2);
  });

  it('writes commands, not confirmation answers, to the capped history file', async () => {
    const file = join(tempDir(), 'data', 'console_history');
    await drive(['help', 'instance stop web-1', 'y', 'backup list web-1', 'exit'], {
      historyFile: file,
      historySize: 2,
    });
    expect(readFileSync(file, 'utf8')).toBe('instance stop web-1\nbackup list web-1\n');
    await drive(['help'], { historyFile: file, historySize: 2 });
    expect(readFileSync(file, 'utf8')).toBe('backup list web-1\nhelp\n');
  });

  it('completes command paths and instance names through the completer', async () => {
    const dispatcher = createFakeDispatcher();
    const input = new PassThrough();
    const repl = startConsoleRepl({
      dispatcher,
      completer: fakeCompleter,
      input,
      output: new PassThrough(),
      actor: consoleActor('alice'),
    });
    expect(await repl.complete('inst')).toEqual([['instance '], 'inst']);
    expect(await repl.complete('/vps instance stop w')).toEqual([['web-1', 'web-2', 'worker-1'], 'w']);
    input.end();
    await repl.closed;
  });
});

describe('console adapter', () => {
  it('runs the REPL from start() and resolves closed when the user leaves', async () => {
    const dispatcher = createFakeDispatcher();
    const input = new PassThrough();
    const output = new PassThrough();
    output.resume();
    const adapter = createConsoleAdapter({ input, output, actor: consoleActor('bob'), terminal: false });
    expect(adapter.platform).toBe('console');
    await adapter.start(dispatcher);
    input.write('help\n');
    input.write('exit\n');
    await adapter.closed;
    expect(dispatcher.log.invocations[0]?.actor.userId).toBe('bob');
  });

  it('stop() closes a running REPL', async () => {
    const adapter = createConsoleAdapter({
      input: new PassThrough(),
      output: new PassThrough(),
      terminal: false,
    });
    await adapter.start(createFakeDispatcher());
    await adapter.stop();
    await expect(adapter.closed).resolves.toBeUndefined();
  });
});
