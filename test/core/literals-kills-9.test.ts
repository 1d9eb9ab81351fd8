import { describe, expect, it } from 'vitest';
import { literalScanner } from '../../src/core/literals.js';

describe('literalScanner folds every ASCII capital of a word, Z included', () => {
  it('a word with a capital Z and no small z matches in any case', () => {
    const scanner = literalScanner([['Zip'], ['fiZZ']]);
    expect(scanner.scan('unzip it')).toBe(1);
    expect(scanner.scan('UNZIP IT')).toBe(1);
    expect(scanner.scan('fizz buzz')).toBe(2);
    expect(scanner.scan('FizZ')).toBe(2);
    expect(scanner.scan('fiz ip')).toBe(0);
  });

  it('a capital Z in the text matches a small z of a word, and Y and [ do not', () => {
    const scanner = literalScanner([['z']]);
    expect(scanner.scan('Z')).toBe(1);
    expect(scanner.scan('Y[')).toBe(0);
  });
});

/** Every word of `length` letters over {a, b}: a full binary trie of 2^(length+1) − 1 states, root included. */
function binaryWords(length: number): string[] {
  const out: string[] = [];
  for (let n = 0; n < 2 ** length; n++) out.push(n.toString(2).padStart(length, '0').replace(/0/g, 'a').replace(/1/g, 'b'));
  return out;
}

describe('literalScanner keeps state numbers in 16 bits: at most 65 535 states', () => {
  const words15 = binaryWords(15); // 2^16 − 1 = 65 535 states

  it('65 535 states are built and every word is found', () => {
    const scanner = literalScanner([words15.slice(0, 2 ** 14), words15.slice(2 ** 14)]);
    expect(scanner.scan('x aaaaaaaaaaaaaaa x')).toBe(1);
    expect(scanner.scan('x bbbbbbbbbbbbbbb x')).toBe(2);
    expect(scanner.scan('abababababababab')).toBe(3);
    expect(scanner.scan('aaaaaaaaaaaaaa')).toBe(0);
  });

  it('one state more is refused', () => {
    expect(() => literalScanner([[...words15, 'a'.repeat(16)]])).toThrow('literals: too many states');
    expect(() => literalScanner([[...words15, 'a'.repeat(16), 'b'.repeat(16)]])).toThrow('literals: too many states');
  });
});
