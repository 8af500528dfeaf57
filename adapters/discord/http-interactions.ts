// POST /discord/interactions: Discord's Interactions Endpoint. The signature and its timestamp are
// checked on the raw bytes before anything is parsed (401 otherwise), PING is answered with PONG,
// and every other interaction is fed to the same handlers the gateway mode runs; their first answer
// (defer, modal, choices) becomes this response's body, later ones go through the interaction webhook.
// A copy of an interaction already delivered (same id: a proxy's retry) is acknowledged, not run again.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CallbackCapturingRest } from './callback-rest.js';
import type { AdapterLogger } from './responder.js';
import type { SignatureCheck } from './signature.js';
import { withDeadline } from '../../src/core/index.js';

/** Where Discord is told to POST interactions (Interactions Endpoint URL path). */
export const INTERACTIONS_PATH = '/discord/interactions';

/** Discord waits 3 s for the first answer; past this the request is answered with an error. */
const ANSWER_WITHIN_MS = 2_800;

/** How long the ack may wait for a healthy store's replay verdict (Redis answers in a millisecond or two). */
const REPLAY_GRACE_MS = 150;

/** Interactions are small JSON documents; anything far larger is not one. */
const MAX_BODY_BYTES = 256 * 1024;

/** What the endpoint needs. */
export interface InteractionsEndpointOptions {
  check: SignatureCheck;
  rest: CallbackCapturingRest;
  /**
   * Runs the handlers on a raw interaction; resolves once they are done with it. They ack at once
   * and run its work only once `first` (the replay verdict) is true.
   */
  handle(raw: { id: string; type: number }, first: Promise<boolean>): Promise<void>;
  /** False when an interaction with this id was already delivered (to any replica). */
  firstDelivery(interactionId: string): Promise<boolean>;
  logger: AdapterLogger;
}

/** A node:http request listener, mountable on any server. */
export type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

/** Answers with a JSON body (once). */
export function json(res: ServerResponse, status: number, body: unknown): Promise<void> {
  return new Promise((resolve) => {
    if (res.headersSent) return resolve();
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body), () => resolve());
  });
}

/** The raw body, or null past MAX_BODY_BYTES. */
export async function readRaw(req: IncomingMessage): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** One request header's value. */
export function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function parse(raw: Buffer): { id: string; type: number } | null {
  try {
    const body = JSON.parse(raw.toString('utf8')) as { id?: unknown; type?: unknown };
    if (typeof body.type !== 'number' || (body.type !== 1 && typeof body.id !== 'string')) return null;
    return body as { id: string; type: number };
  } catch {
    return null;
  }
}

/** Whether this is the interaction's first delivery; when the store cannot say, it is handled. */
async function isFirst(interaction: { id: string }, o: InteractionsEndpointOptions): Promise<boolean> {
  try {
    return await o.firstDelivery(interaction.id);
  } catch (error) {
    o.logger.warn(
      { error: error instanceof Error ? error.name : typeof error },
      'discord: could not check an interaction for a replay; handling it',
    );
    return true;
  }
}

/** An answer that acknowledges a copy and shows nothing: defer (command), deferred update, no choices. */
function duplicateAck(type: number): unknown {
  if (type === 4) return { type: 8, data: { choices: [] } };
  if (type === 3 || type === 5) return { type: 6 };
  return { type: 5, data: { flags: 64 } };
}

async function answer(
  req: IncomingMessage,
  res: ServerResponse,
  o: InteractionsEndpointOptions,
): Promise<void> {
  if (req.method !== 'POST') return json(res, 405, { error: 'method not allowed' });
  const raw = await readRaw(req);
  if (!raw) return json(res, 413, { error: 'request body too large' });
  const problem = o.check(header(req, 'x-signature-ed25519'), header(req, 'x-signature-timestamp'), raw);
  if (problem) {
    o.logger.warn({ reason: problem }, 'discord: refused an interaction request (signature)');
    return json(res, 401, { error: 'invalid request signature' });
  }
  const interaction = parse(raw);
  if (!interaction) return json(res, 400, { error: 'not an interaction' });
  if (interaction.type === 1) return json(res, 200, { type: 1 });
  // The verdict asks the store: a healthy one answers within the grace and a copy is answered here;
  // a slow or frozen one never holds up the ack (the handlers' work waits for it instead).
  const first = isFirst(interaction, o);
  if ((await withDeadline(first, REPLAY_GRACE_MS, () => true)) === false) {
    o.logger.warn(
      { interactionId: interaction.id },
      'discord: an interaction delivered again; acknowledged, not run again',
    );
    return json(res, 200, duplicateAck(interaction.type));
  }

  let answered = false;
  const release = o.rest.capture(interaction.id, async (body) => {
    answered = true;
    await json(res, 200, body);
  });
  const timer = setTimeout(() => {
    release();
    if (answered) return;
    o.logger.error({ interactionId: interaction.id }, 'discord: no answer to an interaction within 3 s');
    void json(res, 503, { error: 'no answer in time' });
  }, ANSWER_WITHIN_MS);
  try {
    await o.handle(interaction, first);
  } finally {
    clearTimeout(timer);
    release();
    // A copy found out late is acknowledged; handlers that did not recognise one leave it unanswered.
    if (!answered && !(await first)) await json(res, 200, duplicateAck(interaction.type));
    if (!answered) await json(res, 400, { error: 'unsupported interaction' });
  }
}

/** The request listener for INTERACTIONS_PATH; never throws (failures become 500s, logged without tokens). */
export function createInteractionsEndpoint(options: InteractionsEndpointOptions): RequestListener {
  return (req, res) => {
    answer(req, res, options).catch((error: unknown) => {
      options.logger.error(
        { error: error instanceof Error ? error.name : typeof error },
        'discord: interaction request failed',
      );
      void json(res, 500, { error: 'internal error' });
    });
  };
}
