import { describe, expect, it } from 'vitest';
import { completeLine, flagName } from '../../../../adapters/console/completion.js';
import { instanceWords } from '../../../../adapters/console/repl-words.js';
import type { CompletionKind } from '../../../../src/core/ports.js';
import { createFakeDispatcher, fakeCompleter } from '../../../support/console-fake-dispatcher.js';

const dispatcher = createFakeDispatcher();
const commands = dispatcher.commands();
const lookup = async (kind: CompletionKind, prefix: string) =>
  (await fakeCompleter.complete(kind, prefix, { platform: 'console', userId: 'a', displayName: 'a' })).map(
    (c) => c.value,
  );
const complete = (line: string) => completeLine(line, commands, lookup);

describe('console tab completion', () => {
  it('offers groups, bot commands and exit words for the first word', async () => {
    expect(await complete('')).toEqual([['backup', 'exit', 'help', 'instance', 'quit', 'use'], '']);
    expect(await complete('in')).toEqual([['instance '], 'in']);
  });

  it('completes the action of a group, with or without /vps', async () => {
    expect(await complete('instance ')).toEqual([['delete', 'metrics', 'stop'], '']);
    expect(await complete('/vps instance s')).toEqual([['stop '], 's']);
    expect(await complete('vps backup l')).toEqual([['list '], 'l']);
  });

  it('completes known instance names for instance arguments', async () => {
    expect(await complete('instance stop w')).toEqual([['web-1', 'web-2', 'worker-1'], 'w']);
    expect(await complete('use web')).toEqual([['web-1', 'web-2'], 'web']);
  });

  it('completes flags as kebab-case and choice values after a flag', async () => {
    expect(await complete('instance delete web-1 --rem')).toEqual([
      ['--remove-block-storage', '--remove-ip'],
      '--rem',
    ]);
    expect(await complete('instance metrics web-1 --period d')).toEqual([['day '], 'd']);
  });

  it('offers nothing once every positional argument is given', async () => {
    expect(await complete('instance stop web-1 ')).toEqual([[], '']);
    expect(await complete('nosuch group ')).toEqual([[], '']);
  });

  it('completes help topics', async () => {
    expect(await complete('help i')).toEqual([['instance '], 'i']);
    expect(await complete('help instance d')).toEqual([['delete '], 'd']);
  });

  it('spells argument names as the text parser expects flags', () => {
    expect(flagName({ name: 'removeIp' })).toBe('--remove-ip');
    expect(flagName({ name: 'remove_block_storage' })).toBe('--remove-block-storage');
    expect(flagName({ name: 'period' })).toBe('--period');
  });
});

describe('instance suggestions for the console', () => {
  it('offers the alias or hostname, or the uuid when a uuid is being typed', () => {
    const suggestions = [
      { name: 'web-1 (alias · 7995e990)', value: '7995e990-c3bf-4e27-8ce2-89fd5783f9ea' },
      { name: 'web-2 (hostname · 1b4e28ba)', value: '1b4e28ba-2fa1-41d2-883f-0016d3cca427' },
    ];
    expect(instanceWords(suggestions, 'web')).toEqual(['web-1', 'web-2']);
    expect(instanceWords(suggestions, '7995')).toEqual(['7995e990-c3bf-4e27-8ce2-89fd5783f9ea']);
    expect(instanceWords(suggestions, 'zzz')).toEqual([]);
  });
});
