/**
 * Survivors of the full mutation run in the value reader: a read that grows the store keeps what it
 * read before the growth, and a read stops at the first bound it meets.
 */
import { describe, expect, it } from 'vitest';
import { K_ARRAY, K_NUMBER, K_OBJECT, readValue, toPlain } from '../../src/core/walk.js';

describe('a read that grows the store', () => {
  it('keeps the kinds of the nodes read before the growth', () => {
    // 600 002 nodes: more than any store kept between reads holds (one past twice the default
    // visits is let go, so a kept store has at most 2^19 slots), so this read grows the store
    // whatever earlier tests left in it.
    const value = { rows: Array.from({ length: 200_000 }, (_, i) => [i, i % 2 === 0]) };
    const tape = readValue(value, { text: 1 << 23, leaves: 1 << 20, visits: 1 << 20, depth: 10 });
    expect(tape.stop).toBeUndefined();
    expect([tape.kind[0], tape.kind[1], tape.kind[2], tape.kind[3]]).toEqual([K_OBJECT, K_ARRAY, K_ARRAY, K_NUMBER]);
    expect(toPlain(tape)).toEqual(value);
  });
});

describe('a read stops at the first bound it meets', () => {
  const caps = { text: 12, leaves: 100, visits: 100, depth: 2 };

  it('past the depth bound, nothing after it is read, and the stop stays the depth', () => {
    const tape = readValue({ a: [[['too deep']]], b: 'a later text well past twelve characters' }, caps);
    expect(tape.stop?.reason).toBe('depth');
    expect(tape.text.join('|')).not.toContain('later');
  });
});

describe('the plain copy of a read', () => {
  it('is an ordinary object: a caller may change what it holds', () => {
    const plain = toPlain(readValue({ a: 1, b: { c: 'x' } })) as { a: number; b: { c: string } };
    plain.a = 2;
    plain.b.c = 'y';
    expect(plain).toEqual({ a: 2, b: { c: 'y' } });
  });
});
