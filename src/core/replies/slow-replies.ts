// A slow hosting API must not leave a chat user looking at nothing: after a short delay the
// requester gets a private "still working…" note, and a read gives up waiting after a total budget
// with a clear message (reads change nothing, so giving up is safe; changes are always awaited).
import type { Message } from '../../render/message.js';
import type { Invocation, Responder } from '../ports.js';

/** Thrown (inside the runner) when a read outlived its budget. */
export class ReadBudgetExceeded extends Error {
  override readonly name = 'ReadBudgetExceeded';
  constructor(readonly budgetMs: number) {
    super(`read took longer than ${budgetMs} ms`);
  }
}

/** The private progress note. */
export function stillWorkingMessage(command: string): Message {
  return {
    tone: 'info',
    summary: 'Still working…',
    blocks: [{ type: 'context', text: `⏳ Still working on \`${command}\`…` }],
  };
}

/** The answer when a read (or a preview's read) gave up: nothing was changed, and what to do. */
export function readTimeoutMessage(command: string, budgetMs: number, preview = false): Message {
  const seconds = Math.round(budgetMs / 1000);
  const why = preview
    ? 'It was only reading for the preview, so nothing was sent and nothing was changed.'
    : 'It only reads, so nothing was changed.';
  return {
    title: 'The hosting API did not answer in time',
    tone: 'error',
    outcome: 'error',
    summary: `No answer within ${seconds} s`,
    blocks: [
      {
        type: 'text',
        text: `\`${command}\` got no answer from the hosting API within ${seconds} s, so the bot stopped waiting. ${why}`,
      },
      {
        type: 'context',
        text: 'Try again in a minute; if it keeps happening the hosting API is having trouble.',
      },
    ],
  };
}

/**
 * Runs `work`; after `progressAfterMs` posts the progress note privately (Slack only: Discord's
 * deferral shows "thinking…" and the console its own prompt), and once `budgetMs` has passed rejects with ReadBudgetExceeded if
 * `isRead()` says the command only reads. Timers are cleared when `work` settles.
 */
export async function withSlowReplyGuards<T>(
  work: Promise<T>,
  options: {
    inv: Invocation;
    responder: Responder;
    command: () => string;
    isRead: () => boolean;
    progressAfterMs: number;
    budgetMs: number;
    onProgressError?: (error: unknown) => void;
  },
): Promise<T> {
  const timers: NodeJS.Timeout[] = [];
  let progress: Promise<unknown> | undefined;
  const guarded = new Promise<T>((resolve, reject) => {
    work.then(resolve, reject);
    // Slack shows nothing until the answer; Discord's deferral already says "thinking…".
    if (options.inv.platform === 'slack') {
      timers.push(
        setTimeout(() => {
          progress = options.responder
            .reply(stillWorkingMessage(options.command()), { visibility: 'ephemeral' })
            .catch((error: unknown) => options.onProgressError?.(error));
        }, options.progressAfterMs),
      );
    }
    const checkBudget = () => {
      if (options.isRead()) reject(new ReadBudgetExceeded(options.budgetMs));
    };
    timers.push(setTimeout(checkBudget, options.budgetMs));
  });
  try {
    return await guarded;
  } finally {
    for (const timer of timers) clearTimeout(timer);
    // The note must not land after the answer it announces.
    await progress;
  }
}
