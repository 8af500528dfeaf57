// A lint of the Dockerfile (no container runtime here, so the image is not built in CI): multi-stage,
// pinned base images, a runtime stage with production dependencies and the build output only, a
// non-root user, the serve port, a /healthz healthcheck, exec-form entrypoint, the data volume.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readDockerfile } from '../support/dockerfile.js';

const { args, stages } = readDockerfile(new URL('../../Dockerfile', import.meta.url));
const runtime = stages.at(-1)!;
const ops = (op: string) => runtime.body.filter((i) => i.op === op).map((i) => i.args);
const dockerignore = readFileSync(new URL('../../.dockerignore', import.meta.url), 'utf8').split('\n');

describe('Dockerfile', () => {
  it('is multi-stage, each stage on an exactly pinned Node image', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    for (const stage of stages) {
      const image = stage.from
        .split(/\s+/)[0]!
        .replace(/^\$\{(\w+)\}$/, (_, name: string) => args[name] ?? '');
      expect(image).toMatch(
        /^node:(20|22)\.\d+\.\d+-[a-z]+-slim(@sha256:[0-9a-f]{64})?$|^node:[^@]+@sha256:[0-9a-f]{64}$/,
      );
    }
  });

  it('builds dist/ in an earlier stage with every dependency', () => {
    const build = stages[0]!.body.map((i) => `${i.op} ${i.args}`).join('\n');
    expect(build).toMatch(/RUN npm ci\b(?!.*--omit=dev)/);
    expect(build).toMatch(/RUN node bin\/build\.js/);
  });

  it('installs production dependencies only in the runtime stage and copies dist/, bin/ and package*.json alone', () => {
    expect(ops('RUN').join('\n')).toMatch(/npm ci --omit=dev --ignore-scripts/);
    const copied = ops('COPY')
      .map((a) =>
        a
          .replace(/^--from=\S+\s+/, '')
          .split(/\s+/)
          .slice(0, -1),
      )
      .flat();
    expect(copied.sort()).toEqual(['/app/dist', 'bin', 'package-lock.json', 'package.json']);
    expect(ops('COPY').find((a) => a.includes('/app/dist'))).toMatch(/^--from=build /);
  });

  it('runs as a non-root user, exposes PORT, checks /healthz with node, and keeps the data dir a volume', () => {
    const user = ops('USER').at(-1);
    expect(user).toBeDefined();
    expect(user).not.toMatch(/^(root|0)(:|$)/);
    const env = ops('ENV').join(' ');
    const port = /PORT=(\d+)/.exec(env)?.[1];
    expect(ops('EXPOSE')).toContain(port);
    expect(ops('HEALTHCHECK').join(' ')).toMatch(/CMD \["node", "-e", ".*\/healthz/);
    const dataDir = /VPSOPS_DATA_DIR=(\S+)/.exec(env)?.[1];
    expect(ops('VOLUME').join(' ')).toContain(`"${dataDir}"`);
  });

  it('starts node in exec form, so it is PID 1 and receives SIGTERM', () => {
    expect(ops('ENTRYPOINT')).toEqual(['["node", "bin/vpsops.js"]']);
    expect(ops('CMD')).toEqual(['["serve"]']);
  });

  it('keeps local installs, secrets, state and tests out of the build context', () => {
    for (const entry of ['node_modules', '.env', 'data', 'test', 'coverage'])
      expect(dockerignore).toContain(entry);
  });
});
