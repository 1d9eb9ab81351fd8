import { describe, expect, it } from 'vitest';
import { asciiBytes, asciiCodes } from '../../src/core/ascii.js';

describe('asciiBytes', () => {
  it('gives the bytes of an ASCII text, growing its buffer for a long one', () => {
    expect([...(asciiBytes('Az09~') as Uint8Array).subarray(0, 5)]).toEqual([65, 122, 48, 57, 126]);
    const long = 'ab'.repeat(1500);
    const bytes = asciiBytes(long) as Uint8Array;
    expect(bytes.length).toBeGreaterThanOrEqual(3000);
    expect(bytes[0]).toBe(97);
    expect(bytes[2999]).toBe(98);
  });
  it('gives nothing for a text with a character outside ASCII', () => {
    expect(asciiBytes('é')).toBeUndefined();
    expect(asciiBytes('abc\u0080')).toBeUndefined();
    expect(asciiBytes('\ud800')).toBeUndefined();
  });
});

describe('asciiCodes', () => {
  it('keeps the codes of ASCII characters and reads every other character as 0', () => {
    expect([...asciiCodes('a\u007fé\u0080b')]).toEqual([97, 127, 0, 0, 98]);
    expect([...asciiCodes('Ab1').subarray(0, 3)]).toEqual([65, 98, 49]);
  });
});

describe('no raw text outlives a scan', () => {
  it('the codes of an ASCII text are the scratch bytes, so the caller wiping them wipes the text', () => {
    const text = 'curl -H "Authorization: Bearer abc"';
    asciiCodes(text).fill(0, 0, text.length);
    expect([...(asciiBytes('') as Uint8Array).subarray(0, text.length)].every((b) => b === 0)).toBe(true);
  });
});
