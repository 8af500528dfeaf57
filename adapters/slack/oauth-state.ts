// OAuth mode's install states: stateless until used. The install page hands out a nonce + expiry +
// the install options, MAC'd (HMAC-SHA256) with a secret derived from VPSOPS_ENCRYPTION_KEY, so a
// visit writes nothing to the shared store (a flood of GETs cannot fill it). At the redirect the
// MAC and expiry are checked first; only a valid state is then taken once in the shared store, so it
// installs once on whichever replica the redirect reaches — Bolt's default signed state is reusable.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { HTTPReceiverOptions } from '@slack/bolt';
import type { EphemeralState } from '../../src/core/index.js';

type StateStore = NonNullable<NonNullable<HTTPReceiverOptions['installerOptions']>['stateStore']>;
type InstallOptions = Awaited<ReturnType<StateStore['verifyStateParam']>>;

/** How long an install state stays usable (Bolt's own default). */
export const STATE_TTL_MS = 10 * 60_000;

/** A state that is forged, expired or used: the install is refused and nothing is stored. */
export class InstallStateRefused extends Error {
  constructor() {
    super('the install state is unknown, expired or already used');
    this.name = 'InstallStateRefused';
  }
}

const usedKey = (nonce: string) => `slack-oauth-state-used:${nonce}`;

/** What a state carries, inside its MAC. */
interface StateBody {
  nonce: string;
  expiresAt: number;
  options: InstallOptions;
}

/** Bolt's StateStore: signed states, each taken once in the shared state when it is used. */
export function singleUseStateStore(state: EphemeralState, secret: Uint8Array): StateStore {
  const mac = (body: string) => createHmac('sha256', secret).update(body).digest();
  return {
    async generateStateParam(options, now) {
      const nonce = randomBytes(18).toString('base64url');
      const stateBody: StateBody = { nonce, expiresAt: now.getTime() + STATE_TTL_MS, options };
      const body = Buffer.from(JSON.stringify(stateBody)).toString('base64url');
      return `${body}.${mac(body).toString('base64url')}`;
    },
    async verifyStateParam(now, param) {
      const [body = '', tag = '', ...rest] = param.split('.');
      const given = Buffer.from(tag, 'base64url');
      const expected = mac(body);
      if (rest.length > 0 || given.length !== expected.length || !timingSafeEqual(given, expected))
        throw new InstallStateRefused();
      const { nonce, expiresAt, options } = JSON.parse(
        Buffer.from(body, 'base64url').toString(),
      ) as StateBody;
      const left = expiresAt - now.getTime();
      // The count makes the take atomic across replicas: only the first redirect gets 1.
      if (left <= 0 || (await state.increment(usedKey(nonce), left)) !== 1) throw new InstallStateRefused();
      return options;
    },
  };
}
