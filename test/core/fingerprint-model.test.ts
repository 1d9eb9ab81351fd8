/**
 * The result side of fingerprinting against a plain model of the module comment's rules: tokens
 * from `tokenize`, one hash per token run computed from the token strings, the three kinds of
 * fragments (whole short leaves, identifier tokens, sampled windows) chosen with arrays and a
 * `Set`. The guard's version works in reused typed lanes and its own key set; on every value both
 * must give the same fragments in the same order.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FIRST_TOKEN_BITS, FragmentSet, MIN_IDENTIFIER, MIN_WINDOW_WEIGHT, PROBE_FILTER_WORDS, WINDOW, forEachText, leafMinWeight, markProbe, probeHashes, resultFragments, saltSeed, tapeFragments, tokenize } from '../../src/core/fingerprint.js';
import { K_ARRAY, K_STRING, readValue } from '../../src/core/walk.js';
import type { Tape } from '../../src/core/walk.js';

/** A token's two 32-bit lanes (FNV-1a with two primes), from its characters. */
function lanes(tok: string): [number, number] {
  let x = 0x811c9dc5 | 0;
  let y = 0x3c6ef372 | 0;
  for (let j = 0; j < tok.length; j++) {
    x = Math.imul(x ^ tok.charCodeAt(j), 0x01000193);
    y = Math.imul(y ^ tok.charCodeAt(j), 0x5bd1e995);
  }
  return [x, y];
}

/**
 * The 52-bit hash of a token run, its low FIRST_TOKEN_BITS bits those of its first token's run of
 * one. Each lane is the run's polynomial in its multiplier, modulo 2^32, written out term by term:
 * `start·P^n + Σ laneᵢ·P^(n−1−i)`, with each power computed afresh.
 */
function runHash(toks: readonly string[], seed: number): number {
  const P_A = 0x9e3779b1;
  const P_B = 0x85ebca77;
  const pow = (x: number, n: number): number => {
    let r = 1;
    for (let i = 0; i < n; i++) r = Math.imul(r, x);
    return r;
  };
  const poly = (start: number, p: number, terms: readonly number[]): number => {
    let sum = Math.imul(start, pow(p, terms.length));
    terms.forEach((t, i) => {
      sum = (sum + Math.imul(t, pow(p, terms.length - 1 - i))) | 0;
    });
    return sum;
  };
  const xs = toks.map((t) => lanes(t)[0]);
  const ys = toks.map((t) => lanes(t)[1]);
  const a = poly(0xdeadbeef ^ seed, P_A, xs);
  const b = poly(0x41c6ce57 ^ seed, P_B, ys);
  const mixLow = (a0: number, b0: number): number => Math.imul(a0 ^ (a0 >>> 16), 2246822507) ^ Math.imul(b0 ^ (b0 >>> 13), 3266489909);
  const first = (mixLow(poly(0xdeadbeef ^ seed, P_A, xs.slice(0, 1)), poly(0x41c6ce57 ^ seed, P_B, ys.slice(0, 1))) >>> 0) % 2 ** FIRST_TOKEN_BITS;
  const lo = mixLow(a, b);
  const hi = Math.imul(b ^ (b >>> 16), 2246822507) ^ Math.imul(lo ^ (lo >>> 13), 3266489909);
  const h = 2 ** 32 * (hi & 0xfffff) + (lo >>> 0);
  return h - (h % 2 ** FIRST_TOKEN_BITS) + first;
}

const weight = (toks: readonly string[]): number => toks.reduce((w, t) => w + (t.length === 1 && /\p{Script=Han}/u.test(t) ? 3 : t.length), 0);
/**
 * An identifier: at least MIN_IDENTIFIER characters mixing letters and digits, with no Han
 * ideograph, unless its ASCII start already mixes a letter and a digit (the guard decides from the
 * ASCII characters before the first other one when it can).
 */
function isIdentifier(tok: string): boolean {
  if (tok.length < MIN_IDENTIFIER) return false;
  const asciiStart = /^[a-z0-9]*/.exec(tok)?.[0] ?? '';
  if (/[a-z]/.test(asciiStart) && /[0-9]/.test(asciiStart)) return true;
  return /\p{N}/u.test(tok) && /\p{L}/u.test(tok) && !/\p{Script=Han}/u.test(tok);
}

function model(value: unknown, seed: number, max: number): number[] {
  if (max <= 0) return [];
  const out = new Set<number>();
  const long: string[][] = [];
  const idents: string[] = [];
  forEachText(readValue(value), (text) => {
    const toks = tokenize(text);
    if (toks.length === 0) return;
    if (toks.length > WINDOW) long.push(toks);
    else if (out.size < max && weight(toks) >= leafMinWeight(toks)) out.add(runHash(toks, seed));
    if (toks.length > 1) idents.push(...toks.filter(isIdentifier));
  });
  const idRoom = Math.floor((max - out.size) / 4);
  const idStride = Math.max(1, Math.ceil(idents.length / Math.max(1, idRoom)));
  for (let k = 0; k < idents.length && idRoom > 0; k += idStride) out.add(runHash([idents[k] as string], seed));
  const windows = long.flatMap((toks) => toks.slice(WINDOW - 1).map((_, i) => toks.slice(i, i + WINDOW)));
  const room = max - out.size;
  if (room > 0 && windows.length > 0) {
    const stride = Math.max(1, Math.ceil(windows.length / room));
    for (let i = 0; i < windows.length && out.size < max; i += stride) {
      const w = windows[i] as string[];
      if (weight(w) >= MIN_WINDOW_WEIGHT) out.add(runHash(w, seed));
    }
  }
  return [...out];
}

const word = fc.oneof(
  fc.constantFrom('Alice', 'Chen', 'INV-77812', 'a1b2c3d4e5', 'abc123def456', '成功', '中文字', 'x9', 'ÄÖü1234567', 'ﬁle', '１２３４', 'a1b2c3d4中', 'Ω7x9k2m4p'),
  // Outside ASCII: digits of other scripts and widths, letters only, ids, a Han ideograph inside a word.
  fc.constantFrom('１２３４５６７８９０１', '٣٤٥٦٧٨٩٠١٢٣', 'éléphantesque', 'Ωmega12345', 'ab中12345678', 'Übergröße'),
  fc.stringMatching(/^[A-Za-z0-9]{1,14}$/),
  fc.string({ unit: 'grapheme', maxLength: 10 }),
);
const gap = fc.constantFrom(' ', ', ', '-', '\n', '');
const text = fc.array(fc.tuple(word, gap), { maxLength: 30 }).map((parts) => parts.map(([w, g]) => w + g).join(''));
const value = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof({ depthSize: 'small' }, text, fc.integer(), fc.double(), fc.array(tie('v'), { maxLength: 5 }), fc.dictionary(fc.oneof(text, fc.constantFrom('first_name', 'id')), tie('v'), { maxKeys: 4 })),
})).v;

describe('result fragments against a plain model', () => {
  it('property: the same fragments in the same order, for any value, salt and cap (seed 5150)', () => {
    fc.assert(
      // Caps up to the default (512) and past it, where the guard's key set grows.
      fc.property(value, fc.string({ maxLength: 8 }), fc.oneof(fc.integer({ min: 0, max: 300 }), fc.integer({ min: 513, max: 3000 })), (v, salt, max) => {
        const seed = saltSeed(salt);
        expect(resultFragments(v, seed, max)).toEqual(model(v, seed, max));
      }),
      { seed: 5150, numRuns: 1500 },
    );
  });

  it('a long result sampled down to the cap, and one results after another (reused buffers start clean)', () => {
    const seed = saltSeed('model');
    let page = '';
    for (let i = 0; page.length < 40_000; i++) page += `row ${i}: customer ${i % 97} paid INV${100_000 + i} on 2026-11-${(i % 28) + 1}; `;
    for (const [v, max] of [
      [{ page, more: [page.slice(7), 'Alice Chen'] }, 512],
      [['Alice Chen', 'Bob Lee', 'Alice Chen'], 512],
      [page, 40],
      [{ a: 'x' }, 512],
      // Past the default cap: thousands of distinct windows kept, and the same leaf twice.
      [[page, page], 5000],
      // Every window of a text longer than any before it: the scratch lanes grow while it is read.
      [`${page} ${page} ${page}`, 100_000],
    ] as const) {
      expect(resultFragments(v, seed, max)).toEqual(model(v, seed, max));
    }
  });
});

describe('the key set of one result', () => {
  it('keeps keys in order without repeats, 0 and 1 included, and starts empty after take()', () => {
    const set = new FragmentSet();
    for (const k of [0, 0, 1, 2 ** 52 - 1, 1, 0]) set.add(k);
    expect(set.take()).toEqual([0, 1, 2 ** 52 - 1]);
    expect(set.size).toBe(0);
    set.add(1);
    expect(set.take()).toEqual([1]);
  });

  it('property: round after round, each take() gives that round’s keys in first-add order (seed 1729)', () => {
    // Keys from a small range, many rounds on one set: probe runs collide, and a slot left filled
    // by an earlier round would swallow a key of a later one.
    const round = fc.array(fc.oneof(fc.integer({ min: 0, max: 600 }), fc.constantFrom(0, 1, 2 ** 52 - 1)), { maxLength: 500, size: 'max' });
    fc.assert(
      fc.property(fc.array(round, { minLength: 1, maxLength: 40, size: 'medium' }), (rounds) => {
        const set = new FragmentSet();
        for (const keys of rounds) {
          for (const k of keys) set.add(k);
          expect(set.take()).toEqual([...new Set(keys)]);
        }
      }),
      { seed: 1729, numRuns: 100 },
    );
  });

  it('starts afresh when its generation count wraps: a key left from an early round is not taken for one added now', () => {
    const set = new FragmentSet();
    const gen = set as unknown as { gen: number };
    // Round 1 (generation 1) leaves 5 and 77 in their slots, stamped 1.
    set.add(5);
    set.add(77);
    expect(set.take()).toEqual([5, 77]);
    // The last generation a 32-bit stamp holds: its take wraps to generation 1 again.
    gen.gen = 0x7fffffff;
    set.add(9);
    expect(set.take()).toEqual([9]);
    expect(gen.gen).toBe(1);
    for (const k of [5, 77, 5, 1234]) set.add(k);
    expect(set.take()).toEqual([5, 77, 1234]);
    expect(gen.gen).toBe(2);
  });

  it('keys 0 and 1 are still found after the table grows', () => {
    // Keys at the edges of the range a slot is taken from: growing must keep them apart.
    const set = new FragmentSet();
    const others = Array.from({ length: 3000 }, (_, k) => k * 4096 + 7);
    for (const k of [0, 1, ...others, 0, 1]) set.add(k);
    expect(set.size).toBe(3002);
    expect(set.take()).toEqual([0, 1, ...others]);
  });

  it('holds as many distinct keys as it is given, far past its first size', () => {
    for (const n of [600, 2000, 4000, 20_000]) {
      const set = new FragmentSet();
      const keys = Array.from({ length: n }, (_, k) => k * 4096 + 7);
      for (const k of keys) set.add(k);
      for (const k of keys) set.add(k);
      expect(set.size).toBe(n);
      expect(set.take()).toEqual(keys);
    }
  });

  it('a result whose reading throws midway leaves nothing behind for the next one', () => {
    const seed = saltSeed('throws');
    const texts = ['Alice Chen lives at 12 Harbour Road', 'INV-77812 paid in full', 'the third leaf throws'];
    const text = new Proxy(['', ...texts], {
      get(target, p, r) {
        if (p === '3') throw new Error('unreadable leaf');
        return Reflect.get(target, p, r) as unknown;
      },
    });
    const tape: Tape = { kind: Uint8Array.of(K_ARRAY, K_STRING, K_STRING, K_STRING), parent: Int32Array.of(-1, 0, 0, 0), key: [undefined, 0, 1, 2], text, stop: undefined };
    expect(() => tapeFragments(tape, seed, 512)).toThrow('unreadable leaf');
    expect(resultFragments(['Bob Lee'], seed, 512)).toEqual(model(['Bob Lee'], seed, 512));
  });
});

describe('the probe filter', () => {
  it('property: with a filter marked from every stored key, a copied leaf is still found (seed 6174)', () => {
    fc.assert(
      fc.property(fc.array(text, { minLength: 1, maxLength: 12 }), fc.nat(), fc.string({ maxLength: 6 }), (leaves, pick, salt) => {
        const seed = saltSeed(salt);
        const stored = resultFragments(leaves, seed, 512);
        const filter = new Uint32Array(PROBE_FILTER_WORDS);
        for (const k of stored) markProbe(filter, k);
        const keys = new Set(stored);
        const leaf = leaves[pick % leaves.length] as string;
        const found = (f?: Uint32Array): boolean => probeHashes(`copied: ${leaf} (end)`, seed, (h) => keys.has(h), f);
        expect(found(filter)).toBe(found());
      }),
      { seed: 6174, numRuns: 400 },
    );
  });
});
