import { describe, expect, it } from 'vitest';
import { K_ARRAY, K_OTHER, readValue } from '../../src/core/walk.js';

describe('readValue', () => {
  it('a cycle back to an ancestor is one K_OTHER node, and the tape stays aligned', () => {
    const a: Record<string, unknown> = { name: 'root' };
    a.self = a;
    a.tail = 'after the cycle';
    const t = readValue(a);
    expect(t.stop).toBeUndefined();
    expect(t.kind.length).toBe(t.parent.length);
    expect(t.kind.length).toBe(t.text.length);
    const self = t.key.indexOf('self');
    expect(t.kind[self]).toBe(K_OTHER);
    expect(t.text[t.key.indexOf('tail')]).toBe('after the cycle');
  });

  it('an array-like whose length is not a positive finite number is read as empty', () => {
    for (const length of [Number.NaN, Number.POSITIVE_INFINITY, -3, 0]) {
      const p = new Proxy([1, 2], { get: (target, k) => (k === 'length' ? length : Reflect.get(target, k)) });
      const t = readValue({ rows: p });
      expect(t.stop).toBeUndefined();
      expect([...t.kind]).toEqual([2, K_ARRAY]);
    }
  });
});
