import { describe, expect, it } from 'vitest';
import { clipText, describeValue } from '../../src/core/values.js';

describe('clipText shows at most 40 characters', () => {
  it('40 characters are shown whole; 41 are cut to 40 and an ellipsis', () => {
    const forty = 'abcdefghij'.repeat(4);
    expect(clipText(forty)).toBe(forty);
    expect(clipText(`${forty}k`)).toBe(`${forty}…`);
    expect(clipText(`${forty}kl`)).toBe(`${forty}…`);
  });

  it('whitespace runs count as one space before the cut', () => {
    expect(clipText(`a \n\t b${'c'.repeat(38)}`)).toBe(`a b${'c'.repeat(37)}…`);
  });
});

describe('describeValue names a list as a list', () => {
  it('empty and non-empty lists are `a list`, never `a map`', () => {
    expect(describeValue([])).toBe('a list');
    expect(describeValue(['ReadPrivate'])).toBe('a list');
    expect(describeValue({})).toBe('a map');
  });
});

describe('describeValue gives each kind of value its documented name', () => {
  it('nothing, null, strings, numbers, booleans and other kinds, as messages show them', () => {
    expect(describeValue(undefined)).toBe('nothing');
    expect(describeValue(null)).toBe('null');
    expect(describeValue('')).toBe('an empty string');
    expect(describeValue('strickt')).toBe('the string `strickt`');
    expect(describeValue(7)).toBe('the number `7`');
    expect(describeValue(7n)).toBe('the number `7`');
    expect(describeValue(false)).toBe('`false`');
    expect(describeValue(Symbol('s'))).toBe('a value of another kind');
    expect(describeValue(() => 1)).toBe('a value of another kind');
  });
});
