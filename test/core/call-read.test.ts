/**
 * Reading a host's call and call ref: each property is read once, and a getter that throws is
 * named in the message, whichever property it is.
 */
import { describe, expect, it } from 'vitest';
import { readCall, readRef } from '../../src/core/call.js';

/** A call-like object whose `key` getter throws, every other property plain. */
function throwingAt(key: string, base: Record<string, unknown>): object {
  const o: Record<string, unknown> = { ...base };
  delete o[key];
  Object.defineProperty(o, key, {
    enumerable: true,
    get() {
      throw new RangeError(`no ${key}`);
    },
  });
  return o;
}

describe('reading a call once', () => {
  const call = { tool: 'fetch_url', turn: 2, id: 'c1', parent: 'p1', from: ['c0'], policyVerdict: { verdict: 'allow' }, args: { url: 'https://x.example' } };

  it.each(['turn', 'id', 'parent', 'from', 'policyVerdict'])('names `%s` when its getter throws', (key) => {
    expect(readCall(throwingAt(key, call))).toEqual({ ok: false, tool: 'fetch_url', message: `invalid call: reading \`${key}\` threw (RangeError: no ${key})` });
  });

  it('reads each property exactly once', () => {
    const reads = new Map<string, number>();
    const counted = new Proxy(call, {
      get(target, key, receiver) {
        reads.set(String(key), (reads.get(String(key)) ?? 0) + 1);
        return Reflect.get(target, key, receiver);
      },
    });
    const r = readCall(counted);
    expect(r.ok).toBe(true);
    for (const k of ['tool', 'turn', 'id', 'parent', 'from', 'policyVerdict', 'args']) expect(reads.get(k)).toBe(1);
    expect(r.ok && [r.value.turn, r.value.id, r.value.parent, r.value.from, r.value.policyVerdict]).toEqual([2, 'c1', 'p1', ['c0'], { verdict: 'allow' }]);
  });
});

describe('reading a call ref once', () => {
  const ref = { tool: 'fetch_url', turn: 2, id: 'c1', parent: 'p1', capabilities: ['EXTERNAL_INGESTION'] };

  it.each(['turn', 'id', 'parent', 'capabilities'])('names `%s` when its getter throws', (key) => {
    expect(readRef(throwingAt(key, ref))).toEqual({ ok: false, tool: 'fetch_url', message: `invalid call ref: reading \`${key}\` threw (RangeError: no ${key})` });
  });

  it('keeps what it read', () => {
    expect(readRef(ref)).toEqual({ ok: true, value: { tool: 'fetch_url', turn: 2, id: 'c1', parent: 'p1', capabilities: ['EXTERNAL_INGESTION'] } });
  });
});
