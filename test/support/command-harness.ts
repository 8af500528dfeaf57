// In-process harness for the chat commands: the simulator (short timings), the real API client and
// bot runner with `allCommands`, a temp data dir and policy, and a recording Responder. Tests type
// commands as an on-call would and read back the rendered text, the neutral Message and sim state.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { allCommands } from '../../commands/index.js';
import { createHostingApi } from '../../src/api/index.js';
import type { HostingApi } from '../../src/api/index.js';
import { loadConfig } from '../../src/app/config/load.js';
import { createCoreWithState as createBot } from './core-with-state.js';
import type { BotServices, FollowSpec } from '../../src/core/command.js';
import type { Actor, MessageRef, Responder } from '../../src/core/ports.js';
import type { OperationTracker } from '../../src/core/tracking-port.js';
import type { Message, RenderOptions, Visibility } from '../../src/render/message.js';
import { localeFrom } from '../../src/i18n/locale.js';
import { renderText } from '../../src/render/text.js';
import { checkRendered } from './render-conformance.js';
import { startSimulator } from '../../src/simulator/index.js';
import type { SimulatorHandle, SimulatorOptions } from '../../src/simulator/index.js';
import { pendingCard } from '../../src/render/buttons.js';
import { SCRIPTED_ENV } from './scripted-env.js';

/** The people in the default policy. */
export const ACTORS = {
  admin: { platform: 'slack', userId: 'UADMIN', displayName: 'alice' },
  operator: { platform: 'slack', userId: 'UOPS', displayName: 'oscar' },
  operator2: { platform: 'slack', userId: 'UOPS2', displayName: 'olga' },
  viewer: { platform: 'slack', userId: 'UVIEW', displayName: 'vera' },
} satisfies Record<string, Actor>;

/** The channel every test talks in unless it says otherwise. */
export const CHANNEL = 'C0INCIDENT';

/** Default policy: admin, two operators, everyone else a viewer; web-1 has an alias. */
export const DEFAULT_POLICY = `
roles:
  admin: [slack:UADMIN]
  operator: [slack:UOPS, slack:UOPS2]
  viewer: ["*"]
aliases:
  web-1: 7995e990-c3bf-4e27-8ce2-89fd5783f9ea
`;

/** One thing the bot said: a reply, an edit of an earlier message, or a public announcement. */
export interface Said {
  kind: 'reply' | 'update' | 'announce';
  message: Message;
  visibility?: Visibility;
  ref?: MessageRef;
}

/** What one call produced. */
export interface Outcome {
  /** Everything said during the call, rendered as plain text, in order. */
  text: string;
  /** The last reply (or edit) — the card the user is looking at. */
  message: Message;
  said: Said[];
  /** The confirmation token when the reply is a preview card. */
  token?: string;
}

/** Options for one harness. */
export interface HarnessOptions {
  policy?: string;
  charts?: BotServices['renderChart'];
  /** Per-attempt hosting-API timeout (default 5 s); short for "timeout after sending" faults. */
  apiTimeoutMs?: number;
  timing?: Partial<{
    terminateMs: number;
    restoreMs: number;
    storageMs: number;
    rollbackMs: number;
    stopMs: number;
    startMs: number;
  }>;
  /** The estate's size and the optional endpoints the simulator leaves out. */
  simulator?: Pick<SimulatorOptions, 'instances' | 'notOffered'>;
  /** The language tag every invocation and click carries, as a platform would send it ("id", "en-US"). */
  locale?: string;
  /** More process environment for the bot's config (e.g. VPSOPS_LOCALE). */
  env?: Record<string, string>;
}

/** A running bot + simulator pair. */
export interface Harness {
  sim: SimulatorHandle;
  api: HostingApi;
  /** The bot's data dir (audit.jsonl, state). */
  dataDir: string;
  /** Operations the runner handed to the tracker. */
  followed: FollowSpec[];
  run(text: string, actor?: Actor, channelId?: string): Promise<Outcome>;
  confirm(token: string, actor?: Actor, input?: string, channelId?: string): Promise<Outcome>;
  cancel(token: string, actor?: Actor, channelId?: string): Promise<Outcome>;
  close(): Promise<void>;
}

function recorder(
  channelId: string,
  said: Said[],
  refs: Map<string, MessageRef>,
  findings: string[],
  options: RenderOptions,
): Responder {
  const check = (message: Message) => findings.push(...checkRendered(message, options));
  return {
    async reply(message, options) {
      check(message);
      const ref: MessageRef = { platform: 'slack', channelId, id: `m${refs.size + 1}` };
      refs.set(ref.id, ref);
      said.push({ kind: 'reply', message, visibility: options?.visibility, ref });
      return ref;
    },
    async update(ref, message) {
      check(message);
      said.push({ kind: 'update', message, ref });
    },
    async announce(message) {
      check(message);
      said.push({ kind: 'announce', message });
    },
  };
}

function outcome(said: Said[], options: RenderOptions): Outcome {
  const card = [...said].reverse().find((s) => s.kind !== 'announce') ?? said[said.length - 1];
  if (!card) throw new Error('the bot said nothing');
  const token = pendingCard([...said].reverse().find((s) => pendingCard(s.message))?.message)?.token;
  return {
    text: said.map((s) => renderText(s.message, options)).join('\n---\n'),
    message: card.message,
    said,
    ...(token ? { token } : {}),
  };
}

/** Start the simulator and a bot over it. Call close() in afterEach/afterAll. */
export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const sim = await startSimulator({
    ...options.simulator,
    timing: { terminateMs: 300, restoreMs: 300, storageMs: 300, rollbackMs: 0, stopMs: 0, ...options.timing },
  });
  const dir = await mkdtemp(join(tmpdir(), 'vpsops-commands-'));
  const policyPath = join(dir, 'policy.yaml');
  await writeFile(policyPath, options.policy ?? DEFAULT_POLICY);
  const api = createHostingApi({
    baseUrl: sim.url,
    apiKey: sim.apiKey,
    retries: 0,
    timeoutMs: options.apiTimeoutMs ?? 5_000,
  });
  const followed: FollowSpec[] = [];
  const tracker: OperationTracker = { follow: (spec) => void followed.push(spec) };
  const config = loadConfig({
    ...SCRIPTED_ENV,
    VPSOPS_POLICY: policyPath,
    VPSOPS_DATA_DIR: join(dir, 'data'),
    VPSOPS_CURRENCY: 'IDR',
    ...options.env,
  });
  const bot = await createBot(config, {
    api,
    commands: allCommands,
    tracker,
    // Request counts in tests start at zero: no start-up lookups of the aliases' hostnames.
    learnAliases: false,
    ...(options.charts ? { charts: options.charts } : {}),
  });
  const refs = new Map<string, MessageRef>();
  // What Slack and Discord would reject in any reply; close() fails on it.
  const findings: string[] = [];
  let seq = 0;
  const id = () => `t${(seq += 1)}`;
  const locale = options.locale ? { locale: localeFrom(options.locale) } : {};
  // The renderers' own words (a card's hint and expiry) in the language the platform tag names.
  const rendering: RenderOptions = { locale: localeFrom(options.locale) };

  return {
    sim,
    api,
    dataDir: join(dir, 'data'),
    followed,
    async run(text, actor = ACTORS.operator, channelId = CHANNEL) {
      const said: Said[] = [];
      await bot.dispatcher.dispatch(
        { id: id(), platform: actor.platform, actor, channelId, input: { kind: 'text', text }, ...locale },
        recorder(channelId, said, refs, findings, rendering),
      );
      return outcome(said, rendering);
    },
    async confirm(token, actor = ACTORS.operator, input, channelId = CHANNEL) {
      const said: Said[] = [];
      await bot.dispatcher.act(
        {
          id: id(),
          platform: actor.platform,
          actor,
          channelId,
          token,
          action: 'confirm',
          ...(input !== undefined ? { input } : {}),
          ...locale,
        },
        recorder(channelId, said, refs, findings, rendering),
      );
      return outcome(said, rendering);
    },
    async cancel(token, actor = ACTORS.operator, channelId = CHANNEL) {
      const said: Said[] = [];
      await bot.dispatcher.act(
        { id: id(), platform: actor.platform, actor, channelId, token, action: 'cancel', ...locale },
        recorder(channelId, said, refs, findings, rendering),
      );
      return outcome(said, rendering);
    },
    async close() {
      await bot.close();
      await sim.close();
      await rm(dir, { recursive: true, force: true });
      const found = findings.splice(0);
      if (found.length > 0)
        throw new Error(
          `Slack or Discord would reject or mis-render a reply:\n${found.slice(0, 20).join('\n')}`,
        );
    },
  };
}
