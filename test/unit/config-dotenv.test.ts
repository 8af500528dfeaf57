import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig, loadDotEnv } from '../../src/app/config/load.js';

const dirs: string[] = [];
const envFile = (text: string) => {
  const dir = mkdtempSync(join(tmpdir(), 'vpsops-dotenv-'));
  dirs.push(dir);
  const path = join(dir, '.env');
  writeFileSync(path, text);
  return path;
};
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('.env', () => {
  it('fills unset variables and never overrides the environment', () => {
    const env: NodeJS.ProcessEnv = { VPSOPS_CURRENCY: 'usd' };
    const path = envFile(
      '# comment\nVPSOPS_CURRENCY=EUR\nVPSOPS_CONSOLE_USER=bob\nHOSTING_API_URL=simulator\n',
    );
    expect(loadDotEnv(path, env)).toBe(path);
    expect(env).toEqual({ VPSOPS_CURRENCY: 'usd', VPSOPS_CONSOLE_USER: 'bob', HOSTING_API_URL: 'simulator' });
    const config = loadConfig(env);
    expect(config.currency).toBe('USD');
    expect(config.consoleUser).toBe('bob');
    expect(config.hostingApi.simulatorRequested).toBe(true);
  });

  it('is optional: no file, nothing read', () => {
    const env: NodeJS.ProcessEnv = {};
    expect(loadDotEnv(join(tmpdir(), 'vpsops-no-such-dir', '.env'), env)).toBeUndefined();
    expect(env).toEqual({});
  });

  it('.env.example copied unchanged gives a working configuration', () => {
    const env: NodeJS.ProcessEnv = {};
    loadDotEnv(new URL('../../.env.example', import.meta.url).pathname, env);
    const config = loadConfig(env);
    expect(config.policyExplicit).toBe(false);
    expect(config.hostingApi.url).toBeUndefined();
    expect(config.hostingApi.simulatorRequested).toBe(false);
  });
});
