import { describe, expect, it } from 'vitest';
import type { Message } from '../../../../src/render/message.js';
import { createCardMemory } from '../../../../adapters/console/card-memory.js';
import {
  renderAnnouncement,
  renderConsole,
  stripControl,
  terminalWidth,
} from '../../../../adapters/console/render.js';
import { typedQuestion } from '../../../../adapters/console/repl-words.js';
import {
  commandText,
  consoleActor,
  isExitLine,
  isYes,
  toInvocation,
} from '../../../../adapters/console/translate.js';

describe('console rendering', () => {
  it('removes terminal escape sequences coming from message text', () => {
    const text = renderConsole(
      { title: 'evil\u001b[2J\u0007name', tone: 'info', blocks: [] },
      { color: false },
    );
    expect(text).toBe('ℹ evil[2Jname\n');
    expect(stripControl('a\tb\nc\r')).toBe('a\tb\nc');
  });

  it('colours the title by tone only when asked', () => {
    const message = {
      title: 'web-1',
      tone: 'success' as const,
      blocks: [{ type: 'text' as const, text: 'Running' }],
    };
    expect(renderConsole(message, { color: false })).not.toContain('\u001b');
    expect(renderConsole(message, { color: true })).toContain('\u001b[32m');
  });

  it('prints an announcement as one line', () => {
    expect(renderAnnouncement({ summary: 'alice stopped web-1', blocks: [] }, { color: false })).toBe(
      '» alice stopped web-1\n',
    );
  });

  /** A chart `metrics` saved to disk, as the console shows it. */
  const savedChart: Message = {
    title: 'Metrics',
    blocks: [],
    attachments: [
      {
        filename: 'm.png',
        contentType: 'image/png',
        data: new Uint8Array(),
        alt: 'CPU',
        savedPath: '/d/m.png',
      },
    ],
  };

  it('shows where a chart was saved', () => {
    expect(renderConsole(savedChart, { color: false })).toContain('/d/m.png');
  });

  it('writes its own words in the console’s language (VPSOPS_LOCALE, --locale)', () => {
    const chart = savedChart;
    const english = renderConsole(chart, { color: false });
    const indonesian = renderConsole(chart, { color: false, locale: 'id' });
    expect(indonesian).toContain('/d/m.png');
    expect(english).toContain('[image: CPU] saved to /d/m.png');
    expect(indonesian).toContain('[gambar: CPU] disimpan di /d/m.png');
    expect(indonesian).toBe(renderConsole(chart, { color: false, locale: 'id', width: 80 }));
  });
});

describe('console line translation', () => {
  it('strips an optional /vps or vps prefix', () => {
    expect(commandText('  /vps instance show web-1 ')).toBe('instance show web-1');
    expect(commandText('vps help')).toBe('help');
    expect(commandText('vpsx help')).toBe('vpsx help');
  });

  it('makes no invocation for a blank line', () => {
    expect(toInvocation('   ', consoleActor('a'))).toBeNull();
    expect(toInvocation('/vps', consoleActor('a'))).toBeNull();
  });

  it('recognises exit words and yes answers', () => {
    expect(isExitLine('exit')).toBe(true);
    expect(isExitLine('QUIT')).toBe(true);
    expect(isExitLine('exit now')).toBe(false);
    expect(isYes('Y')).toBe(true);
    expect(isYes('yes ')).toBe(true);
    expect(isYes('yep')).toBe(false);
  });

  it('uses the given console user as identity, and the OS account (uid) as the person', () => {
    expect(consoleActor('carol')).toEqual({
      platform: 'console',
      userId: 'carol',
      displayName: 'carol',
      account: `uid:${process.getuid?.()}`,
    });
    expect(consoleActor().userId.length).toBeGreaterThan(0);
  });
});

describe('typed confirmation question', () => {
  it('names the action and the hostname to type', () => {
    const prompt = { title: 'Confirm instance delete', label: 'Type web-1 to confirm', placeholder: 'web-1' };
    expect(typedQuestion({ ...prompt, verb: 'delete' })).toBe(
      'Type web-1 to delete it (or press Enter to cancel): ',
    );
    expect(typedQuestion(prompt)).toBe('Type web-1 to confirm (or press Enter to cancel): ');
    expect(typedQuestion({ title: 'x', label: 'Type the name' })).toBe(
      'Type the name (or press Enter to cancel): ',
    );
  });

  it('takes the verb from the prompt, not from a title in the card’s language', () => {
    // An Indonesian card's title ends in an Indonesian word: it must not become the verb.
    const prompt = { title: 'Setujui instance delete', label: 'Ketik web-1', placeholder: 'web-1' };
    expect(typedQuestion({ ...prompt, title: 'Hapus web-1?' }, 'en')).toBe(
      'Type web-1 to confirm (or press Enter to cancel): ',
    );
    expect(typedQuestion({ ...prompt, verb: 'delete' }, 'id')).toBe(
      'Ketik web-1 untuk menjalankan delete (atau tekan Enter untuk membatalkan): ',
    );
  });
});

describe('card edits in the console', () => {
  it('prints only the new lines when the start of a card is unchanged', () => {
    const memory = createCardMemory();
    memory.remember('c1', 'Stop requested\n\nweb-1 is stopping.\n');
    expect(memory.changed('c1', 'Stop requested\n\nweb-1 is stopping.\n\n  ⏳ stopping… 4 s\n')).toBe(
      '  ⏳ stopping… 4 s\n',
    );
    expect(
      memory.changed('c1', 'Stop requested\n\nweb-1 is stopping.\n\n  ✅ web-1 is Stopped — done in 5 s\n'),
    ).toBe('  ✅ web-1 is Stopped — done in 5 s\n');
    expect(
      memory.changed('c1', 'Stop requested\n\nweb-1 is stopping.\n\n  ✅ web-1 is Stopped — done in 5 s\n'),
    ).toBe('');
  });

  it('treats a title whose tone marker alone changed as the same card', () => {
    const memory = createCardMemory();
    memory.remember(
      'c1',
      '‼ Delete web-2?\n\nThis cannot be undone.\n\nConfirm: type web-2 to confirm / Cancel\n',
    );
    expect(memory.changed('c1', 'ℹ Delete web-2?\n\nThis cannot be undone.\n\n  Cancelled by @alice\n')).toBe(
      '  Cancelled by @alice\n',
    );
  });

  it('prints the whole card when it changed from the top or was never seen', () => {
    const memory = createCardMemory();
    memory.remember('c1', '⚠ Stop web-1?\nConfirm?\n');
    expect(memory.changed('c1', '✔ Stop requested for web-1\n')).toBe('✔ Stop requested for web-1\n');
    expect(memory.changed('c2', 'new card\n')).toBe('new card\n');
  });

  it('forgets the oldest cards beyond its limit', () => {
    const memory = createCardMemory(1);
    memory.remember('a', 'x\ny\n');
    memory.remember('b', 'x\ny\n');
    expect(memory.changed('a', 'x\ny\nz\n')).toBe('x\ny\nz\n');
  });
});

describe('console table width', () => {
  const wide = {
    blocks: [
      {
        type: 'table' as const,
        columns: ['Name', 'Note'],
        rows: [['web-1', 'a long note '.repeat(12).trim()]],
      },
    ],
  };

  it('takes the terminal’s columns, never fewer than 80', () => {
    expect(terminalWidth({ columns: 132 } as unknown as NodeJS.WritableStream)).toBe(132);
    expect(terminalWidth({ columns: 40 } as unknown as NodeJS.WritableStream)).toBe(80);
    expect(terminalWidth({} as NodeJS.WritableStream)).toBe(80);
  });

  it('wraps a table to the width it is given', () => {
    for (const width of [80, 120]) {
      const lines = renderConsole(wide, { color: false, width }).trimEnd().split('\n');
      expect(Math.max(...lines.map((line) => [...line].length))).toBeLessThanOrEqual(width);
      expect(lines.length).toBeGreaterThan(3);
    }
  });
});
