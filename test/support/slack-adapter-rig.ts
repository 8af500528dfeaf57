// The Slack adapter under test: real Bolt against the fake Slack, driven by a scripted dispatcher
// whose answers each test sets. Shared by the adapter's unit suites.
import { afterEach, beforeEach } from 'vitest';
import { createSlackAdapter, type SlackAdapter } from '../../adapters/slack/index.js';
import type { ActionEvent, Dispatcher, Invocation, Responder, TypedDialog } from '../../src/core/ports.js';
import type { Message, Visibility } from '../../src/render/message.js';
import { FakeSlack } from './fake-slack.js';
import { postSigned, slashCommandForm } from './fake-slack-requests.js';
import { onTestServer } from './test-http.js';

/** The signing secret the adapter under test verifies requests with. */
export const SECRET = 'test-signing-secret';
/** The channel every scripted slash command comes from. */
export const CHANNEL = 'C0OPS';

type Script = (invocation: Invocation, responder: Responder) => Promise<void>;

/** A dispatcher whose answers are scripted per test; records what it was given. */
export class ScriptedDispatcher implements Dispatcher {
  readonly invocations: Invocation[] = [];
  readonly events: ActionEvent[] = [];
  onDispatch: Script = async () => undefined;
  onAct: (event: ActionEvent, responder: Responder) => Promise<void> = async () => undefined;
  async dispatch(invocation: Invocation, responder: Responder): Promise<void> {
    this.invocations.push(invocation);
    // Like the core: defer with the answer's visibility before answering.
    await responder.defer?.(this.visibilityFor(invocation));
    await this.onDispatch(invocation, responder);
  }
  async act(event: ActionEvent, responder: Responder): Promise<void> {
    this.events.push(event);
    await this.onAct(event, responder);
  }
  commands() {
    return [];
  }
  /** The typed-confirmation dialogs the "core" knows, by token (tests put them here). */
  readonly dialogs = new Map<string, TypedDialog>();
  async typedDialog(token: string): Promise<TypedDialog | null> {
    return this.dialogs.get(token) ?? null;
  }
  /** Console credentials are private; everything else is answered in the channel. */
  visibilityFor(invocation: Invocation): Visibility {
    return invocation.input.kind === 'text' && invocation.input.text.startsWith('console')
      ? 'ephemeral'
      : 'channel';
  }
}

/** A one-text-block message, the smallest thing a scripted command can answer. */
export const text = (t: string, extra: Partial<Message> = {}): Message => ({
  blocks: [{ type: 'text', text: t }],
  ...extra,
});

/** What each test gets: the fake Slack, the started adapter, its dispatcher and events URL, and a slash sender. */
export interface SlackAdapterRig {
  slack: FakeSlack;
  adapter: SlackAdapter;
  dispatcher: ScriptedDispatcher;
  events: string;
  slash: (textValue: string, userId?: string, responseUrl?: string) => ReturnType<typeof postSigned>;
}

/** Starts a fresh fake Slack and adapter before each test (handed to `use`) and stops both after. */
export function slackAdapterEachTest(use: (rig: SlackAdapterRig) => void): void {
  let rig: SlackAdapterRig | undefined;
  beforeEach(async () => {
    const slack = await new FakeSlack().start();
    const dispatcher = new ScriptedDispatcher();
    const adapter = onTestServer((http) =>
      createSlackAdapter({
        botToken: slack.botToken,
        signingSecret: SECRET,
        apiUrl: slack.apiUrl,
        http,
      }),
    );
    await adapter.start(dispatcher);
    const events = `http://127.0.0.1:${adapter.port}/slack/events`;
    const slash = (textValue: string, userId = 'U0ALICE', responseUrl = slack.newResponseUrl()) =>
      postSigned(events, slashCommandForm({ text: textValue, userId, channelId: CHANNEL, responseUrl }), {
        secret: SECRET,
      });
    const started = { slack, adapter, dispatcher, events, slash };
    rig = started;
    use(started);
  });
  afterEach(async () => {
    await rig?.adapter.stop();
    await rig?.slack.close();
    rig = undefined;
  });
}
