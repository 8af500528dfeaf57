// The answer to a store outage says whether anything may have changed, and never shows the
// store's address or credentials.
import { describe, expect, it } from 'vitest';
import { StoreUnavailableError, isStoreUnavailable } from '../../../../src/core/store-errors.js';
import { storeUnavailableMessage } from '../../../../src/core/replies/store-outcome.js';
import { renderText } from '../../../../src/render/text.js';

describe('store outage message', () => {
  it('says nothing was changed when the command never reached the store', () => {
    const error = new StoreUnavailableError(
      'Redis is not connected (connect ECONNREFUSED 10.0.0.5:6379)',
      false,
    );
    const shown = renderText(storeUnavailableMessage(error));
    expect(shown).toContain('nothing was changed');
    expect(shown).not.toContain('10.0.0.5');
    expect(storeUnavailableMessage(error).outcome).toBe('error');
  });

  it('says the outcome is unknown when the store may have applied it', () => {
    const shown = renderText(
      storeUnavailableMessage(new StoreUnavailableError('Redis did not answer in time', true)),
    );
    expect(shown).toContain('unknown');
    expect(shown).not.toContain('nothing was changed');
  });

  it('is recognised without importing a Redis client', () => {
    expect(isStoreUnavailable(new StoreUnavailableError('x', false))).toBe(true);
    expect(isStoreUnavailable(new Error('the bot’s state store is unreachable'))).toBe(false);
  });
});
