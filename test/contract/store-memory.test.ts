// The store contract against the in-memory store (tests, library use).
import { createMemoryStore } from '../../src/store/memory/table-store.js';
import { describeStoreContract } from './store-contract.js';

describeStoreContract('memory', async ({ now }) => ({ store: createMemoryStore({ now }), cleanup: async () => {} }));
