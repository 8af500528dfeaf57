// compose.yaml: Redis with persistence and a healthcheck, two bot replicas sharing it (REDIS_URL in
// each replica's own environment), .env for the rest, healthchecks on /healthz, one published port.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

type Obj = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const compose = parse(readFileSync(new URL('../../compose.yaml', import.meta.url), 'utf8'), {
  merge: true,
}) as Obj;
const services = compose.services as Record<string, Obj>;
const bots = Object.entries(services).filter(([, s]) => s.image?.startsWith('vpsops') || s.build);
const [redisName, redis] = Object.entries(services).find(([, s]) => /^redis:/.test(s.image ?? '')) ?? [];

describe('compose.yaml', () => {
  it('runs Redis with append-only persistence, noeviction, a volume and a healthcheck', () => {
    expect(redis?.image).toMatch(/^redis:\d+\.\d+\.\d+/);
    const command = (redis?.command as string[]).join(' ');
    expect(command).toMatch(/--appendonly yes/);
    expect(command).toMatch(/--maxmemory-policy noeviction/);
    const [volume] = (redis?.volumes as string[])[0]?.split(':') ?? [];
    expect(Object.keys(compose.volumes as Obj)).toContain(volume);
    expect(redis?.healthcheck.test).toEqual(['CMD', 'redis-cli', 'ping']);
  });

  it('runs two bot replicas, each with REDIS_URL in its own environment pointing at that Redis', () => {
    expect(bots).toHaveLength(2);
    for (const [name, bot] of bots) {
      expect(bot.environment?.REDIS_URL, name).toMatch(new RegExp(`^redis://${redisName}:6379/`));
      expect(bot.env_file, name).toBe('.env');
      expect(bot.depends_on?.[redisName ?? '']?.condition, name).toBe('service_healthy');
      expect(bot.command, name).toEqual(['serve']);
    }
    expect(new Set(bots.map(([, bot]) => bot.image)).size).toBe(1);
  });

  it('checks each replica with /healthz on its PORT, and publishes the serve port once', () => {
    for (const [name, bot] of bots) {
      const test = (bot.healthcheck?.test as string[]).join(' ');
      expect(test, name).toContain(`http://127.0.0.1:${bot.environment.PORT}/healthz`);
      expect(bot.healthcheck?.test[0], name).toBe('CMD');
    }
    const published = bots.filter(([, bot]) => bot.ports);
    expect(published).toHaveLength(1);
    expect(published[0]?.[1].ports).toEqual([
      `${published[0]?.[1].environment.PORT}:${published[0]?.[1].environment.PORT}`,
    ]);
  });

  it('keeps the admin port off the published ports and the bots locked down', () => {
    for (const [name, bot] of bots) {
      const admin = bot.environment.VPSOPS_ADMIN_PORT as string | undefined;
      if (admin)
        for (const port of (bot.ports as string[] | undefined) ?? []) expect(port, name).not.toContain(admin);
      expect(bot.read_only, name).toBe(true);
      expect(bot.cap_drop, name).toEqual(['ALL']);
    }
  });
});
