// Where everything leaves the app: the one outgoing path (src/core/runner/outbound.ts's wrapper, with
// the process's and the tenant's secrets redacted), the adapters' posters behind it (alerts, notices,
// approvers' DMs), and each restored card's ref routed back to the adapter of its platform.
import {
  createOutbound,
  type ChannelPoster,
  type ChatAdapter,
  type MessageRef,
  type Outbound,
  type Platform,
  type Responder,
  type TrackedOperation,
} from '../core/index.js';
import { createRedactor } from '../api/redact.js';
import { redactCurrentTenant } from '../tenants/tenant-secrets.js';
import { secretsOf, type AppConfig } from './config/app-config.js';
import type { Tenancy } from './tenancy.js';

/** The responder a router finds, sending through the outbound path. */
export function outgoingFor<T>(
  outbound: Outbound,
  responderFor: (key: T) => Responder | null,
): (key: T) => Responder | null {
  return (key) => {
    const responder = responderFor(key);
    return responder ? outbound.responder(responder) : null;
  };
}

/** Routes a card's ref to the adapter of its platform (for App.closeInterrupted). */
export function refRouter(adapters: readonly ChatAdapter[]): (ref: MessageRef) => Responder | null {
  return (ref) => adapters.find((a) => a.platform === ref.platform)?.restore(ref) ?? null;
}

/** Routes each stored operation to the adapter of its card's platform (for App.resumeTracking). */
export function responderRouter(
  adapters: readonly ChatAdapter[],
): (op: Pick<TrackedOperation, 'ref'>) => Responder | null {
  const byRef = refRouter(adapters);
  return (op) => byRef(op.ref);
}

export /** The one outgoing path, redacting the process's secrets (and, in OAuth mode, the tenant's own key and bot token). */
function outboundOf(config: AppConfig, tenancy: Tenancy | undefined, simulated: boolean) {
  const redact = createRedactor(secretsOf(config));
  return createOutbound({
    redact: tenancy ? (text) => redactCurrentTenant(redact(text)) : redact,
    ...(tenancy ? { prepare: tenancy.readySecrets } : {}),
    simulated,
    locale: config.locale,
  });
}

export /** The adapters' posters by platform, each behind the outgoing path; direct messages go through them. */
function posterRegistry(outbound: Outbound) {
  const posters = new Map<Platform, ChannelPoster>();
  return {
    connect(list: ChannelPoster[]): ChannelPoster[] {
      for (const poster of list) posters.set(poster.platform, outbound.poster(poster));
      return [...posters.values()];
    },
    async directMessage(
      platform: Platform,
      userId: string,
      message: Parameters<NonNullable<ChannelPoster['tellPrivately']>>[1],
    ) {
      const poster = posters.get(platform);
      if (!poster?.tellPrivately) throw new Error(`no direct messages on ${platform}`);
      await poster.tellPrivately(userId, message);
    },
  };
}
