/**
 * A text of 256 characters or more is read as four quarters stepped side by side, each chain
 * starting from the root, `longest word − 1` characters before its quarter. A chain that started
 * anywhere but the root would report a word whose first characters are not in the text: the end
 * of a word at a quarter's start must not be taken for the whole word.
 */
import { describe, expect, it } from 'vitest';
import { literalScanner } from '../../src/core/literals.js';

describe('literalScanner on a long text: every quarter starts reading from nothing', () => {
  // One word of two characters: each quarter starts one character early, at q·i − 1.
  const scanner = literalScanner([['ab']]);
  const n = 256;
  const q = n / 4;

  it.each([
    ['second', q - 1],
    ['third', 2 * q - 1],
    ['fourth', 3 * q - 1],
  ])('does not report the word when only its last character opens the %s quarter', (_name, at) => {
    const text = `${'x'.repeat(at)}b${'x'.repeat(n - at - 1)}`;
    expect(text.length).toBe(n);
    expect(scanner.scan(text)).toBe(0);
  });

  it.each([
    ['second', q - 1],
    ['third', 2 * q - 1],
    ['fourth', 3 * q - 1],
  ])('reports the word when it is whole across the start of the %s quarter', (_name, at) => {
    const text = `${'x'.repeat(at - 1)}ab${'x'.repeat(n - at - 1)}`;
    expect(text.length).toBe(n);
    expect(scanner.scan(text)).toBe(1);
  });
});
