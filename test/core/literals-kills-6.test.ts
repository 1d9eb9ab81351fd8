import { describe, expect, it } from 'vitest';
import { asciiBytes } from '../../src/core/ascii.js';
import { literalScanner } from '../../src/core/literals.js';

describe('literalScanner on a long text', () => {
  it('reads the text from its first character, with nothing assumed before it', () => {
    const scanner = literalScanner([['import'], ['fetch']]);
    // The text starts with the rest of a word: only a scanner that assumed a character before
    // the text would see the whole word.
    const rest = `mport of the quarterly figures ${'and more notes '.repeat(20)}`;
    expect(rest.length).toBeGreaterThanOrEqual(256);
    expect(scanner.scan(rest)).toBe(0);
    expect(scanner.scan(`i${rest}`)).toBe(1);
    expect(scanner.scan(`etch ${rest}`)).toBe(0);
  });
});

describe('literalScanner wipes what it read', () => {
  it('leaves no character of a short text in the shared scratch buffer, the first one included', () => {
    const scanner = literalScanner([['token']]);
    const text = 'Zebra token 42';
    expect(scanner.scan(text)).toBe(1);
    const scratch = asciiBytes('') as Uint8Array;
    expect(Array.from(scratch.subarray(0, text.length))).toEqual(new Array(text.length).fill(0));
  });

  it('leaves no character of a long text in the shared scratch buffer', () => {
    const scanner = literalScanner([['token']]);
    const text = `Q${'plain words without the word '.repeat(12)}`;
    expect(text.length).toBeGreaterThanOrEqual(256);
    expect(scanner.scan(text)).toBe(0);
    const scratch = asciiBytes('') as Uint8Array;
    expect(Array.from(scratch.subarray(0, text.length))).toEqual(new Array(text.length).fill(0));
  });
});
