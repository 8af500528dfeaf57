// The chart a Discord slash command's answer uploads (`instance metrics`): the PATCH of the
// interaction's original response that carries a file, accepted by the fake.
import type { FakeDiscord } from './fake-discord.js';
import { waitFor } from './wait-for.js';

/** The first bytes of every PNG file. */
export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Waits for the file uploaded in answer to the interaction `token`; resolves with its bytes. */
export async function chartUploadedFor(
  discord: FakeDiscord,
  token: string,
  timeoutMs: number,
): Promise<Buffer> {
  const upload = await waitFor(
    () =>
      discord.calls.find(
        (c) => c.method === 'PATCH' && c.path.includes(token) && c.files.length > 0 && c.status === 200,
      ),
    'the chart on Discord',
    timeoutMs,
  );
  return upload.files[0]!.data;
}
