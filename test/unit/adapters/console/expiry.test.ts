// The console never sends an answer to a confirmation that expired while it was being typed,
// even before the core has edited the card to its expired state.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { startConsoleRepl } from '../../../../adapters/console/repl.js';
import { settledLine } from '../../../../adapters/console/settled-line.js';
import { consoleActor } from '../../../../adapters/console/translate.js';
import type { ActionEvent, Dispatcher } from '../../../../src/core/ports.js';
import { confirmationButtons } from '../../../../src/render/buttons.js';

/** A dispatcher whose only reply is a preview that expired a moment ago. */
function expiredPreviewDispatcher(): Dispatcher & { acted: ActionEvent[] } {
  const acted: ActionEvent[] = [];
  return {
    acted,
    async dispatch(_invocation, responder) {
      await responder.reply({
        title: 'Stop web-1?',
        blocks: [],
        actions: confirmationButtons({
          token: 't-1',
          confirmLabel: 'Confirm',
          cancelLabel: 'Cancel',
          style: 'danger',
          expiresAt: Date.now() - 1_000,
        }),
      });
    },
    async act(event) {
      acted.push(event);
    },
    typedDialog: async () => null,
    commands: () => [],
  };
}

describe('console confirmation expiry', () => {
  it('does not send a y typed after the confirmation expired and says to run the command again', async () => {
    const dispatcher = expiredPreviewDispatcher();
    const input = new PassThrough();
    const output = new PassThrough();
    let text = '';
    output.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    const repl = startConsoleRepl({
      dispatcher,
      input,
      output,
      actor: consoleActor('alice'),
      terminal: false,
    });
    input.end('instance stop web-1\ny\n');
    await repl.closed;
    expect(dispatcher.acted).toEqual([]);
    expect(text).toMatch(/That confirmation expired at \d\d:\d\d:\d\d — run the command again\./);
  });

  it('words a question ended before expiry as answered elsewhere', () => {
    expect(settledLine(2_000, 1_000)).toBe(
      'That confirmation was already answered elsewhere — nothing more was sent.',
    );
    expect(settledLine(new Date(2026, 0, 1, 23, 34, 5).getTime(), Date.now())).toBe(
      'That confirmation expired at 23:34:05 — run the command again.',
    );
  });
});
