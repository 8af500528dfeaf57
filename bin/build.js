#!/usr/bin/env node
// `npm run build` (and npm ci's `prepare`): bundles the CLI into dist/ with esbuild — our sources
// and their pure-JS libraries in a few files, so a start loads one module graph instead of hundreds
// of files and never compiles TypeScript. Slack, Discord and the chart engine stay separate chunks
// loaded on first use. bin/vpsops.js runs dist/ only while this build's stamp is newer than every
// input (see build-state.js); otherwise it falls back to the TypeScript sources through tsx.
// Type checking is `npm run typecheck`'s job; a failed build removes the stamp and exits 0 so an
// install never fails because of it (the CLI then simply runs the sources).
import { rmSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DIST, ROOT, STAMP } from './build-state.js';

/** Libraries left to node_modules: discord.js (optional native deps), native (@napi-rs/canvas loads its platform's .node binary) or worker-based (pino). Bolt is bundled into the lazily loaded Slack chunk: it halves serve's start. */
const EXTERNAL = ['discord.js', '@discordjs/*', '@napi-rs/canvas', 'ioredis', 'pino', 'prom-client'];

const quiet = process.argv.includes('--quiet');
try {
  const { build } = await import('esbuild');
  rmSync(DIST, { recursive: true, force: true });
  const started = performance.now();
  const result = await build({
    absWorkingDir: ROOT,
    // charts.js is also an entry so benchmarks can load the chart chunk by a stable name.
    entryPoints: { main: 'src/main.ts', charts: 'src/render/chart/index.ts' },
    outdir: 'dist',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external: EXTERNAL,
    // Bundled CommonJS libraries call require(); give the ESM output a real one.
    banner: { js: "import { createRequire as __vpsopsRequire } from 'node:module'; const require = __vpsopsRequire(import.meta.url);" },
    metafile: true,
    logLevel: 'warning',
  });
  const inputs = Object.keys(result.metafile.inputs)
    .filter((file) => !file.includes('node_modules/'))
    .concat('package.json', 'package-lock.json');
  writeFileSync(STAMP, JSON.stringify({ builtAt: new Date().toISOString(), inputs }, null, 1));
  if (!quiet)
    console.log(`vpsops: built ${relative(ROOT, DIST)}/ from ${inputs.length} files in ${Math.round(performance.now() - started)} ms`);
} catch (error) {
  rmSync(STAMP, { force: true });
  console.warn(`vpsops: build skipped (${error instanceof Error ? error.message.split('\n')[0] : String(error)}); the CLI will run the TypeScript sources through tsx.`);
}
