// /vps instance start and restart are registered like stop: a typed instance option with
// autocomplete, English and Indonesian descriptions (derived from the command definitions).
import { describe, expect, it } from 'vitest';
import { buildCommandPayload } from '../../../../adapters/discord/commands-payload.js';
import { allCommands } from '../../../../commands/index.js';
import { commandInfo } from '../../../../src/core/index.js';

type Node = { name: string; type: number; options?: Node[]; [key: string]: unknown };

describe('the start and restart subcommands', () => {
  const [vps] = buildCommandPayload(
    allCommands.filter((c) => !c.hidden).map(commandInfo),
  ) as unknown as Node[];
  const instance = vps?.options?.find((o) => o.name === 'instance');
  const sub = (name: string) => instance?.options?.find((o) => o.name === name);

  it('take the instance as a typed option with autocomplete, as stop does', () => {
    const stop = sub('stop')?.options?.[0];
    for (const name of ['start', 'restart']) {
      const option = sub(name)?.options?.[0];
      expect(option).toMatchObject({ name: 'instance', type: stop?.type, autocomplete: true });
      expect(option?.required).toBe(stop?.required);
    }
    expect(sub('start')).toMatchObject({
      description: 'Start (power on) a stopped instance',
      description_localizations: { id: 'Nyalakan instans yang berhenti' },
    });
    expect(sub('restart')?.description_localizations).toEqual({
      id: 'Mulai ulang instans (dimatikan lalu dinyalakan lagi)',
    });
  });
});
