// connect / disconnect as every platform reads them, and their answers in both languages.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/api/index.js';
import { createMemoryStore } from '../../../src/store/memory/table-store.js';
import { keyAnswers, keyCommandOf } from '../../../src/adapter-kit/key-command.js';
import { createEnvelope } from '../../../src/secrets/envelope.js';
import {
  TENANTS_COLLECTION,
  createTenantDirectory,
  type TenantRecord,
} from '../../../src/tenants/tenant-directory.js';
import { createTenantKeys } from '../../../src/tenants/tenant-keys.js';
import { randomBytes } from 'node:crypto';
import { fakeHostingApi } from '../../support/fake-api.js';

describe('keyCommandOf', () => {
  it('reads connect, disconnect and a key typed after connect; nothing else', () => {
    expect(keyCommandOf('connect', false)).toBe('connect');
    expect(keyCommandOf('CONNECT', true)).toBe('pastedKey');
    expect(keyCommandOf('disconnect', false)).toBe('disconnect');
    expect(keyCommandOf('instance', true)).toBeNull();
    expect(keyCommandOf('', false)).toBeNull();
  });
});

describe('key answers', () => {
  it('name the place and the dialog in English and Indonesian', () => {
    expect(keyAnswers('en', 'server').howToConnect).toContain('This server has no hosting API key');
    expect(keyAnswers('en', 'workspace').howToConnect).toContain('This workspace has no hosting API key');
    expect(keyAnswers('id', 'server').howToConnect).toContain('Server ini belum menautkan');
    expect(keyAnswers('id', 'server').linked('…WXYZ')).toContain('…WXYZ');
  });

  it('give the reason a key was refused in the asker’s language, never the key', async () => {
    const directory = createTenantDirectory(
      createMemoryStore().collection<TenantRecord>(TENANTS_COLLECTION),
      createEnvelope(randomBytes(32)),
    );
    const refusing = fakeHostingApi({
      systems: {
        list: async () => {
          throw new ApiError('UNAUTHORIZED', 'systems.list', { status: 401 });
        },
      },
    });
    const keys = createTenantKeys({ directory, clientFor: () => refusing });
    const key = 'hk-refused-key-0123456789';
    const en = await keys.link('discord:1', key, 'discord:2');
    const id = await keys.link('discord:1', key, 'discord:2', 'id');
    expect(en).toEqual({ linked: false, reason: expect.stringContaining('refused this key') as string });
    expect(id).toEqual({ linked: false, reason: expect.stringContaining('menolak kunci ini') as string });
    expect(JSON.stringify([en, id])).not.toContain(key);
    expect(await keys.linkedKeyHint('discord:1')).toBeNull();
  });
});
