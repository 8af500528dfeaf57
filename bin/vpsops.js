#!/usr/bin/env node
// Entry point for `npm start` and `npx vpsops`: runs the bundle in dist/ (built by npm ci's
// `prepare`, or `npm run build`) when it is current, else the TypeScript sources through tsx —
// so a fresh install starts fast and an edited checkout never runs stale compiled code.
import { buildIsCurrent } from './build-state.js';

if (process.env.VPSOPS_FROM_SOURCE !== '1' && buildIsCurrent()) {
  await import('../dist/main.js');
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/main.ts');
}
