// The Dockerfile read as instructions (continuation lines joined, comments dropped), grouped into
// its stages: for the Dockerfile lint and for building an image-like directory from its runtime stage.
import { readFileSync } from 'node:fs';

/** One instruction: `COPY --from=build /app/dist ./dist` → { op: 'COPY', args: '--from=build /app/dist ./dist' }. */
export interface Instruction {
  op: string;
  args: string;
}

/** A stage: its FROM line and what follows it. */
export interface Stage {
  from: string;
  body: Instruction[];
}

/** The Dockerfile's ARG defaults and stages, in order (the last is the runtime stage). */
export function readDockerfile(url: URL): { args: Record<string, string>; stages: Stage[] } {
  const instructions = readFileSync(url, 'utf8')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const [op = '', ...rest] = line.split(/\s+/);
      return { op: op.toUpperCase(), args: rest.join(' ') };
    });
  const args = Object.fromEntries(
    instructions.filter((i) => i.op === 'ARG').map((i) => i.args.split('=') as [string, string]),
  );
  const stages: Stage[] = [];
  for (const i of instructions) {
    if (i.op === 'FROM') stages.push({ from: i.args, body: [] });
    else stages.at(-1)?.body.push(i);
  }
  return { args, stages };
}

/** A stage's ENV settings (`ENV A=1 B=2` lines), by name. */
export function stageEnv(stage: Stage): Record<string, string> {
  const pairs = stage.body
    .filter((i) => i.op === 'ENV')
    .flatMap((i) => [...i.args.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=(\S*)/g)].map((m) => [m[1]!, m[2]!]));
  return Object.fromEntries(pairs);
}
