// The adapter contract's console driver: the real REPL on PassThrough streams, one per person,
// all on one createApp with the embedded simulator — typed lines in, printed text out. A console
// has one terminal per person, so everything it prints is that person's; the channel's share is
// the announcement lines (`» @alice stopped web-1 …`) the core posts for everyone.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { startConsoleRepl, type ConsoleRepl } from '../../adapters/console/repl.js';
import { consoleActor } from '../../adapters/console/translate.js';
import { createApp } from '../../src/app/create-app.js';
import { loadConfig } from '../../src/app/config/load.js';
import { SEED_IDS } from '../../src/simulator/seed-ids.js';
import { commandLine, type Card, type StartDriver, type Who } from './adapter-driver.js';
import { captureLogs } from './capture-logs.js';
import { waitFor } from './wait-for.js';
import { policyYaml } from './policy.js';

const NAMES: Record<Who, string> = { requester: 'alice', other: 'otto', viewer: 'vera' };
const POLICY = policyYaml({
  admin: ['console:alice'],
  operator: ['console:otto'],
  viewer: ['*'],
  aliases: { 'web-1': SEED_IDS.instances.web1 },
});
const QUESTION = /(Confirm\? \[y\/N\] |\(or press Enter to cancel\): )$/;
const PROMPT = /(vps> |Confirm\? \[y\/N\] |\(or press Enter to cancel\): )$/;

/** One person's terminal. */
interface Terminal {
  repl: ConsoleRepl;
  input: PassThrough;
  /** Everything printed so far. */
  text: string;
}

interface ConsoleCard extends Card {
  who: Who;
  /** Where the card starts in its terminal's text. */
  from: number;
}

/** Starts the console app and drives it as an AdapterDriver. */
export const startConsoleDriver: StartDriver = async (options = {}) => {
  const logs = captureLogs();
  const dir = await mkdtemp(join(tmpdir(), 'vpsops-contract-console-'));
  const dataDir = join(dir, 'data');
  await writeFile(join(dir, 'policy.yaml'), POLICY);
  const config = loadConfig({
    VPSOPS_DATA_DIR: dataDir,
    VPSOPS_POLICY: join(dir, 'policy.yaml'),
    VPSOPS_CONFIRM_TTL_SECONDS: String(options.confirmTtlSeconds ?? 120),
  });
  const app = await createApp(config, {
    simulator: { timing: { stopMs: 0, terminateMs: 60_000 } },
    logger: logs.logger,
  });
  const sim = app.simulator;
  if (!sim) throw new Error('the console driver needs the embedded simulator');
  const terminals = new Map<Who, Terminal>();
  const cards: ConsoleCard[] = [];

  async function terminal(who: Who): Promise<Terminal> {
    const existing = terminals.get(who);
    if (existing) return existing;
    const input = new PassThrough();
    const output = new PassThrough();
    const repl = startConsoleRepl({
      dispatcher: app.dispatcher,
      input,
      output,
      // Each person at their own terminal is their own OS account (the console's person is the account).
      actor: consoleActor(NAMES[who], `uid:test-${who}`),
      terminal: false,
    });
    const t: Terminal = { repl, input, text: '' };
    output.on('data', (chunk: Buffer) => void (t.text += chunk.toString('utf8')));
    terminals.set(who, t);
    await waitFor(() => PROMPT.test(t.text), `${NAMES[who]}'s prompt`);
    return t;
  }

  /** Types a line; resolves with what was printed up to the next prompt. */
  async function type(who: Who, line: string): Promise<string> {
    const t = await terminal(who);
    const mark = t.text.length;
    t.input.write(`${line}\n`);
    await waitFor(() => PROMPT.test(t.text.slice(mark)), `the console's answer to "${line}"`);
    return t.text.slice(mark);
  }

  const answerCard = async (card: Card, line: string) => void (await type((card as ConsoleCard).who, line));
  const cardEnd = (card: ConsoleCard) => cards.find((c) => c.who === card.who && c.from > card.from)?.from;

  return {
    platform: 'console',
    separatesPrivate: false,
    sim,
    credentials: [sim.apiKey],
    displayName: (who) => NAMES[who],
    async run(command, who = 'requester') {
      const t = await terminal(who);
      const from = t.text.length;
      const text = await type(who, commandLine(command));
      if (!QUESTION.test(text)) return { audience: 'private', text };
      const card: ConsoleCard = {
        id: `card-${cards.length + 1}`,
        typed: !/Confirm\? \[y\/N\] $/.test(text),
        who,
        from,
      };
      cards.push(card);
      return { audience: 'private', text, card };
    },
    confirm: (card) => answerCard(card, 'y'),
    cancel: (card) => answerCard(card, 'n'),
    typeName: (card, typed) => answerCard(card, typed),
    cardActions: (card) => {
      const c = card as ConsoleCard;
      const asking = cardEnd(c) === undefined && QUESTION.test(terminals.get(c.who)?.text ?? '');
      return asking ? ['confirm', 'cancel'] : [];
    },
    cardText: (card) => {
      const c = card as ConsoleCard;
      return (terminals.get(c.who)?.text ?? '').slice(c.from, cardEnd(c));
    },
    channelText: () =>
      [...terminals.values()]
        .flatMap((t) => t.text.split('\n'))
        // A line printed while idle follows the redrawn prompt: `vps> » …`.
        .map((line) => line.slice(Math.max(0, line.indexOf('» '))))
        .filter((line) => line.startsWith('» '))
        .join('\n'),
    privateText: (who) => terminals.get(who)?.text ?? '',
    auditText: () => readFile(join(dataDir, 'audit.jsonl'), 'utf8').catch(() => ''),
    logText: () => logs.lines.join('\n'),
    async close() {
      try {
        for (const t of terminals.values()) {
          t.input.end();
          await t.repl.closed;
        }
      } finally {
        await app.close();
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
};
