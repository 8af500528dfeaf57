// Names typed by users are looked up in Maps or own-property checks everywhere: `constructor`,
// `toString`, `__proto__` and every other Object.prototype key are just unknown names to the
// tokenizer, the parser, the instance resolver, the policy and the confirmation lookup.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseInput } from '../../../../src/core/parse/parse.js';
import { createPolicy } from '../../../../src/core/policy/policy.js';
import { createRegistry } from '../../../../src/core/parse/registry.js';
import { resolveInstanceRef } from '../../../../src/core/instances/resolve-instance.js';
import { createMemoryStore } from '../../../../src/store/memory/table-store.js';
import { tokenize } from '../../../../src/core/parse/tokenize.js';
import { allCommands } from '../../../../commands/index.js';
import { ACTORS, startHarness, type Harness } from '../../../support/command-harness.js';

const PROTO_KEYS = Object.getOwnPropertyNames(Object.prototype);
const registry = createRegistry(allCommands);

/** A prototype key, or a generated name that may contain one. */
const nameArb = fc.oneof(
  fc.constantFrom(...PROTO_KEYS),
  fc
    .tuple(
      fc.constantFrom(...PROTO_KEYS),
      fc.constantFrom('', '.', '-', '_'),
      fc.stringMatching(/^[a-z0-9]{0,6}$/),
    )
    .map(([key, glue, tail]) => `${key}${glue}${tail}`),
  fc.stringMatching(/^[A-Za-z_][\w.-]{0,20}$/),
);

/** Command texts with the name in every position a user can type one. */
const positions = (name: string) => [
  name,
  `${name} show`,
  `instance ${name}`,
  `help ${name}`,
  `help instance ${name}`,
  `instance show ${name}`,
  `instance show web-1 --${name}`,
  `instance show web-1 --${name}=1`,
  `instance metrics web-1 --period ${name}`,
  `backup list ${name} --page 1`,
  `use ${name}`,
];
const textArb = nameArb.chain((name) => fc.constantFrom(...positions(name)));
/** Every bare prototype key in every position (12 × 11), each checked on every run. */
const KEY_TEXTS = PROTO_KEYS.flatMap(positions);

describe('tokenizer and parser', () => {
  it('treat every prototype key as plain text, never as a lookup hit', () => {
    const plainText = (text: string) => {
      const tokens = tokenize(text);
      expect(tokens.ok).toBe(true);
      if (tokens.ok) expect(tokens.tokens.map((t) => t.text).join(' ')).toBe(text);
      const result = parseInput({ kind: 'text', text }, registry, {
        hasBinding: false,
        looksLikeInstance: () => false,
      });
      if (result.ok) expect(registry.byPath(result.parsed.path)).toBe(result.parsed.def);
      else
        expect(['unknown-command', 'usage', 'invalid-argument', 'no-bound-instance']).toContain(
          result.error.id,
        );
    };
    // The bare keys in every position, all of them (1500 drawn runs used to reach each of these 132
    // texts about 4 times, none for certain); then drawn names that contain a key or look like one.
    for (const text of KEY_TEXTS) plainText(text);
    fc.assert(fc.property(textArb, plainText), { numRuns: 300 });
  });

  it('finds no command named after a prototype key, in text or typed options', () => {
    for (const key of PROTO_KEYS) {
      expect(registry.byPath(key)).toBeUndefined();
      expect(registry.byPath(`instance ${key}`)).toBeUndefined();
      const fromOptions = parseInput({ kind: 'options', path: ['instance', key], options: {} }, registry, {
        hasBinding: false,
        looksLikeInstance: () => false,
      });
      expect(fromOptions.ok).toBe(false);
      if (!fromOptions.ok) expect(fromOptions.error.id).toBe('unknown-command');
    }
  });
});

describe('instance resolver and policy', () => {
  it('resolve every prototype key to "unknown instance", with and without aliases', async () => {
    const store = createMemoryStore();
    await store.hostnames.remember('7995e990-c3bf-4e27-8ce2-89fd5783f9ea', 'web-1');
    const policies = [
      createPolicy(null, null),
      createPolicy(
        {
          roles: { admin: [], operator: [], viewer: ['*'] },
          channels: {},
          approvals: { two_person: [] },
          aliases: { 'web-1': '7995e990-c3bf-4e27-8ce2-89fd5783f9ea' },
        } as never,
        'policy.yaml',
      ),
    ];
    for (const policy of policies) {
      for (const key of PROTO_KEYS) {
        expect(policy.alias(key)).toBeUndefined();
        await expect(resolveInstanceRef(key, { policy, store })).rejects.toMatchObject({
          id: 'unknown-instance',
        });
      }
      expect(policy.isTwoPerson('constructor')).toBe(false);
    }
  });
});

describe('the running bot', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  it('answers every prototype key as an unknown name, never with an internal error', async () => {
    await fc.assert(
      fc.asyncProperty(textArb, async (text) => {
        const out = await h.run(text, ACTORS.admin);
        expect(out.text).not.toContain('Something went wrong');
        expect(out.message.outcome).not.toBe('needs-confirmation');
      }),
      { numRuns: 300 },
    );
  });

  it('treats a prototype key as an unknown confirmation token', async () => {
    for (const key of PROTO_KEYS) {
      for (const act of [h.confirm, h.cancel]) {
        const out = await act(key, ACTORS.admin);
        expect(out.message.title).toBe('Unknown confirmation');
      }
    }
    expect(h.sim.requests().filter((r) => r.method !== 'GET')).toHaveLength(0);
  });
});
