// OAuth mode's install states: single-use nonces kept in the bot's shared store for 10 minutes,
// so a state (with its cookie) installs once, on whichever replica the redirect reaches — Bolt's
// default state is a signed token any number of redirects may reuse until it expires.
import { randomBytes } from 'node:crypto';
import type { HTTPReceiverOptions } from '@slack/bolt';
import type { EphemeralState } from '../../src/core/index.js';

type StateStore = NonNullable<NonNullable<HTTPReceiverOptions['installerOptions']>['stateStore']>;
type InstallOptions = Awaited<ReturnType<StateStore['verifyStateParam']>>;

/** How long an install state stays usable (Bolt's own default). */
export const STATE_TTL_MS = 10 * 60_000;

/** A state that is unknown, expired or used: the install is refused and nothing is stored. */
export class InstallStateRefused extends Error {
  constructor() {
    super('the install state is unknown, expired or already used');
    this.name = 'InstallStateRefused';
  }
}

const stateKey = (nonce: string) => `slack-oauth-state:${nonce}`;
const usedKey = (nonce: string) => `slack-oauth-state-used:${nonce}`;

/** Bolt's StateStore over the shared state: a random nonce per install page, taken once. */
export function singleUseStateStore(state: EphemeralState): StateStore {
  return {
    async generateStateParam(installOptions) {
      const nonce = randomBytes(24).toString('base64url');
      await state.set(stateKey(nonce), JSON.stringify(installOptions), STATE_TTL_MS);
      return nonce;
    },
    async verifyStateParam(_now, nonce) {
      if (!/^[\w-]{32}$/.test(nonce)) throw new InstallStateRefused();
      const saved = await state.get(stateKey(nonce));
      // The count makes the take atomic across replicas: only the first redirect gets 1.
      if (saved === null || (await state.increment(usedKey(nonce), STATE_TTL_MS)) !== 1)
        throw new InstallStateRefused();
      await state.delete(stateKey(nonce));
      return JSON.parse(saved) as InstallOptions;
    },
  };
}
