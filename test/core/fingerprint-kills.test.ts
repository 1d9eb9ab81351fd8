import { describe, expect, it } from 'vitest';
import { probeHashes, resultFragments, saltSeed } from '../../src/core/fingerprint.js';

const SEED = saltSeed('kills');

describe('probeHashes scratch lanes', () => {
  // First test of the file: the scratch lanes still have their initial size (256 tokens).
  it('finds a value whose first token is the 257th token of a long ASCII text', () => {
    const stored = new Set(resultFragments({ name: 'Alice Chen' }, SEED, 100));
    const filler = Array.from({ length: 256 }, (_, i) => `w${i}`).join(' ');
    expect(probeHashes(`${filler} alice chen`, SEED, (h) => stored.has(h))).toBe(true);
  });
});
