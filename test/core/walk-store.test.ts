/**
 * The reader keeps one store for its columns and reuses it from read to read: a tape must not
 * change when later reads reuse the store, and a read started while another is in progress (a
 * getter of the value calls the reader, as a hostile value calling back into the guard would)
 * must not disturb either tape.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readValue, toPlain } from '../../src/core/walk.js';

const json = fc.jsonValue({ maxDepth: 4 });

describe('the reader store', () => {
  it('a tape stays as it was read while later reads, larger and smaller, reuse the store', () => {
    fc.assert(
      fc.property(fc.array(json, { minLength: 2, maxLength: 6 }), (values) => {
        const tapes = values.map((v) => readValue(v));
        const copies = tapes.map((t) => JSON.stringify([[...t.kind], [...t.parent], t.key, t.text, t.stop]));
        // A read of a large value grows the store past every tape above.
        readValue(Array.from({ length: 5000 }, (_, i) => `x${i}`));
        tapes.forEach((t, i) => expect(JSON.stringify([[...t.kind], [...t.parent], t.key, t.text, t.stop])).toBe(copies[i]));
        values.forEach((v, i) => expect(toPlain(tapes[i] as ReturnType<typeof readValue>)).toEqual(JSON.parse(JSON.stringify(v))));
      }),
      { seed: 20261203, numRuns: 200 },
    );
  });

  it('a read larger than any call (the store is let go after it) leaves earlier and later tapes whole', () => {
    const before = readValue({ a: ['x', 'y'] });
    const big = readValue({ rows: Array.from({ length: 900 }, () => new Array<null>(1000).fill(null)) }, { text: 1 << 20, leaves: 1 << 20, visits: 1 << 21, depth: 10 });
    expect(big.stop).toBeUndefined();
    expect(big.kind.length).toBe(1 + 1 + 900 + 900_000);
    expect(toPlain(before)).toEqual({ a: ['x', 'y'] });
    expect(toPlain(readValue({ b: 'z' }))).toEqual({ b: 'z' });
  });

  it('a read inside a read (a getter that calls the reader) leaves both tapes whole', () => {
    let inner: ReturnType<typeof readValue> | undefined;
    const value = {
      a: 'first',
      get b(): string {
        inner = readValue({ x: ['one', 'two', { y: 'three' }] });
        return 'second';
      },
      c: ['third', 'fourth'],
    };
    const outer = readValue(value);
    expect(toPlain(outer)).toEqual({ a: 'first', b: 'second', c: ['third', 'fourth'] });
    expect(inner && toPlain(inner)).toEqual({ x: ['one', 'two', { y: 'three' }] });
    // And the store serves the next read as before.
    expect(toPlain(readValue({ z: [1, 2, 3] }))).toEqual({ z: [1, 2, 3] });
  });
});
