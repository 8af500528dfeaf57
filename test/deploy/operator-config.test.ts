// The configuration a new operator writes from what ships: `.env.example` (copied to .env, also
// compose's env_file and `docker run --env-file`), compose.yaml's `environment`, the Kubernetes
// Deployment's `env` and the image's own ENV. Every name they set is one the configuration reads
// (a typo would be ignored silently), the example never overrides what the image sets, and compose
// mounts the example policy it names in VPSOPS_POLICY.
import { readFileSync } from 'node:fs';
import { POLICY_PLATFORMS } from '../../src/app/adapters.js';
import { join } from 'node:path';
import { parseEnv } from 'node:util';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { allCommands } from '../../commands/index.js';
import { commandPath } from '../../src/core/index.js';
import { parsePolicy } from '../../src/core/policy/policy-file.js';
import { configVariables } from '../../src/app/config/load.js';
import { readDockerfile, stageEnv } from '../support/dockerfile.js';

type Obj = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const known = new Set(configVariables());
/** Variables Node itself reads (the example shows how to cap the heap). */
const NODE_OWN = new Set(['NODE_OPTIONS', 'NODE_ENV']);
const unknown = (names: string[]) => names.filter((name) => !known.has(name) && !NODE_OWN.has(name));

const example = read('.env.example');
/** Every `NAME=` of the example, set or commented out. */
const exampleNames = [...example.matchAll(/^#?\s?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]!);
const exampleSet = Object.keys(parseEnv(example));
const compose = parse(read('compose.yaml'), { merge: true }) as Obj;
const bots = Object.entries(compose.services as Record<string, Obj>).filter(([, s]) => s.build);
/** The runtime stage's ENV names. */
const imageEnv = Object.keys(
  stageEnv(readDockerfile(new URL('../../Dockerfile', import.meta.url)).stages.at(-1)!),
);

describe('what an operator configures', () => {
  it('names only variables the configuration reads: .env.example, compose, the Deployment, the image', () => {
    expect(known.size).toBeGreaterThanOrEqual(40);
    expect(exampleNames.length).toBeGreaterThanOrEqual(40);
    expect(unknown(exampleNames)).toEqual([]);
    for (const [name, bot] of bots) expect(unknown(Object.keys(bot.environment as Obj)), name).toEqual([]);
    const deployment = parseAllDocuments(read('deploy/kubernetes/deployment.yaml'))[0]!.toJSON() as Obj;
    const container = deployment.spec.template.spec.containers[0] as Obj;
    expect(unknown((container.env as Obj[]).map((e) => e.name as string))).toEqual([]);
    expect(unknown(imageEnv)).toEqual([]);
  });

  it('sets nothing in .env.example that the image sets (an env file would override it)', () => {
    expect(imageEnv).toEqual(expect.arrayContaining(['VPSOPS_DATA_DIR', 'PORT']));
    expect(exampleSet.filter((name) => imageEnv.includes(name))).toEqual([]);
    // Still documented, commented out with the default named.
    expect(example).toMatch(/^# VPSOPS_DATA_DIR=\.\/data$/m);
  });

  it('mounts the example policy into every compose replica at the path VPSOPS_POLICY names', () => {
    for (const [name, bot] of bots) {
      const target = bot.environment?.VPSOPS_POLICY as string;
      expect(target, name).toMatch(/^\//);
      const mount = (bot.volumes as string[]).find((v) => v.split(':')[1] === target);
      expect(mount, name).toMatch(/:ro$/);
      const [source] = mount!.split(':');
      const policy = parsePolicy(read(source!), source!, allCommands.map(commandPath), POLICY_PLATFORMS);
      expect(policy.roles.admin.length, name).toBeGreaterThan(0);
    }
  });
});
