/**
 * Survivors of the `--seed 12` mutation draw in the literal scanner: its words are ASCII, every
 * character below 128, and the first code point past it is refused too.
 */
import { describe, expect, it } from 'vitest';
import { literalScanner } from '../../src/core/literals.js';

describe('literal words are ASCII', () => {
  it('refuses U+0080, the first character past ASCII, and accepts U+007F', () => {
    expect(() => literalScanner([['a\u0080b']])).toThrow(/not ASCII/);
    expect(() => literalScanner([['a\u007fb']])).not.toThrow();
  });
});
