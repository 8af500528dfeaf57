#!/usr/bin/env node
// Entry point for `npm start` and `npx vpsops`: runs the bundle in dist/ (built by npm ci's
// `prepare`, or `npm run build`) when it is current or when there are no sources (an image), else
// the TypeScript sources through tsx (a development dependency) — so a fresh install starts fast,
// a production install needs no build tools, and an edited checkout never runs stale compiled code.
import { entryToRun } from './build-state.js';

const entry = entryToRun();
if (entry === 'dist') {
  await import('../dist/main.js');
} else if (entry === 'source') {
  let register;
  try {
    ({ register } = await import('tsx/esm/api'));
  } catch (error) {
    if (error?.code !== 'ERR_MODULE_NOT_FOUND') throw error;
    process.stderr.write(
      'vpsops: dist/ is missing or older than the sources, and tsx (a development dependency) is not installed: run `npm ci` then `npm run build`.\n',
    );
    process.exit(1);
  }
  register();
  await import('../src/main.ts');
} else {
  process.stderr.write(
    'vpsops: no build in dist/ and no sources: copy a built dist/ (`npm run build`) beside bin/.\n',
  );
  process.exit(1);
}
