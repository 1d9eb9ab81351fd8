import { describe, expect, it } from 'vitest';
import { hash52, probeHashes, resultFragments, saltSeed } from '../../src/core/fingerprint.js';

const SEED = saltSeed('kills-5');

// Kept first in this file: the scratch lanes are module state, and only the first text longer
// than their initial size makes them grow in the middle of a scan.
describe('probeHashes on a text longer than its scratch lanes', () => {
  it('still finds a fragment copied from the start of the text, read before the lanes grew', () => {
    const stored = new Set(resultFragments({ name: 'Maria Lopez' }, SEED, 100));
    const filler = Array.from({ length: 300 }, (_, i) => `w${i}`).join(' ');
    expect(probeHashes(`Maria Lopez ${filler}`, SEED, (h) => stored.has(h))).toBe(true);
    // The twin: the same long text without the copied name matches nothing.
    expect(probeHashes(`Mario Lopes ${filler}`, SEED, (h) => stored.has(h))).toBe(false);
  });
});

describe('hash52', () => {
  // Label sheets draw their samples from hash52 with seed 0: a drawn sheet stays reproducible
  // only while the function gives these exact values.
  it('is a fixed function of the string and the seed', () => {
    expect(hash52('', 0)).toBe(0xbdcb81aee8d83);
    expect(hash52('a', 0)).toBe(0xc2ba782c97901);
    expect(hash52('alice chen', 0)).toBe(0x7c3cbde7e0477);
    expect(hash52('call-7f3a', 12345)).toBe(0xaa4e52054560c);
    expect(hash52('script\u0000deploy.sh', 0x9e3779b9)).toBe(0x616a94df44508);
  });

  it('uses all 20 bits of its high part', () => {
    const highs = new Set<number>();
    for (let i = 0; i < 200; i++) highs.add(Math.floor(hash52(`key-${i}`, 0) / 2 ** 32));
    expect(highs.size).toBeGreaterThan(100);
    expect(Math.max(...highs)).toBeLessThan(2 ** 20);
    // The high part sits above the 32 low bits, not overlapping them: its top bit is reached.
    expect(Math.max(...highs)).toBeGreaterThanOrEqual(2 ** 19);
  });
});

describe('fragment keys', () => {
  it('spread over the high bits of their 52 (not only the low 32 and one more)', () => {
    const words = Array.from({ length: 400 }, (_, i) => `item${i} shipped`).join(' ');
    const keys = resultFragments({ log: words }, SEED, 200);
    expect(keys.length).toBeGreaterThan(100);
    const highs = new Set(keys.map((k) => Math.floor(k / 2 ** 33)));
    expect(highs.size).toBeGreaterThan(50);
    expect(Math.max(...keys)).toBeLessThan(2 ** 52);
    expect(Math.max(...keys)).toBeGreaterThanOrEqual(2 ** 51);
  });
});
