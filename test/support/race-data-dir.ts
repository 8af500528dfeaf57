// One contender in a data-dir lock race: for each trial dir base/<i> (each holding a stale lock),
// waits until the shared start time of that trial, tries to take the dir, and keeps what it won
// until the test kills it. Prints "ready", reads the first trial's start time (epoch ms) from stdin, then prints
// the indices of the trials it won as one JSON line.
import { once } from 'node:events';
import { join } from 'node:path';
import { lockDataDir } from '../../src/store/embedded/data-dir-lock.js';

const [base, trialsText, stepText] = process.argv.slice(2);
if (!base || !trialsText || !stepText)
  throw new Error('usage: race-data-dir.ts <base dir> <trials> <ms per trial>');
process.stdout.write('ready\n');
const [line] = (await once(process.stdin, 'data')) as [Buffer];
const start = Number(line.toString().trim());
process.stdin.destroy();
const won: number[] = [];
for (let trial = 0; trial < Number(trialsText); trial += 1) {
  const at = start + trial * Number(stepText);
  while (Date.now() < at) {
    // spin: every contender starts the trial at the same instant
  }
  try {
    lockDataDir(join(base, String(trial)), 'race');
    won.push(trial);
  } catch {
    // refused: another contender holds it
  }
}
process.stdout.write(`${JSON.stringify(won)}\n`);
// Hold what it won until the test kills it: a winner that exited would leave a stale lock that a
// contender still behind (starved of CPU by the spinning others) rightly takes over as a second win.
setInterval(() => {}, 60_000);
