// Chat users must never mistake the embedded simulator's made-up servers for real ones: when
// `serve` runs against it (HOSTING_API_URL=simulator), every message the bot posts carries a marker.
import type { Message } from '../../render/message.js';
import type { AdapterLookups, Dispatcher, Responder } from '../ports.js';

/** The line added to every message posted while the backend is the simulator. */
export const SIMULATOR_MARKER =
  '🧪 Simulator — made-up servers, nothing real is changed (HOSTING_API_URL=simulator)';

/** The message with the simulator marker as its last block (once, however often it is edited). */
export function markSimulator(message: Message): Message {
  const marked = message.blocks.some((block) => block.type === 'context' && block.text === SIMULATOR_MARKER);
  if (marked) return message;
  return {
    ...message,
    blocks: [...message.blocks, { type: 'context', text: SIMULATOR_MARKER }],
    ...(message.summary !== undefined ? { summary: `[simulator] ${message.summary}` } : {}),
  };
}

/** A responder whose every reply, edit and notice carries the marker. */
export function markingResponder(inner: Responder): Responder {
  return {
    reply: (message, options) => inner.reply(markSimulator(message), options),
    update: (ref, message) => inner.update(ref, markSimulator(message)),
    ...(inner.announce ? { announce: (message: Message) => inner.announce!(markSimulator(message)) } : {}),
  };
}

/** The dispatcher with every responder marked; used by `serve` when the backend is the simulator. */
export function markSimulatorDispatcher(inner: Dispatcher): Dispatcher {
  return {
    ...inner,
    dispatch: (invocation, responder) => inner.dispatch(invocation, markingResponder(responder)),
    act: (event, responder) => inner.act(event, markingResponder(responder)),
  };
}

/** The adapter lookups with the gate's refusals marked too (they are messages the adapter posts itself). */
export function markSimulatorLookups(inner: AdapterLookups): AdapterLookups {
  return {
    completer: inner.completer,
    gate: {
      refusal: async (event) => {
        const refusal = await inner.gate.refusal(event);
        return refusal ? markSimulator(refusal) : null;
      },
    },
  };
}
