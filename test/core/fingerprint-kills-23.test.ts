import { describe, expect, it } from 'vitest';
import { probeHashes, resultFragments, saltSeed } from '../../src/core/fingerprint.js';

const SEED = saltSeed('kills-23');

// An identifier is a token of at least eight characters that mixes letters and digits (an order
// number, a ticket id): inside a longer text it is also kept on its own, so that an argument that
// copies only the id still carries the result's provenance. Text with any non-ASCII character is
// tokenised apart from plain ASCII; there too every lower-case letter counts, `a` and `z` included.
describe('identifiers inside a non-ASCII text', () => {
  it('a token whose only letters are `a`, `m` or `z` is kept on its own', () => {
    for (const id of ['1000a2000', '2024a0001', '1000z2000', '1000m2000']) {
      const stored = new Set(resultFragments({ note: `Commande ${id} expédiée` }, SEED, 10));
      expect(stored.size, id).toBe(2);
      expect(probeHashes(`ref ${id}`, SEED, (h) => stored.has(h)), id).toBe(true);
    }
  });

  it('a token of digits alone is not, however long', () => {
    const stored = new Set(resultFragments({ note: 'Commande 100002000 expédiée' }, SEED, 10));
    expect(stored.size).toBe(1);
    expect(probeHashes('ref 100002000', SEED, (h) => stored.has(h))).toBe(false);
  });
});
