import { describe, expect, it } from 'vitest';
import { literalScanner } from '../../src/core/literals.js';

describe('literalScanner set count', () => {
  const setOf = (i: number): string[] => [`tag${String.fromCharCode(97 + (i % 26))}${i}x`];

  it('accepts 31 sets, the last answering in bit 30', () => {
    const scanner = literalScanner(Array.from({ length: 31 }, (_, i) => setOf(i)));
    expect(scanner.scan('release notes: tage30x and tagb1x')).toBe((1 << 30) | (1 << 1));
  });

  it('rejects 32 sets', () => {
    expect(() => literalScanner(Array.from({ length: 32 }, (_, i) => setOf(i)))).toThrow('at most 31 sets');
  });
});
