// OAuth mode's composition: the hosting-API probe with no key of the bot's own, the refusal to
// run without an encryption key, and the platform admin named as each platform calls its tenants.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/api/index.js';
import { openTenancy } from '../../../src/app/tenancy.js';
import { loadConfig } from '../../../src/app/config/load.js';
import { createMemoryStore } from '../../../src/store/memory/table-store.js';
import { fakeHostingApi } from '../../support/fake-api.js';
import { runInTenant } from '../../../src/adapter-kit/tenant-context.js';
import type { Actor } from '../../../src/core/index.js';

const config = loadConfig({
  SLACK_CLIENT_ID: '1111.2222',
  SLACK_CLIENT_SECRET: 'client-secret-0123456789',
  SLACK_STATE_SECRET: 'state-secret-0123456789',
  SLACK_SIGNING_SECRET: 'signing-secret-0123456789',
  VPSOPS_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
});
const answering = (error: ApiError) =>
  fakeHostingApi({
    systems: {
      list: async () => {
        throw error;
      },
    },
  });

describe('OAuth tenancy', () => {
  it('counts a keyless read refused as the API answering, and anything else as down', async () => {
    const up = openTenancy(config, createMemoryStore(), () =>
      answering(new ApiError('UNAUTHORIZED', 'systems.list', { status: 401 })),
    );
    await expect(up.probe()).resolves.toBeUndefined();
    const down = openTenancy(config, createMemoryStore(), () =>
      answering(new ApiError('NETWORK', 'systems.list')),
    );
    await expect(down.probe()).rejects.toMatchObject({ code: 'NETWORK' });
  });

  it('refuses to open without VPSOPS_ENCRYPTION_KEY', () => {
    const { encryptionKey: _unused, ...withoutKey } = config;
    expect(() =>
      openTenancy(withoutKey, createMemoryStore(), () => answering(new ApiError('NETWORK', 'x'))),
    ).toThrow('VPSOPS_ENCRYPTION_KEY');
  });

  it('names a platform admin by what the platform calls its tenants (its catalogue entry)', async () => {
    const tenancy = openTenancy(config, createMemoryStore(), () =>
      answering(new ApiError('NETWORK', 'systems.list')),
    );
    const facts = { isAdmin: async () => true, inGroup: async () => false };
    const sourceOf = async (tenant: string, actor: Actor) => {
      const { actor: resolved } = await runInTenant({ id: tenant }, () =>
        tenancy.roles.withRole({ actor }, facts),
      );
      return resolved.tenantRole;
    };
    expect(await sourceOf('discord:G1', { platform: 'discord', userId: '1', displayName: 'd' })).toEqual({
      role: 'admin',
      source: { key: 'role.source.platformAdmin', values: { place: 'server' } },
    });
    expect(await sourceOf('slack:T1', { platform: 'slack', userId: 'U1', displayName: 's' })).toEqual({
      role: 'admin',
      source: { key: 'role.source.platformAdmin', values: { place: 'workspace' } },
    });
  });
});
