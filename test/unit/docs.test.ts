// The documents keep up with the code: the README stays short and keeps its quick start, every
// variable the configuration schema reads is documented, and the layout in docs/architecture.md
// names only paths that exist (and every room of src/).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const isDir = (path: string) => existsSync(join(ROOT, path)) && statSync(join(ROOT, path)).isDirectory();
const subdirs = (path: string) =>
  isDir(path)
    ? readdirSync(join(ROOT, path))
        .filter((name) => isDir(join(path, name)))
        .map((name) => `${path}/${name}`)
    : [];

/** The configuration schema and the fragments adapters and stores contribute to it. */
function configFiles(): string[] {
  const fragments = [...subdirs('adapters'), ...subdirs('src/store')]
    .map((dir) => `${dir}/config.ts`)
    .filter((file) => existsSync(join(ROOT, file)));
  return ['src/app/config/load.ts', 'src/app/config/core-variables.ts', ...fragments];
}

/** Every environment variable a config file reads: schema keys and `env.NAME` / `env['NAME']`. */
function envVarsReadIn(source: string): string[] {
  const names = new Set<string>();
  for (const m of source.matchAll(/^\s*([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|[A-Z]{3,}):/gm)) names.add(m[1]!);
  for (const m of source.matchAll(/\benv(?:\.|\[')([A-Z][A-Z0-9_]+)/g)) names.add(m[1]!);
  return [...names].sort();
}

/** The section of a markdown text under a `## heading`, up to the next `## `. */
function section(markdown: string, heading: string): string {
  const start = markdown.indexOf(`\n## ${heading}\n`);
  if (start < 0) return '';
  const end = markdown.indexOf('\n## ', start + 1);
  return markdown.slice(start, end < 0 ? undefined : end);
}

/** A name as a whole word: VPSOPS_CONSOLE_USER does not count as USER. */
const mentions = (text: string, name: string) => new RegExp(`(?<![A-Z0-9_])${name}(?![A-Z0-9_])`).test(text);

/** The first fenced block of a markdown section. */
function firstFence(text: string): string {
  const m = /```[a-z]*\n([\s\S]*?)```/.exec(text);
  return m ? m[1]! : '';
}

/** Repository paths named in a block: tokens starting with a top-level folder, placeholders aside. */
function pathsIn(block: string): string[] {
  const re = /(?:^|[\s(])((?:src|adapters|commands|test|bench|bin|deploy|docs)\/[\w./-]*)/gm;
  return [...new Set([...block.matchAll(re)].map((m) => m[1]!.replace(/[.,]$/, '')))].sort();
}

describe('README', () => {
  const readme = read('README.md');

  it('is at most 300 lines', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(300);
  });

  it('keeps both quick-start commands', () => {
    expect(readme).toContain('npm ci && npm start');
    expect(readme).toContain('npm ci && npm test');
  });

  it('documents every variable the configuration reads, in its table and in .env.example', () => {
    const names = configFiles().flatMap((file) => envVarsReadIn(read(file)));
    expect(names.length).toBeGreaterThanOrEqual(30); // the extraction itself still works
    const table = section(readme, 'Configuration')
      .split('\n')
      .filter((line) => line.startsWith('|'))
      .join('\n');
    const example = read('.env.example');
    expect(names.filter((name) => !mentions(table, name))).toEqual([]);
    expect(names.filter((name) => !mentions(example, name))).toEqual([]);
  });
});

describe('docs/architecture.md', () => {
  const architecture = read('docs/architecture.md');
  const layout = firstFence(section(architecture, '1. Layout'));
  const layers = firstFence(section(architecture, '2. The layers'));

  it('names only paths that exist, in the layout and in the picture of the layers', () => {
    const named = [...pathsIn(layout), ...pathsIn(layers)];
    expect(named.length).toBeGreaterThanOrEqual(30);
    expect(named.filter((path) => !existsSync(join(ROOT, path)))).toEqual([]);
  });

  it('lists every folder of src/, of src/core/, of src/store/ and of adapters/ in the layout', () => {
    const listed = new Set(pathsIn(layout).map((path) => path.replace(/\/$/, '')));
    const folders = [
      ...subdirs('src'),
      ...subdirs('src/core'),
      ...subdirs('src/store'),
      ...subdirs('adapters'),
    ];
    const isListed = (folder: string) =>
      listed.has(folder) || [...listed].some((path) => path.startsWith(`${folder}/`));
    expect(folders.filter((folder) => !isListed(folder))).toEqual([]);
  });
});
