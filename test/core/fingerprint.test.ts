import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FIRST_TOKEN_BITS, MIN_WEIGHT, MIN_WINDOW_WEIGHT, PROBE_FILTER_WORDS, WINDOW, leafMinWeight, hash52, markProbe, probeHashes, resultFragments, saltSeed, tokenize } from '../../src/core/fingerprint.js';

const SEED = saltSeed('test-salt');

function carries(arg: string, result: unknown, seed = SEED): boolean {
  const stored = new Set(resultFragments(result, seed, 10_000));
  return probeHashes(arg, seed, (h) => stored.has(h));
}

describe('tokenize', () => {
  it('normalises case and width and splits Han ideographs', () => {
    expect(tokenize('Alice.Chen@Example.COM')).toEqual(['alice', 'chen', 'example', 'com']);
    expect(tokenize('ＡＢＣ１２３')).toEqual(['abc123']);
    expect(tokenize('北京市朝阳区')).toEqual(['北', '京', '市', '朝', '阳', '区']);
  });
});

describe('fragments and probes', () => {
  it('finds a copied value whatever its punctuation and case', () => {
    const result = { name: 'Alice Chen', email: 'alice.chen@example.com', phone: '+1 415 555 0100' };
    expect(carries('Alice Chen, alice.chen@example.com', result)).toBe(true);
    expect(carries('ALICE   CHEN', result)).toBe(true);
    expect(carries('call 1-415-555-0100 now', result)).toBe(true);
  });

  it('finds a window of a long text', () => {
    const page0 = 'The quarterly revenue of the northern region grew by twelve percent according to the ledger';
    expect(carries('fyi: northern region grew by twelve', page0)).toBe(true);
  });

  it('ignores values too light to be provenance', () => {
    expect(carries('customer 42 ok', { id: 42, status: 'ok' })).toBe(false);
    expect(carries('deployment success', { status: 'success' })).toBe(false);
    expect(carries('部署成功', { status: '成功' })).toBe(false);
    expect(carries('ref INV-77812', { invoice: 'INV-77812' })).toBe(true);
    expect(carries('id 4417789201', { account: 4417789201 })).toBe(true);
    expect(leafMinWeight(['ab', 'cd'])).toBe(MIN_WEIGHT);
  });

  it('does not match text that shares only common words', () => {
    const page = 'Thank you for your order. We received the payment for invoice 7781 yesterday.';
    expect(carries('thank you for your help with the move', page)).toBe(false);
    expect(carries('received the payment for invoice 7781', page)).toBe(true);
  });

  it('matches Chinese text without spaces', () => {
    expect(carries('地址：北京市朝阳区建国路88号', { address: '北京市朝阳区建国路88号' })).toBe(true);
    expect(carries('上海市浦东新区', { address: '北京市朝阳区建国路88号' })).toBe(false);
  });

  it('depends on the salt', () => {
    expect(hash52('alice chen', saltSeed('a'))).not.toBe(hash52('alice chen', saltSeed('b')));
    const result = 'Alice Chen';
    const stored = new Set(resultFragments(result, saltSeed('a'), 100));
    expect(probeHashes('Alice Chen', saltSeed('b'), (h) => stored.has(h))).toBe(false);
  });

  it('samples a large result evenly, so a copied run from its end is still found', () => {
    const words = Array.from({ length: 20_000 }, (_, i) => `w${i}x`);
    const stored = new Set(resultFragments(words.join(' '), SEED, 512));
    expect(stored.size).toBeLessThanOrEqual(512);
    expect(stored.size).toBeGreaterThan(480);
    // 20 000 words → 19 996 windows → every 40th kept: any copied run of ≥ 44 words is found.
    const tail = words.slice(19_950).join(' ');
    expect(probeHashes(tail, SEED, (h) => stored.has(h))).toBe(true);
    const head = words.slice(0, 44).join(' ');
    expect(probeHashes(head, SEED, (h) => stored.has(h))).toBe(true);
  });

  it('property: with every k-th window of the result kept, any copied run of k + WINDOW − 1 tokens of any leaf is found, its last one too (seed 4242)', () => {
    // Letters only (no ids take room): leaves of n tokens give n − WINDOW + 1 windows each, and
    // every k-th window of the whole result is kept, k = ⌈windows / max⌉.
    const word = (i: number): string => `q${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + (Math.floor(i / 26) % 26))}${String.fromCharCode(97 + Math.floor(i / 676))}`;
    fc.assert(
      fc.property(fc.array(fc.integer({ min: WINDOW + 1, max: 120 }), { minLength: 1, maxLength: 6 }), fc.integer({ min: 1, max: 40 }), (lengths, max) => {
        let next = 0;
        const leaves = lengths.map((n) => Array.from({ length: n }, () => word(next++)));
        const stored = new Set(resultFragments(leaves.map((l) => l.join(' ')), SEED, max));
        const k = Math.ceil(lengths.reduce((w, n) => w + n - WINDOW + 1, 0) / max);
        for (const words of leaves) {
          const run = k + WINDOW - 1;
          if (words.length < run) continue;
          const found = (from: number): boolean => probeHashes(words.slice(from, from + run).join(' '), SEED, (h) => stored.has(h));
          expect(found(0)).toBe(true);
          expect(found(words.length - run)).toBe(true);
        }
      }),
      { seed: 4242, numRuns: 500 },
    );
  });

  it('respects the per-result cap', () => {
    const long = Array.from({ length: 500 }, (_, i) => `word${i}`).join(' ');
    expect(resultFragments(long, SEED, 10)).toHaveLength(10);
    expect(resultFragments(long, SEED, 10_000)).toHaveLength(500 - WINDOW + 1);
  });

  it('property: every leaf of ≥ MIN_WEIGHT characters copied verbatim is found (seed 20261129)', () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[A-Za-z0-9]{1,12}( [A-Za-z0-9]{1,12}){0,7}$/), { minLength: 1, maxLength: 5 }), fc.nat(4), (leaves, pick) => {
        const leaf = leaves[pick % leaves.length] as string;
        const toks = tokenize(leaf);
        const windowWeights = toks.slice(0, Math.max(0, toks.length - WINDOW + 1)).map((_, i) => toks.slice(i, i + WINDOW).join('').length);
        fc.pre(toks.length > WINDOW ? windowWeights.some((w) => w >= MIN_WINDOW_WEIGHT) : toks.join('').length >= leafMinWeight(toks));
        expect(carries(`prefix ${leaf} suffix`, { items: leaves })).toBe(true);
      }),
      { seed: 20261129, numRuns: 300 },
    );
  });

  it('property: an ASCII text hashes as the same text read through the general path (seed 8128)', () => {
    // A trailing em dash is no token but sends the text down the path for non-ASCII text.
    const word = fc.stringMatching(/^[A-Za-z0-9]{1,12}$/);
    const gap = fc.constantFrom(' ', '-', '_', '@', '[', '`', '{', '/', ':', '\n', ' \t ');
    const ascii = fc.array(fc.oneof(word, gap), { maxLength: 40 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(ascii, fc.integer(), (text, salt) => {
        const seed = saltSeed(`paths-${salt}`);
        const viaBytes: number[] = [];
        probeHashes(text, seed, (h) => (viaBytes.push(h), false));
        const viaStrings: number[] = [];
        probeHashes(`${text} \u2014`, seed, (h) => (viaStrings.push(h), false));
        expect(viaBytes).toEqual(viaStrings);
      }),
      { seed: 8128, numRuns: 500 },
    );
  });
  it('property: hashes are non-negative safe integers (seed 7)', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (s, salt) => {
        const h = hash52(s, saltSeed(salt));
        expect(Number.isSafeInteger(h) && h >= 0).toBe(true);
      }),
      { seed: 7 },
    );
  });

  it('is cyrb53 with 20 bits of the second lane: the same hashes on every platform and run', () => {
    // cyrb53's published test vectors (bryc, public domain): cyrb53(s, seed) = 2^32·(h2 & 0x1fffff) + h1.
    const vectors: Array<[string, number, number]> = [
      ['a', 0, 7929297801672961],
      ['b', 0, 8684336938537663],
      ['revenge', 0, 4051478007546757],
      ['revenue', 0, 8309097637345594],
      ['revenue', 1, 8697026808958300],
    ];
    for (const [s, seed, cyrb53] of vectors) {
      const h1 = cyrb53 % 2 ** 32;
      const h2 = Math.floor(cyrb53 / 2 ** 32);
      expect([s, seed, hash52(s, seed)]).toEqual([s, seed, 2 ** 32 * (h2 & 0xfffff) + h1]);
    }
  });

  it('never throws on any value (seed 11)', () => {
    fc.assert(
      fc.property(fc.anything(), (v) => {
        resultFragments(v, SEED, 100);
      }),
      { seed: 11 },
    );
  });
});

describe('identifier tokens', () => {
  const DOC = 'Travel file for Sam Okafor. Passport C01X00T47 issued in Berlin, valid until 2031-05-02. Frequent flyer LH99231877.';
  it('an id quoted in prose is found when copied out alone', () => {
    expect(carries('Passport no. C01X00T47 please', DOC)).toBe(true);
    expect(carries('my number is lh99231877', DOC)).toBe(true);
  });
  it('dates, short codes, plain words and all-digit runs of prose are not ids', () => {
    expect(carries('it expires 2031-05-02', DOC)).toBe(false);
    expect(carries('Berlin', DOC)).toBe(false);
    expect(carries('the covid19 rules', 'Travel file: covid19 rules apply to this trip, see the airline page for the details.')).toBe(false);
    expect(carries('call 415555010', 'Reach the front desk at 415555010 any time, day or night, for room service.')).toBe(false);
  });
  it('a token whose letters are all z is an id too', () => {
    expect(carries('ref zz123456', 'The ticket zz123456 was closed after the review by the whole team.')).toBe(true);
  });
  it('a text outside ASCII is found from its first token, whatever was probed before it', () => {
    probeHashes('unrelated words before', SEED, () => false);
    expect(carries('ж1234567 Москва', { ref: 'ж1234567 Москва' })).toBe(true);
  });
  it('a one-token leaf that mixes letters and digits needs 8 characters', () => {
    expect(leafMinWeight(['c01x00t47'])).toBe(8);
    expect(leafMinWeight(['415555010'])).toBe(10);
    expect(carries('ref AB12CD34', { ref: 'AB12CD34' })).toBe(true);
    expect(carries('ref AB12CD3', { ref: 'AB12CD3' })).toBe(false);
  });
  it('an id in another script is an id too; a one-token word with no digit needs twice the weight of a number', () => {
    expect(leafMinWeight(['ж1234567'])).toBe(8); // Cyrillic letter and digits
    expect(leafMinWeight(['δ7x00000'])).toBe(8);
    expect(leafMinWeight(['internationalisation'])).toBe(20);
    expect(carries('see internationalisation', { word: 'internationalisation' })).toBe(true);
    expect(carries('see internationalising', { word: 'internationalising' })).toBe(false); // 18 < 20
  });
  it('keeps as many fragments as asked for, down to one and none', () => {
    const text = 'The quarterly revenue of the northern region grew by twelve percent';
    expect(resultFragments(text, SEED, 0)).toEqual([]);
    expect(resultFragments({ ref: 'AB12CD34', name: 'Alice Chen' }, SEED, 0)).toEqual([]);
    expect(resultFragments(text, SEED, 1)).toHaveLength(1);
    expect(resultFragments({ ref: 'AB12CD34', name: 'Alice Chen' }, SEED, 1)).toHaveLength(1);
  });
  it('never keeps more fragments than asked for (seed 31337)', () => {
    const word = fc.constantFrom('alpha', 'ledger', 'c01x00t47', 'north', '42', 'region', 'invoice', 'renewal', 'quarterly');
    fc.assert(
      fc.property(fc.array(fc.array(word, { minLength: 1, maxLength: 40 }), { minLength: 1, maxLength: 8 }), fc.integer({ min: 1, max: 12 }), (leaves, max) => {
        expect(resultFragments(leaves.map((l) => l.join(' ')), SEED, max).length).toBeLessThanOrEqual(max);
      }),
      { seed: 31337, numRuns: 300 },
    );
  });
});

describe('identifier share', () => {
  it('ids take at most a quarter of the room, so a log full of ids keeps its text too', () => {
    const ids = Array.from({ length: 1000 }, (_, i) => `req${(1_000_000 + i).toString(36)}x${i}`);
    const text = ids.map((id, i) => `request ${id} finished after ${i % 97} milliseconds on the primary shard`).join('. ');
    const frags = new Set(resultFragments(text, SEED, 40));
    const idHashes = ids.filter((id) => probeHashes(id, SEED, (h) => frags.has(h)));
    expect(idHashes.length).toBeGreaterThan(0);
    expect(idHashes.length).toBeLessThanOrEqual(10);
    expect(frags.size - idHashes.length).toBeGreaterThanOrEqual(20); // the rest are windows of the text
  });
});

describe('probe filter', () => {
  it('visits exactly the unfiltered probes whose first-token bits and next 16 bits are marked, so no stored fragment is skipped (seed 2718)', () => {
    const word = fc.constantFrom('alice', 'chen', 'invoice', 'c01x00t47', '北', 'northern', 'region', '42', 'q3', 'renewal');
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 60 }), fc.array(word, { minLength: 1, maxLength: 20 }), fc.integer(), (argWords, resultWords, salt) => {
        const seed = saltSeed(`filter-${salt}`);
        const arg = argWords.join(' ');
        const stored = new Set(resultFragments(resultWords.join(' '), seed, 10_000));
        const filter = new Uint32Array(PROBE_FILTER_WORDS);
        for (const k of stored) {
          markProbe(filter, k === 0 ? 1 : k);
          if (k === 0) markProbe(filter, 0);
        }
        const all: number[] = [];
        probeHashes(arg, seed, (h) => (all.push(h), false));
        const filtered: number[] = [];
        probeHashes(arg, seed, (h) => (filtered.push(h), false), filter);
        // The layout: a bit per value of a key's low FIRST_TOKEN_BITS bits, then a bit per value of the 16 above them.
        const bit = (i: number): boolean => ((filter[i >>> 5] as number) & (1 << (i & 31))) !== 0;
        const firsts = 2 ** FIRST_TOKEN_BITS;
        const marked = (h: number): boolean => bit(h % firsts) && bit(firsts + (Math.floor(h / firsts) % 65536));
        expect(filtered).toEqual(all.filter(marked));
        for (const h of all) if (stored.has(h)) expect(filtered).toContain(h);
      }),
      { seed: 2718, numRuns: 300 },
    );
  });
});
