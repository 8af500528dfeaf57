// A confirmation that expires while the console is asking for it: the prompt ends with one
// clear line, and nothing typed afterwards is sent to the bot or the hosting API.
import { afterEach, describe, expect, it } from 'vitest';
import { SEED_IDS } from '../../src/simulator/seed-ids.js';
import { startConsoleSession, type ConsoleSession } from '../support/console-session.js';

let session: ConsoleSession | undefined;
afterEach(async () => {
  await session?.close();
  session = undefined;
});

describe('console confirmation expiry', () => {
  it('ends the Confirm? prompt when the card expires and sends nothing typed afterwards', async () => {
    session = await startConsoleSession({ env: { VPSOPS_CONFIRM_TTL_SECONDS: '1' } });
    const s = session;
    const preview = await s.send('instance stop web-1');
    expect(preview).toMatch(/Confirm\? \[y\/N\] $/);
    const after = await s.waitFor(/That confirmation expired at \d\d:\d\d:\d\d — run the command again\.\n/);
    expect(after).toMatch(/Expired — nothing was done\./);
    expect(after).toMatch(/run the command again\.\nvps> $/);
    const answer = await s.send('y');
    expect(answer).not.toMatch(/Already handled/);
    expect(answer).toMatch(/vps> $/);
    expect(s.app.simulator!.countRequests('instance.stop')).toBe(0);
    expect(s.app.simulator!.state.getInstance(SEED_IDS.instances.web1)?.status).toBe('Running');
  });
});
