// An image-like directory: what the Dockerfile's runtime stage holds, built without a container
// runtime. Its COPY lines are followed from this checkout (the build stage's dist/ is bin/build.js
// writing straight into the directory), its `npm ci` runs there (from npm's cache where it can), and
// its ENV becomes the environment — with the image's /data standing for a volume the test names, and
// `.env.example` laid over it the way `docker run --env-file` and compose's env_file do.
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEnv, promisify } from 'node:util';
import { readDockerfile, stageEnv } from './dockerfile.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);
/** The runtime stage's WORKDIR and its data volume, as the Dockerfile names them. */
const WORKDIR = '/app';
const VOLUME = '/data';

/** A built image-like directory. */
export interface ImageLike {
  /** The directory standing for the image's WORKDIR. */
  dir: string;
  /** A fresh directory standing for a /data volume, beside the image. */
  volume(): string;
  /** Removes the image and its volumes. */
  remove(): void;
  /** The ENTRYPOINT's script (bin/vpsops.js inside `dir`). */
  bin: string;
  /** The container's environment: the image's ENV (PORT left to the caller), then `.env.example`'s values. */
  env(volume: string): Record<string, string>;
}

/** Where a COPY source comes from: the build stage's output is built here, the rest copied from the checkout. */
async function copyInto(dir: string, args: string): Promise<void> {
  const fromBuild = /^--from=build\s+/.test(args);
  const words = args.replace(/^--from=\S+\s+/, '').split(/\s+/);
  const dest = join(dir, words.at(-1)!);
  for (const source of words.slice(0, -1)) {
    if (fromBuild) {
      if (source !== `${WORKDIR}/dist`) throw new Error(`no recipe for the build stage's ${source}`);
      await run(process.execPath, [join(ROOT, 'bin', 'build.js'), '--quiet', '--outdir', dest]);
      if (!existsSync(join(dest, 'build-stamp.json'))) throw new Error('the build did not complete');
    } else {
      const target = words.length > 2 || dest.endsWith('/') ? join(dest, source) : dest;
      cpSync(join(ROOT, source), target, { recursive: true });
    }
  }
}

/** Builds the runtime stage into a fresh temp directory (about 20 s: the build and npm ci). */
export async function buildImageLike(): Promise<ImageLike> {
  const { stages } = readDockerfile(new URL('../../Dockerfile', import.meta.url));
  const runtime = stages.at(-1)!;
  const base = mkdtempSync(join(tmpdir(), 'vpsops-image-'));
  const dir = join(base, 'app');
  mkdirSync(dir);
  let volumes = 0;
  // The steps touch different paths (package*.json first, then node_modules, dist/, bin/): the
  // build and npm ci run side by side.
  const steps: Promise<unknown>[] = [];
  for (const { op, args } of runtime.body) {
    if (op === 'COPY') steps.push(copyInto(dir, args));
    if (op === 'RUN' && /\bnpm ci\b/.test(args)) {
      const ci = args.split('&&')[0]!.trim().split(/\s+/).slice(1);
      // From the cache where it can: the registry is asked only for what the cache lacks.
      steps.push(run('npm', [...ci, '--prefer-offline'], { cwd: dir, timeout: 300_000 }));
    }
  }
  await Promise.all(steps);
  const entrypoint = runtime.body.find((i) => i.op === 'ENTRYPOINT');
  const [, script] = JSON.parse(entrypoint?.args ?? '[]') as string[];
  const imageEnv = stageEnv(runtime);
  const example = parseEnv(readFileSync(join(ROOT, '.env.example'), 'utf8'));
  return {
    dir,
    volume: () => join(base, `volume-${(volumes += 1)}`),
    remove: () => rmSync(base, { recursive: true, force: true }),
    bin: join(dir, script ?? 'bin/vpsops.js'),
    env(volume) {
      mkdirSync(volume, { recursive: true });
      const fromImage = Object.entries(imageEnv)
        .filter(([name]) => name !== 'PORT')
        .map(([name, value]) => [name, value === VOLUME ? volume : value]);
      return { ...Object.fromEntries(fromImage), ...example } as Record<string, string>;
    },
  };
}
