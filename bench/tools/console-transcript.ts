// The README's console transcript, from one real run: starts `npm start` (the console against the
// embedded simulator, no configuration), types a fixed list of lines one prompt at a time, waits
// for the operations it starts to finish, and prints what a terminal would have shown (the typed
// lines after their prompts). Run: `npx tsx bench/tools/console-transcript.ts > transcript.txt`.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** One typed line, and (optionally) what must have been printed before the next line is typed. */
interface Step {
  type: string;
  thenWaitFor?: RegExp;
}

const STEPS: Step[] = [
  { type: 'instance show web-1' },
  { type: 'instance stop web-1' },
  { type: 'y', thenWaitFor: /web-1 is Stopped/ },
  { type: 'instance delete web-2 --remove-ip' },
  { type: 'web2' },
  { type: 'web-2', thenWaitFor: /web-2 deleted/ },
  { type: 'instance stpo web-1' },
  { type: 'snapshot list web-1' },
  { type: 'audit --limit 3' },
  { type: 'exit' },
];

const PROMPTS = [/vps> $/, /Confirm\? \[y\/N\] $/, /\(or press Enter to cancel\): $/];
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const USER = 'alice';
const STEP_TIMEOUT_MS = 30_000;

async function main(): Promise<void> {
  // A newcomer's first start: ./data does not exist yet. If it does, a scratch dir is used instead.
  const fresh = !existsSync(join(ROOT, 'data'));
  const scratch = fresh ? null : mkdtempSync(join(tmpdir(), 'vpsops-transcript-'));
  const env = { ...process.env, VPSOPS_CONSOLE_USER: USER } as Record<string, string>;
  for (const name of [
    'HOSTING_API_URL',
    'HOSTING_API_KEY',
    'SLACK_BOT_TOKEN',
    'DISCORD_TOKEN',
    'VPSOPS_POLICY',
  ])
    delete env[name];
  if (scratch) env.VPSOPS_DATA_DIR = join(scratch, 'data');
  const child = spawn('npm', ['start'], { cwd: ROOT, env, stdio: ['pipe', 'pipe', 'ignore'] });
  let shown = `$ ${scratch ? `VPSOPS_DATA_DIR=${env.VPSOPS_DATA_DIR} ` : ''}VPSOPS_CONSOLE_USER=${USER} npm start\n`;
  let output = '';
  let wake: (() => void) | null = null;
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
    shown += chunk.toString('utf8');
    wake?.();
  });
  const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
  const until = async (ready: () => boolean, what: string): Promise<void> => {
    const deadline = Date.now() + STEP_TIMEOUT_MS;
    while (!ready()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${shown}`);
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, 200);
      });
    }
  };
  const atPrompt = () => PROMPTS.some((prompt) => prompt.test(output));
  try {
    await until(atPrompt, 'the first prompt');
    for (const step of STEPS) {
      output = '';
      shown += `${step.type}\n`;
      child.stdin.write(`${step.type}\n`);
      if (step.type === 'exit') break;
      await until(atPrompt, `the prompt after "${step.type}"`);
      if (step.thenWaitFor) {
        const pattern = step.thenWaitFor;
        await until(() => pattern.test(output) && atPrompt(), String(pattern));
      }
    }
    child.stdin.end();
    await closed;
  } finally {
    child.kill();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
    else rmSync(join(ROOT, 'data'), { recursive: true, force: true });
  }
  process.stdout.write(shown.replace(/\n+$/, '\n'));
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
