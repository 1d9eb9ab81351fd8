import { describe, expect, it } from 'vitest';
import { destinationMask, errorText, K_ARRAY, K_BOOLEAN, K_NULL, K_NUMBER, K_OBJECT, K_OTHER, K_STRING, keyOf, pathOf, readValue, toPlain } from '../../src/core/walk.js';
import type { ReadCaps } from '../../src/core/walk.js';

const caps = (over: Partial<ReadCaps>): ReadCaps => ({ text: 1000, leaves: 1000, visits: 1000, depth: 100, ...over });

describe('readValue caps, at and past each bound', () => {
  it('visits: exactly the cap is read in full, one more stops at the parent of the extra value', () => {
    expect(readValue({ a: [1, 2] }, caps({ visits: 4 })).stop).toBeUndefined();
    const t = readValue({ a: [1, 2] }, caps({ visits: 3 }));
    expect(t.stop).toMatchObject({ reason: 'visits', path: 'a', detail: 'more than 3 values' });
    expect([...t.kind]).toEqual([K_OBJECT, K_ARRAY, K_NUMBER]);
    expect(readValue('x', caps({ visits: 0 })).stop).toMatchObject({ reason: 'visits', path: '$' });
  });

  it('leaves: exactly the cap is read, one more is an unread node where the read stops', () => {
    expect(readValue(['a', 'b'], caps({ leaves: 2 })).stop).toBeUndefined();
    const t = readValue(['a', 'b', 'c'], caps({ leaves: 2 }));
    expect(t.stop).toMatchObject({ reason: 'leaves', path: '[2]', detail: 'more than 2 leaves' });
    expect([...t.kind]).toEqual([K_ARRAY, K_STRING, K_STRING, K_OTHER]);
    expect(t.text).toEqual(['', 'a', 'b', '']);
  });

  it('text: a string that fills the cap exactly is read whole; one character more is cut and stops', () => {
    const full = readValue(['abcd', 'ef'], caps({ text: 6 }));
    expect(full.stop).toBeUndefined();
    expect(full.text).toEqual(['', 'abcd', 'ef']);
    const cut = readValue(['abcd', 'efg'], caps({ text: 6 }));
    expect(cut.stop).toMatchObject({ reason: 'text', path: '[1]' });
    expect(cut.text).toEqual(['', 'abcd', 'ef']);
    expect([...cut.kind]).toEqual([K_ARRAY, K_STRING, K_STRING]);
  });

  it('text: object keys count, and a key past the cap stops at its object', () => {
    expect(readValue({ abcd: 'ef' }, caps({ text: 6 })).stop).toBeUndefined();
    const t = readValue({ inner: { abcd: 'e' } }, caps({ text: 8 }));
    expect(t.stop).toMatchObject({ reason: 'text', path: 'inner' });
    expect([...t.kind]).toEqual([K_OBJECT, K_OBJECT]);
  });

  it('depth: a container at the cap is read, one deeper is an unread node', () => {
    expect(readValue({ a: { b: 1 } }, caps({ depth: 1 })).stop).toBeUndefined();
    const t = readValue({ a: { b: { c: 1 } } }, caps({ depth: 1 }));
    expect(t.stop).toMatchObject({ reason: 'depth', path: 'a.b', detail: 'nested deeper than 1 levels' });
    expect([...t.kind]).toEqual([K_OBJECT, K_OBJECT, K_OTHER]);
  });
});

describe('readValue node kinds', () => {
  it('booleans, null, undefined, bigint and functions', () => {
    const t = readValue([true, false, null, undefined, 12n, () => 1, 3.5]);
    expect([...t.kind]).toEqual([K_ARRAY, K_BOOLEAN, K_BOOLEAN, K_NULL, K_OTHER, K_NUMBER, K_OTHER, K_NUMBER]);
    expect(t.text).toEqual(['', 'true', 'false', '', '', '12', '', '3.5']);
    expect([...t.parent]).toEqual([-1, 0, 0, 0, 0, 0, 0, 0]);
    expect(t.key).toEqual([undefined, 0, 1, 2, 3, 4, 5, 6]);
  });

  it('a typed array is read as an array of numbers; a DataView as an object without members', () => {
    const t = readValue({ bytes: new Uint8Array([7, 9]), view: new DataView(new ArrayBuffer(4)) });
    expect([...t.kind]).toEqual([K_OBJECT, K_ARRAY, K_NUMBER, K_NUMBER, K_OBJECT]);
    expect(t.text).toEqual(['', '', '7', '9', '']);
  });

  it('the same object twice side by side is no cycle: both copies are read', () => {
    const shared = { v: 'x' };
    const t = readValue({ a: shared, b: shared });
    expect([...t.kind]).toEqual([K_OBJECT, K_OBJECT, K_STRING, K_OBJECT, K_STRING]);
  });

  it('a revoked Proxy and a Proxy whose keys throw are unreadable nodes, with the error', () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    const t = readValue({ ok: 1, bad: proxy });
    expect([...t.kind]).toEqual([K_OBJECT, K_NUMBER, K_OTHER]);
    expect(t.stop).toMatchObject({ reason: 'unreadable', path: 'bad' });
    const keysThrow = new Proxy({}, { ownKeys: () => { throw new RangeError('no keys'); } });
    const u = readValue([keysThrow]);
    expect([...u.kind]).toEqual([K_ARRAY, K_OTHER]);
    expect(u.stop).toMatchObject({ reason: 'unreadable', path: '[0]', detail: 'RangeError: no keys' });
  });

  it('a getter that throws is an unreadable node under its key, and the read stops there', () => {
    const o = { first: 'a', get second(): string { throw new TypeError('boom'); }, third: 'c' };
    const t = readValue(o);
    expect([...t.kind]).toEqual([K_OBJECT, K_STRING, K_OTHER]);
    expect(t.key).toEqual([undefined, 'first', 'second']);
    expect([...t.parent]).toEqual([-1, 0, 0]);
    expect(t.text).toEqual(['', 'a', '']);
    expect(t.stop).toMatchObject({ reason: 'unreadable', path: 'second', detail: 'TypeError: boom' });
  });
});

describe('errorText', () => {
  it('names an Error, a thrown non-error by its type, and bounds the text to 200 characters', () => {
    expect(errorText(new TypeError('bad value'))).toBe('TypeError: bad value');
    expect(errorText('oops')).toBe('thrown: string');
    expect(errorText(new Error('y'.repeat(193)))).toBe(`Error: ${'y'.repeat(193)}`);
    expect(errorText(new Error('z'.repeat(194)))).toBe(`Error: ${'z'.repeat(193)}…`);
    const hostile = new Error('x');
    Object.defineProperty(hostile, 'message', { get: () => { throw new Error('no'); } });
    expect(errorText(hostile)).toBe('thrown: an unreadable error');
  });
});

describe('pathOf', () => {
  const tape = readValue({
    body: { items: [{ sku: 'a' }, { sku: 'b' }] },
    headers: { 'Content Type': 'json', 'alice.chen@example.com': 'x', code123: 'y', code1234: 'z' },
    ['k'.repeat(32)]: 1,
    ['k'.repeat(33)]: 2,
  });
  const at = (text: string, nth = 0): string => {
    let seen = 0;
    for (let i = 0; i < tape.kind.length; i++) if (tape.text[i] === text && seen++ === nth) return pathOf(tape, i);
    throw new Error(`no ${text}`);
  };
  it('plain keys with a dot, array indexes in brackets, the root as $', () => {
    expect(pathOf(tape, 0)).toBe('$');
    expect(at('b')).toBe('body.items[1].sku');
    expect(at('a')).toBe('body.items[0].sku');
  });
  it('a key with at most 3 digits is plain; with 4 it is shown by its position', () => {
    expect(at('y')).toBe('headers.code123');
    expect(at('z')).toBe('headers[#3]');
  });
  it('a short key with spaces is quoted; a key that could be data is shown by its position', () => {
    expect(at('json')).toBe('headers["Content Type"]');
    expect(at('x')).toBe('headers[#1]');
  });
  it('a plain key of 32 characters is shown; one of 33 is quoted no more and is shown by position', () => {
    expect(at('1')).toBe('k'.repeat(32));
    expect(at('2')).toBe('[#3]');
  });
});

describe('destinationMask and keyOf', () => {
  it('marks a destination member and everything below it, never the root or other members', () => {
    const t = readValue({ to: ['a@example.com', { name: 'B' }], body: 'hi', meta: { cc: 'c@example.com', note: 'n' } });
    const mask = destinationMask(t, (k) => k === 'to' || k === 'cc');
    // Nodes: root, to, to[0], to[1], to[1].name, body, meta, meta.cc, meta.note.
    expect([...mask]).toEqual([0, 1, 1, 1, 1, 0, 0, 1, 0]);
  });
  it('keyOf lower-cases an object key and gives undefined for an index or the root', () => {
    const t = readValue({ Subject: ['x'] });
    expect(keyOf(t, 0)).toBeUndefined();
    expect(keyOf(t, 1)).toBe('subject');
    expect(keyOf(t, 2)).toBeUndefined();
  });
});

describe('toPlain', () => {
  it('rebuilds JSON-like data: undefined left out of objects and null in arrays, __proto__ an own key', () => {
    const value = JSON.parse('{"a":1.5,"b":[true,null,"s"],"__proto__":{"x":false}}') as Record<string, unknown>;
    const back = toPlain(readValue({ ...value, gone: undefined, list: [undefined, 2] })) as Record<string, unknown>;
    expect(Object.keys(back)).toEqual(['a', 'b', '__proto__', 'list']);
    expect(back.a).toBe(1.5);
    expect(back.b).toEqual([true, null, 's']);
    expect(Object.getOwnPropertyDescriptor(back, '__proto__')?.value).toEqual({ x: false });
    expect(back.list).toEqual([null, 2]);
    expect(Object.getPrototypeOf(back)).toBe(Object.prototype);
  });

  it('makes an inherited name an own member without calling what is inherited', () => {
    const calls: unknown[] = [];
    // A setter of the prototype, as a polluted realm could have: a plain store would call it.
    Object.defineProperty(Object.prototype, 'zzInheritedSetter', { set: (v: unknown) => calls.push(v), configurable: true });
    try {
      const back = toPlain(readValue(JSON.parse('{"toString":"t","constructor":{"c":1},"hasOwnProperty":2,"zzInheritedSetter":"s","plain":3}'))) as Record<string, unknown>;
      expect(calls).toEqual([]);
      expect(Object.keys(back)).toEqual(['toString', 'constructor', 'hasOwnProperty', 'zzInheritedSetter', 'plain']);
      for (const [k, v] of Object.entries({ toString: 't', constructor: { c: 1 }, hasOwnProperty: 2, zzInheritedSetter: 's', plain: 3 })) {
        expect(Object.getOwnPropertyDescriptor(back, k), k).toEqual({ value: v, enumerable: true, writable: true, configurable: true });
      }
    } finally {
      delete (Object.prototype as Record<string, unknown>)['zzInheritedSetter'];
    }
  });
});
