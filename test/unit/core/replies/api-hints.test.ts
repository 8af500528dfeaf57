import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../src/api/errors.js';
import type { HostingApi } from '../../../../src/api/index.js';
import { apiErrorMessage } from '../../../../src/core/replies/outcomes.js';
import { renderText } from '../../../../src/render/text.js';
import { makeBot, POLICY, WEB1 } from '../../../support/core-fakes.js';

const BACKUP = 'c1d2e3f4-0000-4000-8000-000000000001';
const hint = (error: ApiError, ctx = {}) => renderText(apiErrorMessage(error, ctx));

describe('recovery hints under hosting-API errors', () => {
  it('names the kind of id a 404 was about, and the instance it belongs to', () => {
    const backup = new ApiError('NOT_FOUND', 'backup.delete', {
      status: 404,
      ids: { instance_uuid: WEB1, backup_uuid: BACKUP },
    });
    expect(hint(backup, { path: 'backup delete', instance: 'web-1' })).toContain(
      'The hosting API does not know that backup (c1d2e3f4…) on web-1. `backup list web-1` shows the backups that exist.',
    );
    const graph = new ApiError('NOT_FOUND', 'network.graph', { status: 404, ids: { vswitch_id: '9' } });
    expect(hint(graph, { path: 'network graph' })).toContain('that private network id (9)');
    const keys = new ApiError('NOT_FOUND', 'sshkey.unassigned', { status: 404, ids: { vm_id: '999' } });
    expect(hint(keys, { path: 'sshkey unassigned' })).toContain('that VM id (999)');
    const ip = new ApiError('NOT_FOUND', 'ip.changeInstance', { status: 404, ids: { ip_uuid: BACKUP } });
    expect(hint(ip)).toContain('that public IP (c1d2e3f4…)');
    for (const error of [backup, graph, keys, ip]) expect(hint(error)).not.toContain('<instance>');
  });

  it('fills in the real command and instance instead of placeholders', () => {
    const conflict = new ApiError('CONFLICT', 'instance.stop', { status: 409 });
    expect(hint(conflict, { path: 'instance stop', instance: 'web-1' })).toContain(
      'Check the current state with `instance show web-1`',
    );
    const invalid = new ApiError('INVALID_INPUT', 'storage.create', { status: 422 });
    expect(hint(invalid, { path: 'storage create' })).toContain(
      '`/vps help storage create` shows what is expected',
    );
    for (const error of [conflict, invalid]) {
      expect(hint(error)).not.toMatch(/<instance>|<command>/);
    }
  });

  it('gives the runner’s own command and instance label in the reply', async () => {
    const { run, fake } = await makeBot({ policy: POLICY });
    await run(`instance show ${WEB1}`);
    (fake.api as { instances: Partial<HostingApi['instances']> }).instances.detail = async () => {
      throw new ApiError('CONFLICT', 'instance.detail', { status: 409, apiMessage: 'Instance is busy.' });
    };
    const text = renderText((await run('instance show web-1')).reply!);
    expect(text).toContain('Instance is busy.”');
    expect(text).not.toContain('.”.');
    expect(text).toContain('Check the current state with `instance show web-1`');
  });
});
