// The environment of an in-process bot in many-tenant mode (Discord multi-guild, HTTP interactions
// off): no chat adapter is started, the hosting API sits where nothing listens (calls fail fast),
// and the encryption key is fresh unless given.
import { randomBytes } from 'node:crypto';

/** Discord multi-guild mode's variables, with `more` on top. */
export function manyTenantEnv(more: Record<string, string> = {}): Record<string, string> {
  return {
    VPSOPS_POLICY: '',
    HOSTING_API_URL: 'http://127.0.0.1:9/v1',
    HOSTING_API_TIMEOUT_MS: '1000',
    DISCORD_TOKEN: 'fake-discord-bot-token-0123456789',
    DISCORD_APPLICATION_ID: '100000000000000001',
    DISCORD_MULTI_GUILD: '1',
    VPSOPS_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    VPSOPS_RATE_LIMIT_USER_PER_MINUTE: '0',
    ...more,
  };
}
