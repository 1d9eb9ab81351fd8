/**
 * The salt keys every hash the ledger stores (fingerprints, script paths, context ids: the ledger
 * keeps only salted hashes, docs/semantics.md). Unsalted, every deployment would store the same
 * hash of the same text, and anyone holding a ledger could test a guessed text against it.
 */
import { describe, expect, it } from 'vitest';
import { saltSeed } from '../../src/core/fingerprint.js';
import { createGuard } from '../../src/core/guard.js';

describe('the salt', () => {
  it('is the seed of every hash the guard stores, and two salts give two seeds', () => {
    const a = createGuard({ salt: 'deployment-a' });
    const b = createGuard({ salt: 'deployment-b' });
    expect(a.fingerprintSeed).toBe(saltSeed('deployment-a'));
    expect(b.fingerprintSeed).toBe(saltSeed('deployment-b'));
    expect(a.fingerprintSeed).not.toBe(b.fingerprintSeed);
  });
});
