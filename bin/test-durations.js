#!/usr/bin/env node
// Writes test/durations.json (seconds per test file) from a Vitest JSON report, for the
// longest-first test order (test/support/longest-first.ts): node bin/test-durations.js <vitest.json>
import { readFileSync, writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';

const report = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const root = resolve(import.meta.dirname, '..');
const durations = Object.fromEntries(
  report.testResults
    .map((file) => [relative(root, file.name), Math.round(file.endTime - file.startTime) / 1000])
    .sort(([a], [b]) => (a < b ? -1 : 1)),
);
writeFileSync(resolve(root, 'test/durations.json'), `${JSON.stringify(durations, null, 1)}\n`);
