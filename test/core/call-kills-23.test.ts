import { describe, expect, it } from 'vitest';
import { readCall, readRef } from '../../src/core/call.js';

const from = (v: unknown): unknown => {
  const r = readCall({ tool: 't', from: v });
  return r.ok ? { ids: r.value.from, unread: r.value.fromUnread } : r.message;
};

/** An array behind a Proxy that answers `length` with whatever it is given. */
const lyingLength = (items: string[], length: unknown): unknown =>
  new Proxy(items, { get: (t, k) => (k === 'length' ? length : Reflect.get(t, k)) });

// README "Bounds": a `from` the guard cannot read as a list of ids may name anything, so the call's
// arguments carry every provenance class. A Proxy of an array can claim any length.
describe('from with a length that is no count', () => {
  it('is unread, never an empty list', () => {
    for (const length of ['1', Number.NaN, -1, undefined, null, { valueOf: () => 1 }]) {
      expect(from(lyingLength(['ctx-1'], length)), String(length)).toEqual({ ids: [], unread: true });
    }
  });

  it('beside a Proxy that tells its true length, read as the list it is', () => {
    expect(from(lyingLength(['ctx-1'], 1))).toEqual({ ids: ['ctx-1'], unread: false });
    expect(from(lyingLength(['ctx-1', 'ctx-2'], 1.5))).toEqual({ ids: ['ctx-1'], unread: false });
    expect(from(lyingLength([], 0))).toEqual({ ids: [], unread: false });
  });

  it('a value that is no list at all (a function, a symbol, a number) is unread too', () => {
    for (const v of [() => ['ctx-1'], Symbol('ctx'), 7n, true]) expect(from(v)).toEqual({ ids: [], unread: true });
  });
});

describe('readRef capabilities', () => {
  it('keeps the known names of a list and nothing of any other value', () => {
    const caps = (v: unknown): unknown => {
      const r = readRef({ tool: 't', turn: 1, capabilities: v });
      return r.ok ? r.value.capabilities : r.message;
    };
    expect(caps(['EXTERNAL_ACTION', 'NOT_A_CAPABILITY', 7])).toEqual(['EXTERNAL_ACTION']);
    for (const v of ['EXTERNAL_ACTION', 7, true, null, undefined, { 0: 'EXTERNAL_ACTION', length: 1 }]) expect(caps(v)).toBeUndefined();
    const { proxy, revoke } = Proxy.revocable([], {});
    revoke();
    expect(caps(proxy)).toMatch(/^invalid call ref: reading `capabilities` threw \(TypeError: /);
  });
});
