import { describe, expect, it } from 'vitest';
import { MAX_FROM_IDS, MAX_NAME_CHARS, readCall, readOutcome, readRef } from '../../src/core/call.js';
import { K_STRING } from '../../src/core/walk.js';

const throwing = (key: string, base: Record<string, unknown> = { tool: 'send_email' }): object =>
  Object.defineProperty({ ...base }, key, {
    get: () => {
      throw new TypeError(`no ${key}`);
    },
    enumerable: true,
  });

describe('readCall', () => {
  it('refuses a call that is no object or has no non-empty string tool, with an empty tool name', () => {
    for (const bad of [null, 'send_email', {}, { tool: '' }, { tool: 7 }]) {
      expect(readCall(bad)).toEqual({ ok: false, tool: '', message: 'invalid call: expected an object with a non-empty string `tool`' });
    }
    expect(readCall(throwing('tool', {}))).toEqual({ ok: false, tool: '', message: 'invalid call: reading `tool` threw (TypeError: no tool)' });
  });

  it('a field that throws makes the call invalid, naming the tool read before it', () => {
    for (const k of ['turn', 'id', 'parent', 'from', 'policyVerdict']) {
      expect(readCall(throwing(k))).toEqual({ ok: false, tool: 'send_email', message: `invalid call: reading \`${k}\` threw (TypeError: no ${k})` });
    }
  });

  it('reads every field once into plain data, cutting long names', () => {
    const long = 'n'.repeat(MAX_NAME_CHARS + 5);
    const r = readCall({ tool: long, turn: 3, id: long, parent: 'p1', from: 'ctx-1', args: { body: 'hi' } });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.tool).toHaveLength(MAX_NAME_CHARS);
    expect(r.value.id).toHaveLength(MAX_NAME_CHARS);
    expect(r.value.parent).toBe('p1');
    expect(r.value.turn).toBe(3);
    expect(r.value.from).toEqual(['ctx-1']);
    expect(r.value.fromUnread).toBe(false);
    expect(r.value.policyVerdict).toBeUndefined();
    expect([...r.value.args.kind]).toEqual([2, K_STRING]);
    const other = readCall({ tool: 't', id: 42, parent: null });
    expect(other.ok && other.value.id).toBeUndefined();
    expect(other.ok && other.value.parent).toBeUndefined();
  });

  it('from: a list of ids, and everything it cannot read as ids counts as unread', () => {
    const from = (v: unknown): unknown => {
      const r = readCall({ tool: 't', from: v });
      return r.ok ? { ids: r.value.from, unread: r.value.fromUnread } : r.message;
    };
    expect(from(undefined)).toEqual({ ids: [], unread: false });
    expect(from(null)).toEqual({ ids: [], unread: false });
    expect(from(['a', 'b'])).toEqual({ ids: ['a', 'b'], unread: false });
    expect(from(['a', 7])).toEqual({ ids: ['a'], unread: true });
    expect(from(7)).toEqual({ ids: [], unread: true });
    expect(from({ 0: 'a', length: 1 })).toEqual({ ids: [], unread: true });
    expect(from([])).toEqual({ ids: [], unread: false });
    expect(from(['x'.repeat(MAX_NAME_CHARS + 1)])).toEqual({ ids: ['x'.repeat(MAX_NAME_CHARS)], unread: false });
    const full = Array.from({ length: MAX_FROM_IDS }, (_, i) => `c${i}`);
    expect(from(full)).toEqual({ ids: full, unread: false });
    expect(from([...full, 'one-more'])).toEqual({ ids: full, unread: true });
    const hostile = new Proxy(['a'], {
      get: (t, k) => {
        if (k === '0') throw new RangeError('gone');
        return Reflect.get(t, k);
      },
    });
    expect(from(hostile)).toBe('invalid call: reading `from` threw (RangeError: gone)');
  });

  it('policyVerdict: read once into verdict and transform; a throwing member makes the call invalid', () => {
    const pv = (v: unknown): unknown => {
      const r = readCall({ tool: 't', policyVerdict: v });
      return r.ok ? r.value.policyVerdict : r.message;
    };
    expect(pv(undefined)).toBeUndefined();
    expect(pv('deny')).toBe('deny');
    expect(pv(null)).toBeNull();
    expect(pv({ verdict: 'ask' })).toEqual({ verdict: 'ask' });
    expect(Object.keys(pv({ verdict: 'ask' }) as object)).toEqual(['verdict']);
    expect(pv({ verdict: 'ask', transform: 'redact' })).toEqual({ verdict: 'ask', transform: 'redact' });
    expect(pv(throwing('verdict', {}))).toBe('invalid call: policyVerdict: reading `verdict` threw (TypeError: no verdict)');
    expect(pv(throwing('transform', { verdict: 'ask' }))).toBe('invalid call: policyVerdict: reading `transform` threw (TypeError: no transform)');
  });

  it('args that cannot be reached are an unread tape at the root; the caps given bound the read', () => {
    const r = readCall(throwing('args'));
    expect(r.ok && r.value.args).toEqual({ kind: new Uint8Array(0), parent: new Int32Array(0), key: [], text: [], stop: { reason: 'unreadable', path: '$', detail: 'reading `args` threw (TypeError: no args)' } });
    const capped = readCall({ tool: 't', args: 'abcdef' }, { text: 3, leaves: 10, visits: 10, depth: 10 });
    expect(capped.ok && capped.value.args.stop?.reason).toBe('text');
  });
});

describe('readRef', () => {
  it('refuses a ref without a tool, and a ref whose field throws', () => {
    expect(readRef(undefined)).toEqual({ ok: false, tool: '', message: 'invalid call ref: expected an object with a non-empty string `tool`' });
    for (const k of ['turn', 'id', 'parent', 'capabilities']) {
      expect(readRef(throwing(k))).toEqual({ ok: false, tool: 'send_email', message: `invalid call ref: reading \`${k}\` threw (TypeError: no ${k})` });
    }
  });

  it('keeps the known capabilities of the first 24 entries, and none when it is no list', () => {
    const caps = (v: unknown): unknown => {
      const r = readRef({ tool: 't', turn: 1, id: 'i', parent: 7, capabilities: v });
      return r.ok ? r.value.capabilities : r.message;
    };
    expect(caps(undefined)).toBeUndefined();
    expect(caps(null)).toBeUndefined();
    expect(caps('PRIVATE_ACCESS')).toBeUndefined();
    expect(caps({ 0: 'PRIVATE_ACCESS' })).toBeUndefined();
    expect(caps(['PRIVATE_ACCESS', 'NOPE', 3, 'EXTERNAL_ACTION'])).toEqual(['PRIVATE_ACCESS', 'EXTERNAL_ACTION']);
    const pad = Array.from({ length: 23 }, () => 'x');
    expect(caps([...pad, 'LOCAL_MUTATION'])).toEqual(['LOCAL_MUTATION']);
    expect(caps([...pad, 'x', 'LOCAL_MUTATION'])).toEqual([]);
    const hostile = new Proxy(['EXTERNAL_INGESTION'], {
      get: (t, k) => {
        if (k === '0') throw new Error('gone');
        return Reflect.get(t, k);
      },
    });
    expect(caps(hostile)).toBe('invalid call ref: reading `capabilities` threw (Error: gone)');
    const ok = readRef({ tool: 't', turn: 1, id: 'i', parent: 7 });
    expect(ok).toEqual({ ok: true, value: { tool: 't', turn: 1, id: 'i', parent: undefined, capabilities: undefined } });
  });
});

describe('readOutcome', () => {
  it('an error fails the call; a result is kept; a throwing member is an unread result of a run call', () => {
    const none = { failed: false, result: undefined, unreadable: undefined };
    expect(readOutcome(undefined)).toEqual(none);
    expect(readOutcome(null)).toEqual(none);
    expect(readOutcome('text')).toEqual(none);
    expect(readOutcome({ error: 'HTTP 503' })).toEqual({ failed: true, result: undefined, unreadable: undefined });
    expect(readOutcome({ error: null, result: 1 })).toEqual({ failed: true, result: undefined, unreadable: undefined });
    expect(readOutcome({ result: { a: 1 } })).toEqual({ failed: false, result: { a: 1 }, unreadable: undefined });
    expect(readOutcome(throwing('error', {}))).toEqual({ failed: false, result: undefined, unreadable: 'reading `error` threw (TypeError: no error)' });
    expect(readOutcome(throwing('result', {}))).toEqual({ failed: false, result: undefined, unreadable: 'reading `result` threw (TypeError: no result)' });
  });
});
