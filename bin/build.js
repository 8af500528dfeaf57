#!/usr/bin/env node
// `npm run build` (and npm ci's `prepare`): bundles the CLI into dist/ with esbuild — our sources
// and their pure-JS libraries in a few files, so a start loads one module graph instead of hundreds
// of files and never compiles TypeScript. Slack, Discord and the chart engine stay separate chunks
// loaded on first use. bin/vpsops.js runs dist/ only while this build's stamp is newer than every
// input (see build-state.js); otherwise it falls back to the TypeScript sources through tsx.
// Type checking is `npm run typecheck`'s job; a failed build removes the stamp and exits 0 so an
// install never fails because of it (the CLI then simply runs the sources). Without esbuild (a
// production install, `npm ci --omit=dev`) it leaves dist/ as it is.
// `--outdir <dir>` writes the build elsewhere (a production install under test); default dist/.
// Whitespace and comments are left out (identifiers are kept, so stack traces still name functions):
// V8 keeps every loaded chunk's source in the heap, as one byte per character only while the whole
// chunk is Latin-1 — a single "—" in a library's comment made the 3 MB Slack chunk take 6 MB.
import { rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DIST, ROOT } from './build-state.js';

/** Libraries left to node_modules: discord.js (optional native deps), native (@napi-rs/canvas loads its platform's .node binary) or worker-based (pino). Bolt is bundled into the lazily loaded Slack chunk: it halves serve's start. */
const EXTERNAL = ['discord.js', '@discordjs/*', '@napi-rs/canvas', 'ioredis', 'pino', 'prom-client'];

const quiet = process.argv.includes('--quiet');
const outdirAt = process.argv.indexOf('--outdir');
const outdir = outdirAt === -1 ? DIST : resolve(process.argv[outdirAt + 1] ?? DIST);
const stamp = join(outdir, 'build-stamp.json');

let esbuild;
try {
  esbuild = await import('esbuild');
} catch (error) {
  if (error?.code !== 'ERR_MODULE_NOT_FOUND') throw error;
  console.warn(
    'vpsops: build skipped (esbuild is not installed: a production install); dist/ left as it is.',
  );
  process.exit(0);
}

try {
  rmSync(outdir, { recursive: true, force: true });
  const started = performance.now();
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    // charts.js is also an entry so benchmarks can load the chart chunk by a stable name.
    entryPoints: { main: 'src/main.ts', charts: 'src/render/chart/index.ts' },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external: EXTERNAL,
    // Bundled CommonJS libraries call require(); give the ESM output a real one.
    banner: {
      js: "import { createRequire as __vpsopsRequire } from 'node:module'; const require = __vpsopsRequire(import.meta.url);",
    },
    minifyWhitespace: true,
    metafile: true,
    logLevel: 'warning',
  });
  const inputs = Object.keys(result.metafile.inputs)
    .filter((file) => !file.includes('node_modules/'))
    .concat('package.json', 'package-lock.json');
  writeFileSync(stamp, JSON.stringify({ builtAt: new Date().toISOString(), inputs }, null, 1));
  if (!quiet)
    console.log(
      `vpsops: built ${relative(ROOT, outdir) || '.'}/ from ${inputs.length} files in ${Math.round(performance.now() - started)} ms`,
    );
} catch (error) {
  rmSync(stamp, { force: true });
  console.warn(
    `vpsops: build skipped (${error instanceof Error ? error.message.split('\n')[0] : String(error)}); the CLI will run the TypeScript sources through tsx.`,
  );
}
