// The audit contract against audit.jsonl in a temp data dir.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openAuditLog } from '../../src/store/embedded/file-audit-log.js';
import { describeAuditContract } from './audit-contract.js';

describeAuditContract('audit.jsonl', async ({ redact }) => {
  const dir = await mkdtemp(join(tmpdir(), 'vpsops-audit-'));
  return {
    log: await openAuditLog(dir, { redact }),
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
});
