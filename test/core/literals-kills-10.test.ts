import { describe, expect, it } from 'vitest';
import { literalScanner } from '../../src/core/literals.js';

// A text of 256 characters or more is read as four quarters stepped side by side, each starting
// `longest word − 1` characters early (never before the text's start), so that a word ending in a
// quarter is read whole. With a word longer than a quarter, the second quarter's chain starts at the
// text's first character: a word at the very start that ends past the first quarter is found there.
describe('literalScanner on a long text with a word longer than a quarter', () => {
  const word = 'abcdefghij'.repeat(10); // 100 characters: a quarter of 256 is 64
  const scanner = literalScanner([[word]]);

  it('finds the word at the very start of a 256-character text', () => {
    const text = word + ' '.repeat(156);
    expect(text.length).toBe(256);
    expect(scanner.scan(text)).toBe(1);
  });

  it('finds it one character later too, and not when one of its characters is missing', () => {
    expect(scanner.scan(` ${word}${' '.repeat(155)}`)).toBe(1);
    expect(scanner.scan(word.slice(1) + ' '.repeat(157))).toBe(0);
  });
});
