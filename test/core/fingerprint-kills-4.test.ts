import { describe, expect, it } from 'vitest';
import { asciiBytes } from '../../src/core/ascii.js';
import { leafMinWeight, probeHashes, saltSeed } from '../../src/core/fingerprint.js';

describe('saltSeed', () => {
  it('is the 32-bit FNV-1a hash of the salt, as an unsigned integer', () => {
    expect(saltSeed('')).toBe(0x811c9dc5);
    expect(saltSeed('a')).toBe(0xe40c292c);
    expect(saltSeed('foobar')).toBe(0xbf9cf968);
  });
});

describe('leafMinWeight', () => {
  it('a leaf of several tokens needs 8, whatever its tokens hold', () => {
    expect(leafMinWeight(['ana', 'silva'])).toBe(8);
    expect(leafMinWeight(['pkg', '55812', 'qx'])).toBe(8);
  });

  it('one token: 8 when it mixes letters and digits, 10 with digits only, 20 with letters only', () => {
    expect(leafMinWeight(['zx81qk42'])).toBe(8);
    expect(leafMinWeight(['андрей1987'])).toBe(8);
    expect(leafMinWeight(['4471902233'])).toBe(10);
    expect(leafMinWeight(['bernadette'])).toBe(20);
    expect(leafMinWeight(['上'])).toBe(20);
  });

  it('a token holding a Han ideograph is never an identifier', () => {
    expect(leafMinWeight(['a上1'])).toBe(10);
  });
});

describe('probeHashes leaves no raw text behind', () => {
  it('wipes the bytes of the text it scanned from the shared scratch buffer', () => {
    const text = 'Order 88QX7741K ships to Alice Chen';
    probeHashes(text, saltSeed('wipe'), () => false);
    const scratch = asciiBytes('') as Uint8Array;
    expect([...scratch.subarray(0, text.length)].every((b) => b === 0)).toBe(true);
  });
});
