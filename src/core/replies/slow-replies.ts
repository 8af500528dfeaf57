// A slow hosting API must not leave a chat user looking at nothing: after a short delay the
// requester gets a private "still working…" note, and a read gives up waiting after a total budget
// with a clear message (reads change nothing, so giving up is safe; changes are always awaited).
import type { Message } from '../../render/message.js';
import type { Invocation, Responder } from '../ports.js';
import { DEFAULT_LOCALE, type Locale } from '../../i18n/locale.js';
import { t } from '../../i18n/translate.js';

/** Thrown (inside the runner) when a read outlived its budget. */
export class ReadBudgetExceeded extends Error {
  override readonly name = 'ReadBudgetExceeded';
  constructor(readonly budgetMs: number) {
    super(`read took longer than ${budgetMs} ms`);
  }
}

/** The private progress note. */
export function stillWorkingMessage(command: string, locale: Locale = DEFAULT_LOCALE): Message {
  return {
    tone: 'info',
    summary: t(locale, 'slow.summary'),
    blocks: [{ type: 'context', text: t(locale, 'slow.note', { command }) }],
  };
}

/** The answer when a read (or a preview's read) gave up: nothing was changed, and what to do. */
export function readTimeoutMessage(
  command: string,
  budgetMs: number,
  preview = false,
  locale: Locale = DEFAULT_LOCALE,
): Message {
  const seconds = Math.round(budgetMs / 1000);
  const why = t(locale, preview ? 'slow.previewOnly' : 'slow.readOnly');
  return {
    title: t(locale, 'slow.title'),
    tone: 'error',
    outcome: 'error',
    summary: t(locale, 'slow.noAnswer', { seconds }),
    blocks: [
      { type: 'text', text: t(locale, 'slow.line', { command, seconds, why }) },
      { type: 'context', text: t(locale, 'slow.hint') },
    ],
  };
}

/** A one-shot timer whose clock can be stopped and restarted; it never fires after clear(). */
function pausableTimer(fire: () => void, ms: number) {
  let left = ms;
  let since = Date.now();
  let timer: NodeJS.Timeout | undefined = setTimeout(fire, ms);
  let cleared = false;
  return {
    pause() {
      if (!timer) return;
      clearTimeout(timer);
      timer = undefined;
      left -= Date.now() - since;
    },
    resume() {
      if (timer || cleared) return;
      since = Date.now();
      timer = setTimeout(fire, Math.max(0, left));
    },
    clear() {
      cleared = true;
      clearTimeout(timer);
      timer = undefined;
    },
  };
}

/** What the guards of one command need. */
export interface SlowReplyOptions {
  inv: Invocation;
  responder: Responder;
  command: () => string;
  isRead: () => boolean;
  progressAfterMs: number;
  budgetMs: number;
  onProgressError?: (error: unknown) => void;
}

/** The guards of one command: `run` wraps its work; `outside` wraps a wait that is not the API's. */
export interface SlowReplyGuards {
  /**
   * Runs `work`; after `progressAfterMs` posts the progress note privately (Slack only: Discord's
   * deferral shows "thinking…" and the console its own prompt), and once `budgetMs` has passed
   * rejects with ReadBudgetExceeded if `isRead()` says the command only reads. Timers are cleared
   * when `work` settles.
   */
  run<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Time spent in `wait` does not count: waiting to be acknowledged and admitted (serve holds a
   * command's work during a flood) is neither slow work to announce nor a read to give up on.
   */
  outside<T>(wait: () => Promise<T>): Promise<T>;
}

/** Slow-reply guards for one command. */
export function slowReplyGuards(options: SlowReplyOptions): SlowReplyGuards {
  const timers: ReturnType<typeof pausableTimer>[] = [];
  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      let progress: Promise<unknown> | undefined;
      const guarded = new Promise<T>((resolve, reject) => {
        // A platform answered on receipt (Slack's 200) shows nothing until the answer; a deferral
        // (Discord's "thinking…") already says the bot is at work.
        if (options.responder.acknowledged) {
          timers.push(
            pausableTimer(() => {
              progress = options.responder
                .reply(stillWorkingMessage(options.command(), (options.inv.locale ?? DEFAULT_LOCALE)), {
                  visibility: 'ephemeral',
                })
                .catch((error: unknown) => options.onProgressError?.(error));
            }, options.progressAfterMs),
          );
        }
        const checkBudget = () => {
          if (options.isRead()) reject(new ReadBudgetExceeded(options.budgetMs));
        };
        timers.push(pausableTimer(checkBudget, options.budgetMs));
        work().then(resolve, reject);
      });
      try {
        return await guarded;
      } finally {
        for (const timer of timers) timer.clear();
        // The note must not land after the answer it announces.
        await progress;
      }
    },
    async outside(wait) {
      for (const timer of timers) timer.pause();
      try {
        return await wait();
      } finally {
        for (const timer of timers) timer.resume();
      }
    },
  };
}
