// A responder for tracker tests: every reply lands on one fixed card, every edit is recorded.
import type { MessageRef, Responder } from '../../src/core/ports.js';
import type { Message } from '../../src/render/message.js';

/** A responder whose replies all return `ref` and whose edits are kept in `updates`, in order. */
export function editRecorder(ref: MessageRef): Responder & { updates: Message[] } {
  const updates: Message[] = [];
  return {
    updates,
    async reply() {
      return ref;
    },
    async update(_ref, message) {
      updates.push(message);
    },
  };
}
