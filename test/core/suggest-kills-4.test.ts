import { describe, expect, it } from 'vitest';
import { didYouMean, suggest } from '../../src/core/suggest.js';

describe('suggest', () => {
  it('suggests nothing without candidates', () => {
    expect(suggest('mode', [])).toBeUndefined();
    expect(didYouMean('mode', [])).toBe('');
  });
  it('ignores case when measuring the distance', () => {
    expect(suggest('MODE', ['mode', 'limits'])).toBe('mode');
  });
  it('allows at most half the candidate length (at least 1), and at most maxDistance edits', () => {
    expect(suggest('a', ['b'])).toBe('b');
    expect(suggest('a', [''])).toBe('');
    expect(suggest('ab', ['xy'])).toBeUndefined();
    expect(suggest('abcd', ['abxy'])).toBe('abxy');
    expect(suggest('abcd', ['axyz'])).toBeUndefined();
    expect(suggest('abcde', ['axyze'])).toBe('axyze');
    expect(suggest('abcdefgh', ['abcdexyz'])).toBe('abcdexyz');
    expect(suggest('abcdefgh', ['abcdwxyz'])).toBeUndefined();
    expect(suggest('abcdefgh', ['abcdwxyz'], 4)).toBe('abcdwxyz');
    expect(suggest('abcdefgh', ['abcdexyz'], 2)).toBeUndefined();
  });
  it('formats the hint', () => {
    expect(didYouMean('expct', ['expect', 'steps'])).toBe(' (did you mean `expect`?)');
    expect(didYouMean('zzzzzz', ['expect'])).toBe('');
  });
});
