/** Sharding: `i/n` parsing, and the split's partition, pair and stability properties. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_SHARDS, ShardSpecError, parseShard, selectShard, shardHash, shardOf } from '../../src/harness/shard.js';

interface S {
  readonly id: string;
  readonly pair?: string;
}

describe('parseShard', () => {
  it.each([
    ['1/1', 1, 1],
    ['2/3', 2, 3],
    [' 7/7 ', 7, 7],
    ['1/1000', 1, 1000],
    ['1000/1000', 1000, 1000],
  ])('reads `%s`', (text, index, count) => {
    expect(parseShard(text)).toEqual({ index, count });
  });

  it.each([
    ['', /expected `i\/n`/],
    ['3', /expected `i\/n`/],
    ['a/b', /expected `i\/n`/],
    ['-1/3', /expected `i\/n`/],
    ['2.5/3', /expected `i\/n`/],
    ['1/3/4', /expected `i\/n`/],
    ['1 / 3', /expected `i\/n`/],
    ['01/3', /leading zeros/],
    ['1/03', /leading zeros/],
    ['1/1001', /at most 1000 shards/],
    ['1/99999', /at most 1000 shards/],
    ['1/0', /at least 1/],
    ['0/3', /numbered 1 to 3/],
    ['4/3', /numbered 1 to 3/],
    ['99999/3', /numbered 1 to 3/],
  ])('rejects `%s`', (text, message) => {
    expect(() => parseShard(text)).toThrow(ShardSpecError);
    expect(() => parseShard(text)).toThrow(message);
  });

  it('accepts exactly 1 ≤ i ≤ n ≤ 1000', () => {
    fc.assert(
      fc.property(fc.integer({ min: -5, max: MAX_SHARDS + 5 }), fc.integer({ min: -5, max: MAX_SHARDS + 5 }), (i, n) => {
        const ok = i >= 1 && n >= 1 && i <= n && n <= MAX_SHARDS;
        let got: unknown;
        try {
          got = parseShard(`${i}/${n}`);
        } catch (e) {
          expect(e).toBeInstanceOf(ShardSpecError);
          got = undefined;
        }
        expect(got).toEqual(ok ? { index: i, count: n } : undefined);
      }),
      { seed: 6101, numRuns: 500 },
    );
  });
});

describe('the shard rule', () => {
  /** MurmurHash3's fmix32, written out again: the documented rule, checked independently. */
  const fmix32 = (x: number): number => {
    let h = x >>> 0;
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    return (h ^ (h >>> 16)) >>> 0;
  };

  it('is FNV-1a over UTF-8, then fmix32 (published FNV-1a test vectors)', () => {
    expect(shardHash('')).toBe(fmix32(0x811c9dc5));
    expect(shardHash('a')).toBe(fmix32(0xe40c292c));
    expect(shardHash('foobar')).toBe(fmix32(0xbf9cf968));
    // Over UTF-8 bytes, not UTF-16 code units.
    const fnv1aUtf8 = (t: string): number => {
      let h = 0x811c9dc5;
      for (const b of Buffer.from(t, 'utf8')) h = Math.imul(h ^ b, 0x01000193);
      return h >>> 0;
    };
    for (const t of ['é', 'set-6/隐私-pair', 'emoji 🙂 key', 'set-1/plain-ascii']) expect(shardHash(t)).toBe(fmix32(fnv1aUtf8(t)));
  });

  it('keys a pair by its pair id, anything else by its id', () => {
    expect(shardOf({ id: 'set-6/a-benign', pair: 'set-6/a' }, 1000)).toBe(shardOf({ id: 'set-6/a' }, 1000));
    expect(shardOf({ id: 'x' }, 1)).toBe(1);
  });

  it('refuses a shard that parseShard would not give', () => {
    for (const bad of [
      { index: 0, count: 3 },
      { index: 4, count: 3 },
      { index: 1, count: 0 },
      { index: 1, count: MAX_SHARDS + 1 },
      { index: 1.5, count: 3 },
    ]) {
      expect(() => selectShard([{ id: 'a' }], bad)).toThrow(RangeError);
    }
  });

  it('is reasonably balanced on many similar ids', () => {
    const ids: S[] = [];
    for (let set = 1; set <= 6; set++) for (let i = 0; i < 500; i++) ids.push({ id: `set-${set}/case-${i}` });
    for (const n of [2, 3, 7, 16]) {
      const sizes = Array.from({ length: n }, (_, k) => selectShard(ids, { index: k + 1, count: n }).length);
      const mean = ids.length / n;
      for (const size of sizes) expect(Math.abs(size - mean) / mean, `${n} shards: ${sizes.join(' ')}`).toBeLessThan(0.15);
    }
  });
});

/** Scenarios with unique ids, some of them tension pairs (two twins sharing a pair id), in any order. */
const scenariosArb = (prefix: string): fc.Arbitrary<S[]> =>
  fc
    .record({
      ids: fc.uniqueArray(fc.string({ minLength: 1, maxLength: 12 }), { maxLength: 40 }),
      pairs: fc.uniqueArray(fc.string({ minLength: 1, maxLength: 12 }), { maxLength: 15 }),
    })
    .chain(({ ids, pairs }) => {
      const all: S[] = [
        ...ids.map((id) => ({ id: `${prefix}${id}` })),
        ...pairs.flatMap((p) => [
          { id: `${prefix}${p}#benign`, pair: `${prefix}pair:${p}` },
          { id: `${prefix}${p}#attack`, pair: `${prefix}pair:${p}` },
        ]),
      ];
      return fc.shuffledSubarray(all, { minLength: all.length, maxLength: all.length });
    });

const countArb = fc.oneof({ arbitrary: fc.integer({ min: 1, max: 12 }), weight: 6 }, { arbitrary: fc.integer({ min: 13, max: 64 }), weight: 3 }, { arbitrary: fc.constantFrom(999, MAX_SHARDS), weight: 1 });
const shards = (all: readonly S[], n: number): S[][] => Array.from({ length: n }, (_, k) => selectShard(all, { index: k + 1, count: n }));

describe('selectShard (properties)', () => {
  it('partitions the scenarios: each in exactly one shard, each shard in the given order', () => {
    fc.assert(
      fc.property(scenariosArb(''), countArb, (all, n) => {
        const where = new Map<string, number[]>();
        shards(all, n).forEach((part, k) => {
          // A subsequence of the input: the runner's order is kept.
          const positions = part.map((s) => all.indexOf(s));
          expect(positions.every((p, i) => p >= 0 && (i === 0 || p > (positions[i - 1] as number)))).toBe(true);
          for (const s of part) where.set(s.id, [...(where.get(s.id) ?? []), k + 1]);
        });
        expect(all.filter((s) => where.get(s.id)?.length !== 1 || where.get(s.id)?.[0] !== shardOf(s, n))).toEqual([]);
        expect(where.size).toBe(all.length);
      }),
      { seed: 20260301, numRuns: 150 },
    );
  });

  it('keeps both twins of a pair in one shard', () => {
    fc.assert(
      fc.property(scenariosArb(''), countArb, (all, n) => {
        const shardsOfPair = new Map<string, Set<number>>();
        shards(all, n).forEach((part, k) => {
          for (const s of part) if (s.pair !== undefined) shardsOfPair.set(s.pair, (shardsOfPair.get(s.pair) ?? new Set()).add(k));
        });
        expect([...shardsOfPair.entries()].filter(([, ks]) => ks.size !== 1)).toEqual([]);
      }),
      { seed: 20260302, numRuns: 150 },
    );
  });

  it('is stable when unrelated scenarios are added, whatever the order', () => {
    fc.assert(
      fc.property(scenariosArb('base:'), scenariosArb('extra:'), fc.infiniteStream(fc.double({ min: 0, max: 1, noNaN: true })), countArb, (base, extra, coins, n) => {
        // Interleave the extra scenarios anywhere among the base ones (the base order is kept).
        const combined: S[] = [];
        let [i, j] = [0, 0];
        for (const coin of coins) {
          if (i === base.length && j === extra.length) break;
          if (j === extra.length || (i < base.length && coin < 0.5)) combined.push(base[i++] as S);
          else combined.push(extra[j++] as S);
        }
        const before = shards(base, n).map((part) => part.map((s) => s.id).join('\n'));
        const after = shards(combined, n).map((part) => part.filter((s) => s.id.startsWith('base:')).map((s) => s.id).join('\n'));
        expect(after).toEqual(before);
      }),
      { seed: 20260303, numRuns: 150 },
    );
  });
});
