/**
 * `utf8Text`, the decoder of the short byte runs that base64, hex and base32 decode to: the same
 * answer as the platform's strict decoder on any bytes, valid UTF-8 or not.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { utf8Text } from '../../src/core/decode.js';

const strict = new TextDecoder('utf-8', { fatal: true });
function platform(bytes: Uint8Array): string | undefined {
  try {
    return strict.decode(bytes);
  } catch {
    return undefined;
  }
}

const encode = (s: string): Uint8Array => new TextEncoder().encode(s);
const BOM = [0xef, 0xbb, 0xbf];
/** Bytes near the edges of UTF-8: lead bytes, continuation bytes, the bytes that are never UTF-8. */
const edgeByte = fc.constantFrom(0x00, 0x41, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xed, 0xef, 0xf0, 0xf4, 0xf5, 0xff);

describe('utf8Text: what the strict platform decoder answers', () => {
  it('on random bytes, bytes near the edges, and text with bytes changed, cut or a BOM before it (seed 6101)', () => {
    const bytes = fc.oneof(
      fc.uint8Array({ maxLength: 600 }),
      fc.array(edgeByte, { maxLength: 12 }).map((xs) => Uint8Array.from(xs)),
      fc.tuple(fc.string({ unit: 'binary', maxLength: 80 }), fc.nat(), fc.integer({ min: 0, max: 255 }), fc.boolean()).map(([s, at, b, cut]) => {
        const e = encode(s);
        if (e.length === 0) return e;
        const copy = Uint8Array.from(e);
        copy[at % copy.length] = b;
        return cut ? copy.slice(0, at % copy.length) : copy;
      }),
      fc.string({ unit: 'binary', maxLength: 200 }).map((s) => Uint8Array.from([...BOM, ...encode(s)])),
    );
    fc.assert(
      fc.property(bytes, (b) => {
        expect(utf8Text(b)).toBe(platform(b));
      }),
      { seed: 6101, numRuns: 5000 },
    );
  });

  it('reads every kind of sequence, and refuses each kind of bad one', () => {
    expect(utf8Text(encode('a é € 𝄞'))).toBe('a é € 𝄞');
    expect(utf8Text(Uint8Array.from([...BOM, 0x61]))).toBe('a');
    // Only a leading BOM is dropped.
    expect(utf8Text(Uint8Array.from([0x61, ...BOM]))).toBe('a\uFEFF');
    expect(utf8Text(encode('\uFFFD'))).toBe('\uFFFD');
    for (const bad of [[0x80], [0xc1, 0xbf], [0xe0, 0x9f, 0x80], [0xed, 0xa0, 0x80], [0xf0, 0x8f, 0x80, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xf5, 0x80, 0x80, 0x80], [0xe2, 0x82], [0xc3, 0x41]]) {
      expect(utf8Text(Uint8Array.from(bad)), bad.map((x) => x.toString(16)).join(' ')).toBeUndefined();
    }
  });

  it('hands a long input to the platform decoder, with the same answer', () => {
    const long = encode('é'.repeat(400));
    expect(long.length).toBeGreaterThan(512);
    expect(utf8Text(long)).toBe('é'.repeat(400));
    expect(utf8Text(Uint8Array.from([...long, 0xff]))).toBeUndefined();
  });
});
