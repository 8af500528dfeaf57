// The REPL's side of readline: lines read one at a time (queued when none is awaited), questions
// asked with their own prompt, and output that arrives while a line is awaited printed above the
// prompt, which is then drawn again.
import { clearLine, createInterface, cursorTo } from 'node:readline';
import type { Completion } from './completion.js';

/** What the line reader needs. */
export interface LineOptions {
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
  /** Raw-mode line editing (Tab, arrows). */
  terminal: boolean;
  prompt: string;
  /** Earlier lines, newest first. */
  history: string[];
  historySize?: number;
  complete(line: string): Promise<Completion>;
}

/** The terminal as the REPL reads and writes it. */
export interface ConsoleLines {
  /** The next line after showing `question`; null once input has ended. */
  ask(question: string): Promise<string | null>;
  /** Prints output; when it arrives while waiting for input (late card edits), redraws the prompt. */
  print(text: string): void;
  /** Gives up the line being awaited, as if it were empty, and clears what was shown of its question. */
  dropQuestion(): void;
  /** Whether input has ended (Ctrl-D, end of the stream, close()). */
  ended(): boolean;
  close(): void;
}

export function consoleLines(options: LineOptions): ConsoleLines {
  const { output, terminal } = options;
  const rl = createInterface({
    input: options.input,
    output,
    terminal,
    prompt: options.prompt,
    history: options.history,
    historySize: options.historySize ?? 500,
    removeHistoryDuplicates: true,
    completer: (line: string, callback: (err: Error | null, result: Completion) => void) => {
      options.complete(line).then(
        (result) => callback(null, result),
        () => callback(null, [[], line]),
      );
    },
  });

  const queue: string[] = [];
  let waiter: ((line: string | null) => void) | null = null;
  let ended = false;
  rl.on('line', (line) => (waiter ? takeWaiter()(line) : queue.push(line)));
  rl.on('close', () => {
    ended = true;
    if (waiter) takeWaiter()(null);
  });
  rl.on('SIGINT', () => {
    output.write('^C\n');
    if (waiter) takeWaiter()('');
  });
  function takeWaiter(): (line: string | null) => void {
    const resolve = waiter as (line: string | null) => void;
    waiter = null;
    return resolve;
  }
  function ask(question: string): Promise<string | null> {
    if (ended) output.write(question);
    else {
      rl.setPrompt(question);
      rl.prompt();
    }
    const queued = queue.shift();
    if (queued !== undefined) return Promise.resolve(queued);
    if (ended) return Promise.resolve(null);
    return new Promise((resolve) => (waiter = resolve));
  }
  function print(text: string): void {
    if (text === '') return;
    if (!waiter) {
      output.write(text);
      return;
    }
    if (terminal) {
      clearLine(output, 0);
      cursorTo(output, 0);
      output.write(text);
      rl.prompt(true);
      return;
    }
    output.write(text + rl.getPrompt());
  }
  function dropQuestion(): void {
    if (!waiter) return;
    takeWaiter()('');
    if (terminal) {
      clearLine(output, 0);
      cursorTo(output, 0);
    } else output.write('\n');
  }
  return {
    ask,
    print,
    dropQuestion,
    ended: () => ended,
    close: () => rl.close(),
  };
}
