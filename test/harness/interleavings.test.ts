/**
 * Interleavings of a batch: enumeration, text form, partial-order reduction (sound and actually pruning), seeded
 * uniform sampling and the per-batch plan.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SAMPLED_ORDERS,
  allInterleavings,
  canonicalInterleaving,
  countInterleavings,
  countReducedInterleavings,
  formatInterleaving,
  isValidInterleaving,
  parseInterleaving,
  planInterleavings,
  reducedInterleavings,
  runSorted,
  sampleInterleavings,
} from '../../src/harness/interleavings.js';
import type { BatchEvent, Interleaving } from '../../src/harness/interleavings.js';

const ev = (kind: 'd' | 'c', member: number): BatchEvent => ({ kind, member });
const key = formatInterleaving;

/** Event index used by the module's lexicographic order: d_0 … d_{n-1} c_0 … c_{n-1}. */
const index = (e: BatchEvent, n: number): number => (e.kind === 'd' ? e.member : n + e.member);

function lexLess(a: Interleaving, b: Interleaving, n: number): boolean {
  for (let i = 0; i < a.length; i++) {
    const x = index(a[i] as BatchEvent, n);
    const y = index(b[i] as BatchEvent, n);
    if (x !== y) return x < y;
  }
  return false;
}

/** Independent oracle: every valid order by brute force over all (2n)! permutations of the events. */
function bruteForce(n: number): Set<string> {
  const events = [...Array.from({ length: n }, (_, m) => ev('d', m)), ...Array.from({ length: n }, (_, m) => ev('c', m))];
  const out = new Set<string>();
  const used = events.map(() => false);
  const path: BatchEvent[] = [];
  const go = (): void => {
    if (path.length === events.length) {
      if (isValidInterleaving(path, n)) out.add(key(path));
      return;
    }
    events.forEach((e, i) => {
      if (used[i]) return;
      used[i] = true;
      path.push(e);
      go();
      path.pop();
      used[i] = false;
    });
  };
  go();
  return out;
}

/** Before(i) as a bitmask per member: the completions a decision can have seen — the documented guard input (a). */
function beforeMasks(order: Interleaving, n: number): number[] {
  const masks = new Array<number>(n).fill(0);
  let completed = 0;
  for (const e of order) {
    if (e.kind === 'c') completed |= 1 << e.member;
    else masks[e.member] = completed;
  }
  return masks;
}

function popcount(m: number): number {
  let c = 0;
  for (let x = m; x !== 0; x &= x - 1) c++;
  return c;
}

/** The final set of completions — the documented guard input (b). */
function finalSet(order: Interleaving): number {
  return order.reduce((s, e) => (e.kind === 'c' ? s | (1 << e.member) : s), 0);
}

describe('countInterleavings', () => {
  it('is (2n)!/2^n: 1, 1, 6, 90, 2520, 113400, 7484400 for n = 0..6', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(countInterleavings)).toEqual([1, 1, 6, 90, 2520, 113400, 7484400]);
  });
  it('is exact at n = 10 and Infinity once past the safe-integer range', () => {
    expect(countInterleavings(10)).toBe(2375880867360000); // 20! / 1024
    expect(countInterleavings(11)).toBe(Infinity);
  });
  it('rejects a batch size that is not a count', () => {
    expect(() => countInterleavings(-1)).toThrow(RangeError);
    expect(() => countInterleavings(1.5)).toThrow(RangeError);
  });
});

describe('allInterleavings', () => {
  for (const [n, expected] of [[0, 1], [1, 1], [2, 6], [3, 90], [4, 2520]] as const) {
    it(`n=${n}: exactly ${expected} orders, all distinct, all valid, lexicographic, canonical first`, () => {
      const orders = [...allInterleavings(n)];
      expect(orders).toHaveLength(expected);
      expect(orders).toHaveLength(countInterleavings(n));
      expect(new Set(orders.map(key)).size).toBe(expected);
      for (const o of orders) expect(isValidInterleaving(o, n)).toBe(true);
      for (let i = 1; i < orders.length; i++) expect(lexLess(orders[i - 1] as Interleaving, orders[i] as Interleaving, n)).toBe(true);
      expect(orders[0]).toEqual(canonicalInterleaving(n));
    });
  }
  for (const n of [1, 2, 3]) {
    it(`n=${n}: agrees with a brute-force filter of all (2n)! permutations`, () => {
      expect(new Set([...allInterleavings(n)].map(key))).toEqual(bruteForce(n));
    });
  }
  it('is deterministic and lazy (taking a prefix of n=8 does not enumerate 2 027 025 000 orders)', () => {
    const take = (g: Generator<Interleaving>, k: number): string[] => {
      const out: string[] = [];
      for (const o of g) {
        out.push(key(o));
        if (out.length === k) break;
      }
      return out;
    };
    // Worked by hand: every decision first, then the completions c6 c7 c8 in their first orders.
    const decisions = 'd1 d2 d3 d4 d5 d6 d7 d8 c1 c2 c3 c4 c5';
    expect(take(allInterleavings(8), 5)).toEqual(['c6 c7 c8', 'c6 c8 c7', 'c7 c6 c8', 'c7 c8 c6', 'c8 c6 c7'].map((tail) => `${decisions} ${tail}`));
    expect(take(allInterleavings(8), 1)).toEqual([key(canonicalInterleaving(8))]);
  });
});

describe('canonicalInterleaving', () => {
  it('is d1 … dn c1 … cn', () => {
    expect(key(canonicalInterleaving(3))).toBe('d1 d2 d3 c1 c2 c3');
    expect(canonicalInterleaving(0)).toEqual([]);
  });
});

describe('formatInterleaving / parseInterleaving / isValidInterleaving', () => {
  it('formats 1-based', () => {
    expect(key([ev('d', 0), ev('d', 1), ev('c', 1), ev('d', 2), ev('c', 0), ev('c', 2)])).toBe('d1 d2 c2 d3 c1 c3');
  });
  for (const n of [0, 1, 2, 3, 4]) {
    it(`n=${n}: every order round-trips through the text form`, () => {
      for (const o of allInterleavings(n)) expect(parseInterleaving(key(o), n)).toEqual(o);
    });
  }
  it('tolerates extra whitespace and commas', () => {
    expect(parseInterleaving('  d1,d2  c2, c1 ', 2)).toEqual([ev('d', 0), ev('d', 1), ev('c', 1), ev('c', 0)]);
    expect(parseInterleaving('', 0)).toEqual([]);
  });
  const rejected: Array<[string, number, string]> = [
    ['c1 d1', 1, 'a completion before its decision'],
    ['d1 d1 c1 c2', 2, 'a duplicate decision'],
    ['d1 d2 c1 c1', 2, 'a duplicate completion'],
    ['d1 c1 d1 c1', 1, 'a repeated pair'],
    ['d1 d3 c1 c3', 2, 'an out-of-range member'],
    ['d0 c0', 1, 'member 0 (the text form is 1-based)'],
    ['d01 c01', 1, 'leading zeros'],
    ['d1', 1, 'a missing completion'],
    ['d1 c1', 2, 'a missing member'],
    ['x1 c1', 1, 'an unknown kind'],
    ['d1c1', 1, 'unseparated tokens'],
    ['d-1 c-1', 1, 'a negative member'],
    ['d1 c1', -1, 'a negative batch size'],
    ['', 1, 'nothing'],
  ];
  for (const [text, n, why] of rejected) {
    it(`rejects ${JSON.stringify(text)} for n=${n}: ${why}`, () => {
      expect(parseInterleaving(text, n)).toBeUndefined();
    });
  }
  it('isValidInterleaving rejects wrong lengths, bad members and completion-first orders', () => {
    expect(isValidInterleaving([ev('d', 0), ev('c', 0)], 1)).toBe(true);
    expect(isValidInterleaving([ev('d', 0), ev('c', 0)], 2)).toBe(false);
    expect(isValidInterleaving([ev('c', 0), ev('d', 0)], 1)).toBe(false);
    expect(isValidInterleaving([ev('d', 0.5), ev('c', 0.5)], 1)).toBe(false);
    expect(isValidInterleaving([ev('d', 1), ev('c', 1)], 1)).toBe(false);
    expect(isValidInterleaving([ev('d', 0), ev('d', 0), ev('c', 0), ev('c', 0)], 2)).toBe(false);
  });
  it('round-trips arbitrary sampled orders of larger batches', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 12 }), fc.integer({ min: 0, max: 1_000_000 }), (n, seed) => {
        for (const o of sampleInterleavings(n, 5, seed)) {
          expect(isValidInterleaving(o, n)).toBe(true);
          expect(parseInterleaving(key(o), n)).toEqual(o);
        }
      }),
      { seed: 1789, numRuns: 200 },
    );
  });
});

describe('reducedInterleavings', () => {
  const reducedCounts = [1, 1, 3, 19, 207, 3451, 81663];
  for (let n = 0; n <= 6; n++) {
    it(`n=${n}: ${reducedCounts[n]} classes, matches countReducedInterleavings, valid, distinct, canonical first`, () => {
      const orders = [...reducedInterleavings(n)];
      expect(orders).toHaveLength(reducedCounts[n] as number);
      expect(countReducedInterleavings(n)).toBe(orders.length);
      expect(orders[0]).toEqual(canonicalInterleaving(n));
      expect(new Set(orders.map(key)).size).toBe(orders.length);
      expect(orders.filter((o) => !isValidInterleaving(o, n))).toEqual([]);
      expect(orders.filter((o, i) => i > 0 && !lexLess(orders[i - 1] as Interleaving, o, n)).map(key)).toEqual([]);
    });
  }

  for (let n = 2; n <= 5; n++) {
    const full = countInterleavings(n);
    const reduced = countReducedInterleavings(n);
    it(`prunes: n=${n}: ${full} → ${reduced}`, () => {
      expect(reduced).toBeLessThan(full);
      expect([...reducedInterleavings(n)].length).toBe(reduced);
    });
  }

  for (let n = 1; n <= 4; n++) {
    const all = [...allInterleavings(n)];
    const reduced = [...reducedInterleavings(n)];
    const allSet = new Set(all.map(key));
    const signature = (o: Interleaving): string => `${beforeMasks(o, n).join(',')}|${finalSet(o)}`;

    it(`n=${n}: exactly one representative per equivalence class (same Before(i) for every member)`, () => {
      for (const o of reduced) expect(allSet.has(key(o))).toBe(true);
      const reducedSigs = reduced.map(signature);
      expect(new Set(reducedSigs).size).toBe(reduced.length);
      expect(new Set(reducedSigs)).toEqual(new Set(all.map(signature)));
    });

    /** Guards satisfying the documented assumption: functions of (a) Before(i) per decision and (b) the final set. */
    const guards: Record<string, (o: Interleaving) => string> = {
      'per-decision sorted completed sets + final set': (o) => {
        const masks = beforeMasks(o, n);
        const sets = masks.map((m, i) => `${i}:{${[...Array(n).keys()].filter((j) => (m >> j) & 1).join(',')}}`);
        return `${sets.join(' ')} final=${finalSet(o)}`;
      },
      'taint monitor: deny a decision once member 0 has completed': (o) =>
        beforeMasks(o, n)
          .map((m, i) => (i !== 0 && m & 1 ? 'deny' : 'allow'))
          .join(','),
      'count of results seen by each decision': (o) => beforeMasks(o, n).map(popcount).join('/'),
      'any decision saw everything else': (o) => String(beforeMasks(o, n).some((m, i) => m === (((1 << n) - 1) & ~(1 << i)))),
    };
    for (const [name, guard] of Object.entries(guards)) {
      it(`sound for n=${n}: ${name}`, () => {
        expect(new Set(reduced.map(guard))).toEqual(new Set(all.map(guard)));
      });
    }

    it(`sound for n=${n}: random boolean guards of the per-decision completed-sets (fast-check)`, () => {
      const allMasks = all.map((o) => beforeMasks(o, n));
      const reducedMasks = reduced.map((o) => beforeMasks(o, n));
      // A guard is a verdict table: decision on member i having seen completed-set S → allow/deny; plus a random
      // fold of all verdicts into one bit, so observations can merge verdict vectors as a real summary would.
      const table = fc.array(fc.boolean(), { minLength: n << n, maxLength: n << n });
      fc.assert(
        fc.property(table, fc.integer({ min: 0, max: 2 }), (verdicts, fold) => {
          const observe = (masks: number[]): string => {
            const v = masks.map((m, i) => (verdicts[(i << n) | m] ? 1 : 0));
            if (fold === 0) return v.join('');
            if (fold === 1) return String(v.reduce<number>((a, b) => a ^ b, 0));
            return String(v.filter(Boolean).length);
          };
          expect(new Set(reducedMasks.map(observe))).toEqual(new Set(allMasks.map(observe)));
        }),
        { seed: 4242 + n, numRuns: 150 },
      );
    });

    if (n >= 2) {
      // The documented exclusions: guards outside the assumption really can tell members of a class apart, so the
      // assumption is doing work (and these tests would fail if the reduction kept completion or decision order).
      it(`n=${n}: NOT sound for a racy guard that records results in completion order (documented exclusion)`, () => {
        const racy = (o: Interleaving): string => `${signature(o)}|${o.filter((e) => e.kind === 'c').map((e) => e.member).join('')}`;
        expect(new Set(reduced.map(racy)).size).toBeLessThan(new Set(all.map(racy)).size);
      });
      it(`n=${n}: NOT sound for a guard whose decisions see earlier decisions, e.g. a budget of one (documented exclusion)`, () => {
        const budget = (o: Interleaving): string => `${signature(o)}|first=${o.find((e) => e.kind === 'd')?.member ?? -1}`;
        expect(new Set(reduced.map(budget)).size).toBeLessThan(new Set(all.map(budget)).size);
      });
    }
  }
});

describe('sampleInterleavings', () => {
  it('same seed → same output; different seed → different output (n=6)', () => {
    const a = sampleInterleavings(6, 50, 123).map(key);
    expect(sampleInterleavings(6, 50, 123).map(key)).toEqual(a);
    expect(sampleInterleavings(6, 50, 124).map(key)).not.toEqual(a);
    expect(sampleInterleavings(6, 50, 123 + 2 ** 32).map(key)).not.toEqual(a);
  });
  it('canonical first, every sample valid, exactly count orders', () => {
    for (const n of [0, 1, 3, 6, 9]) {
      const s = sampleInterleavings(n, 200, 7);
      expect(s).toHaveLength(200);
      expect(s[0]).toEqual(canonicalInterleaving(n));
      for (const o of s) expect(isValidInterleaving(o, n)).toBe(true);
    }
    expect(sampleInterleavings(6, 0, 7)).toEqual([]);
    expect(sampleInterleavings(6, 1, 7)).toEqual([canonicalInterleaving(6)]);
  });
  it('rejects bad counts and seeds', () => {
    expect(() => sampleInterleavings(3, -1, 1)).toThrow(RangeError);
    expect(() => sampleInterleavings(3, 1, 0.5)).toThrow(RangeError);
  });
  it('roughly uniform for n=2: each of the 6 orders 800..1200 times in 6000 draws (seed 20251129)', () => {
    const draws = sampleInterleavings(2, 6001, 20251129).slice(1);
    const counts = new Map<string, number>();
    for (const o of draws) counts.set(key(o), (counts.get(key(o)) ?? 0) + 1);
    expect(counts.size).toBe(6);
    for (const c of counts.values()) {
      expect(c).toBeGreaterThanOrEqual(800);
      expect(c).toBeLessThanOrEqual(1200);
    }
  });
  it('roughly uniform for n=3: each of the 90 orders 700..1300 times in 90000 draws (seed 99)', () => {
    const draws = sampleInterleavings(3, 90001, 99).slice(1);
    const counts = new Map<string, number>();
    for (const o of draws) counts.set(key(o), (counts.get(key(o)) ?? 0) + 1);
    expect(counts.size).toBe(90);
    for (const c of counts.values()) {
      expect(c).toBeGreaterThanOrEqual(700);
      expect(c).toBeLessThanOrEqual(1300);
    }
  });
});

describe('planInterleavings', () => {
  it('n ≤ limit → exhaustive over the reduced classes, total = reduced count', () => {
    const plan = planInterleavings(4, { limit: 4, interleavings: 'all', seed: 1 });
    expect(plan.mode).toBe('exhaustive');
    expect(plan.total).toBe(207);
    const orders = [...plan.orders];
    expect(orders.map(key)).toEqual([...reducedInterleavings(4)].map(key));
    expect([...plan.orders]).toHaveLength(207); // re-iterable
  });
  it('exhaustive with a number N: the first N reduced orders, canonical first', () => {
    const plan = planInterleavings(3, { limit: 5, interleavings: 4, seed: 1 });
    expect(plan.mode).toBe('exhaustive');
    expect(plan.total).toBe(19);
    const orders = [...plan.orders];
    expect(orders).toHaveLength(4);
    expect(orders[0]).toEqual(canonicalInterleaving(3));
    expect(orders.map(key)).toEqual([...reducedInterleavings(3)].slice(0, 4).map(key));
  });
  it('without reduction, n ≤ limit → every order, total = every interleaving', () => {
    const plan = planInterleavings(4, { limit: 4, interleavings: 'all', seed: 1, reduce: false });
    expect(plan).toMatchObject({ mode: 'exhaustive', reduced: false, total: 2520 });
    expect([...plan.orders].map(key)).toEqual([...allInterleavings(4)].map(key));
  });
  it('without reduction, n > limit → sampled with N orders (canonical first), total = every interleaving', () => {
    const plan = planInterleavings(6, { limit: 4, interleavings: 25, seed: 3, reduce: false });
    expect(plan.mode).toBe('sampled');
    expect(plan.total).toBe(7484400);
    const orders = [...plan.orders];
    expect(orders).toHaveLength(25);
    expect(orders[0]).toEqual(canonicalInterleaving(6));
    expect(new Set(orders.map(key)).size).toBe(25);
    for (const o of orders) expect(isValidInterleaving(o, 6)).toBe(true);
    expect([...planInterleavings(6, { limit: 4, interleavings: 25, seed: 3, reduce: false }).orders].map(key)).toEqual(orders.map(key));
  });
  it('with reduction, sampled draws are replaced by their class representatives, repeats dropped', () => {
    const raw = sampleInterleavings(6, 2000, 3);
    const plan = planInterleavings(6, { limit: 4, interleavings: 2000, seed: 3 });
    expect(plan).toMatchObject({ mode: 'sampled', reduced: true, total: 81663 });
    const orders = [...plan.orders];
    expect(orders[0]).toEqual(canonicalInterleaving(6));
    for (const o of orders) expect(key(runSorted(o))).toBe(key(o));
    // Exactly the classes the raw draws fall into, each once, in order of first draw.
    const classes = [...new Set(raw.map((o) => key(runSorted(o))))];
    expect(orders.map(key)).toEqual(classes);
    expect(orders.length).toBeLessThan(raw.length); // it saves replays
  });
  it('sampled drops repeats, so never more than N and never more than exist', () => {
    const plan = planInterleavings(2, { limit: 1, interleavings: 100, seed: 5 });
    expect(plan.mode).toBe('sampled');
    const orders = [...plan.orders];
    expect(orders.length).toBeLessThanOrEqual(6);
    expect(new Set(orders.map(key)).size).toBe(orders.length);
    expect(orders[0]).toEqual(canonicalInterleaving(2));
  });
  it("'all' past the limit samples DEFAULT_SAMPLED_ORDERS", () => {
    const plan = planInterleavings(7, { limit: 4, interleavings: 'all', seed: 9, reduce: false });
    expect(plan.mode).toBe('sampled');
    expect([...plan.orders].length).toBeLessThanOrEqual(DEFAULT_SAMPLED_ORDERS);
    expect([...plan.orders].length).toBeGreaterThan(DEFAULT_SAMPLED_ORDERS - 5);
  });
  it('rejects a non-positive or fractional N', () => {
    expect(() => planInterleavings(3, { limit: 4, interleavings: 0, seed: 1 })).toThrow(RangeError);
    expect(() => planInterleavings(3, { limit: 4, interleavings: 1.5, seed: 1 })).toThrow(RangeError);
  });
});

describe('runSorted', () => {
  it('maps every order of n ≤ 4 onto exactly the reduced enumeration', () => {
    for (let n = 1; n <= 4; n++) {
      const reps = new Set([...allInterleavings(n)].map((o) => key(runSorted(o))));
      expect([...reps].sort()).toEqual([...reducedInterleavings(n)].map(key).sort());
    }
  });
  it('is idempotent, keeps validity and only reorders events inside runs', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 8 }), fc.integer(), (n, seed) => {
        for (const o of sampleInterleavings(n, 5, seed)) {
          const r = runSorted(o);
          expect(isValidInterleaving(r, n)).toBe(true);
          expect(key(runSorted(r))).toBe(key(r));
          expect(r.map((e) => e.kind).join('')).toBe(o.map((e) => e.kind).join(''));
          expect(beforeMasks(r, n)).toEqual(beforeMasks(o, n)); // same class
        }
      }),
      { seed: 20261129, numRuns: 200 },
    );
  });
});
