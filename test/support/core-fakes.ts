// Fakes for the core's tests: the small commands (core-fake-commands.ts), a counting fake HostingApi, a
// recording Responder, and a builder for a bot over a temp data dir and an optional policy.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiError } from '../../src/api/errors.js';
import { loadConfig } from '../../src/app/config/load.js';
import type { AppConfig } from '../../src/app/config/app-config.js';
import { createApiCallRecorder } from '../../src/core/audit/api-calls.js';
import { createCoreWithState as createBot } from './core-with-state.js';
import type { Logger } from '../../src/logger.js';
import type { CoreMetrics } from '../../src/core/metrics-port.js';
import type { ActionEvent, Actor, Invocation, MessageRef, Responder } from '../../src/core/ports.js';
import type { OperationTracker } from '../../src/core/tracking-port.js';
import type { TenantScope } from '../../src/core/tenant-port.js';
import type { CommandDefinition } from '../../src/core/command.js';
import type { Message, Visibility } from '../../src/render/message.js';
import { fakeCommands } from './core-fake-commands.js';
import { fakeHostingApi, instanceDetail } from './fake-api.js';
import { policyYaml } from './policy.js';
import { pendingCard } from '../../src/render/buttons.js';
import { SCRIPTED_ENV } from './scripted-env.js';

export const WEB1 = '7995e990-c3bf-4e27-8ce2-89fd5783f9ea';
export const WEB2 = '1b4e28ba-2fa1-41d2-883f-0016d3cca427';
export const SNAP = '0d4f1a5e-3b7c-4e8a-9f21-6c5d4b3a2e10';

/** A fake hosting API: instances by uuid, a log of every call. */
export function fakeApi(
  onCall?: (e: { endpoint: string; status: number; durationMs: number; attempt: number }) => void,
) {
  const instances = new Map<string, { hostname: string; status: string }>([
    [WEB1, { hostname: 'web-1', status: 'Running' }],
    [WEB2, { hostname: 'web-2', status: 'Running' }],
  ]);
  const calls: string[] = [];
  const record = (endpoint: string, status = 200) => {
    calls.push(endpoint);
    onCall?.({ endpoint, status, durationMs: 1, attempt: 1 });
  };
  const get = (uuid: string) => {
    const found = instances.get(uuid);
    if (!found) {
      record('instance.detail', 404);
      throw new ApiError('NOT_FOUND', 'instance.detail', { status: 404, apiMessage: 'Instance not found' });
    }
    return found;
  };
  const api = fakeHostingApi({
    instances: {
      async detail(uuid: string) {
        const found = get(uuid);
        record('instance.detail');
        return instanceDetail({ uuid, hostname: found.hostname, status: found.status });
      },
      async stop(uuid: string) {
        const found = get(uuid);
        record('instance.stop');
        found.status = 'Stopped';
        return { uuid, hostname: found.hostname };
      },
      async delete(uuid: string) {
        const found = get(uuid);
        record('instance.delete');
        instances.delete(uuid);
        return { uuid, hostname: found.hostname };
      },
    },
    publicIps: {
      async add(uuid: string) {
        record('ip.add');
        return { vm_uuid: uuid, ip_address: '203.0.113.20' };
      },
    },
  });
  return {
    api,
    instances,
    calls,
    count: (endpoint: string) => calls.filter((c) => c === endpoint).length,
  };
}

type Api = ReturnType<typeof fakeApi>;

export { fakeCommands };

/** Everything a test needs from one reply / card edit. */
export interface Recorded {
  replies: { message: Message; visibility: Visibility | undefined; ref: MessageRef }[];
  updates: { ref: MessageRef; message: Message }[];
  announcements: Message[];
}

/** A Responder that records what the core sends. */
export function recordingResponder(channelId = 'C1'): Responder & Recorded {
  let n = 0;
  const rec: Recorded = { replies: [], updates: [], announcements: [] };
  return {
    ...rec,
    async reply(msg, options) {
      const ref: MessageRef = { platform: 'slack', channelId, id: `m${(n += 1)}` };
      rec.replies.push({ message: msg, visibility: options?.visibility, ref });
      return ref;
    },
    async update(ref, msg) {
      rec.updates.push({ ref, message: msg });
    },
    async announce(msg) {
      rec.announcements.push(msg);
    },
  };
}

export const actors = {
  admin: { platform: 'slack', userId: 'U012ADMIN', displayName: 'ada' },
  alice: { platform: 'slack', userId: 'U034OPS', displayName: 'alice' },
  carol: { platform: 'slack', userId: 'U056OPS', displayName: 'carol' },
  bob: { platform: 'slack', userId: 'U099VIEW', displayName: 'bob' },
  discordOps: { platform: 'discord', userId: '555', displayName: 'dora', roles: ['987654321098765432'] },
  console: { platform: 'console', userId: 'root', displayName: 'root' },
} satisfies Record<string, Actor>;

export const POLICY = policyYaml({
  admin: ['slack:U012ADMIN'],
  operator: ['slack:U034OPS', 'slack:U056OPS', 'discord-role:987654321098765432'],
  viewer: ['*'],
  aliases: { 'prod-web': WEB1 },
});

/** A temp dir with an optional policy file; returns the config pointing at both. */
export function tempConfig(
  policy?: string,
  env: Record<string, string> = {},
): { config: AppConfig; dir: string } {
  const dir = mkdtempSync(join(tmpdir(), 'vpsops-core-'));
  const policyPath = join(dir, 'policy.yaml');
  if (policy !== undefined) writeFileSync(policyPath, policy);
  const config = loadConfig({
    ...SCRIPTED_ENV,
    VPSOPS_DATA_DIR: join(dir, 'data'),
    ...(policy !== undefined ? { VPSOPS_POLICY: policyPath } : { VPSOPS_POLICY: '' }),
    LOG_LEVEL: 'silent',
    ...env,
  });
  if (policy === undefined) config.policyPath = join(dir, 'absent.yaml');
  return { config, dir };
}

/** A bot over fakes, with helpers to run text and click buttons. */
export async function makeBot(
  options: {
    policy?: string;
    now?: () => Date;
    tracker?: OperationTracker;
    env?: Record<string, string>;
    /** Whether the bot learns alias hostnames at start-up (off: a bot that has seen nothing yet). */
    learnAliases?: boolean;
    logger?: Logger;
    metrics?: CoreMetrics;
    /** OAuth mode: requests carry their tenant (src/tenants/scope.ts) and the state is split by it. */
    tenants?: TenantScope;
    /** Commands served beside the fake ones (real command modules under test). */
    commands?: CommandDefinition[];
    /**
     * Marks this bot's invocation and click ids (`inv-<ids>-1`; default `inv-1`): replicas sharing
     * one store and audit trail need distinct ones, or one takes another's answered preview as its own.
     */
    ids?: string;
  } = {},
) {
  const { config, dir } = tempConfig(options.policy, options.env);
  const apiCalls = createApiCallRecorder();
  const fake: Api = fakeApi(apiCalls.onCall);
  const bot = await createBot(config, {
    api: fake.api,
    commands: [...fakeCommands(), ...(options.commands ?? [])],
    apiCalls,
    learnAliases: options.learnAliases ?? false,
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.now ? { now: options.now } : {}),
    ...(options.tracker ? { tracker: options.tracker } : {}),
    ...(options.metrics ? { metrics: options.metrics } : {}),
    ...(options.tenants ? { tenants: options.tenants } : {}),
  });
  let seq = 0;
  const mark = options.ids ? `${options.ids}-` : '';
  const run = async (
    textInput: string,
    actor: Actor = actors.alice,
    channelId = 'C1',
    responder = recordingResponder(channelId),
    more: Partial<Invocation> = {},
  ) => {
    const invocation: Invocation = {
      id: `inv-${mark}${(seq += 1)}`,
      platform: actor.platform,
      actor,
      channelId,
      input: { kind: 'text', text: textInput },
      ...more,
    };
    await bot.dispatcher.dispatch(invocation, responder);
    const last = responder.replies[responder.replies.length - 1];
    return {
      responder,
      reply: last?.message,
      visibility: last?.visibility,
      token: pendingCard(last?.message)?.token,
    };
  };
  const act = async (
    token: string,
    actor: Actor = actors.alice,
    action: ActionEvent['action'] = 'confirm',
    input?: string,
    responder = recordingResponder(),
    more: Partial<ActionEvent> = {},
  ) => {
    const event: ActionEvent = {
      id: `act-${mark}${(seq += 1)}`,
      platform: actor.platform,
      actor,
      channelId: 'C1',
      token,
      action,
      ...more,
    };
    if (input !== undefined) event.input = input;
    await bot.dispatcher.act(event, responder);
    return {
      responder,
      reply: responder.replies[responder.replies.length - 1]?.message,
      update: responder.updates[responder.updates.length - 1]?.message,
    };
  };
  return { bot, fake, config, dir, run, act };
}
