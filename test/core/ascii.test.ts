import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { asciiBytes } from '../../src/core/ascii.js';
import { RULE_GROUPS } from '../../src/core/command.js';
import { scanArgs } from '../../src/core/detectors.js';
import { probeHashes, saltSeed } from '../../src/core/fingerprint.js';
import { literalScanner } from '../../src/core/literals.js';

describe('asciiBytes', () => {
  it('gives the bytes of ASCII text and nothing for any other text (seed 77)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 3000 }), (text) => {
        const bytes = asciiBytes(text);
        const isAscii = [...text].every((ch) => (ch.codePointAt(0) as number) < 128);
        expect(bytes !== undefined, JSON.stringify(text)).toBe(isAscii);
        if (bytes !== undefined) expect(String.fromCharCode(...bytes.subarray(0, text.length))).toBe(text);
      }),
      { seed: 77, numRuns: 300 },
    );
  });
  it('tells a lone surrogate, a pair and a character of two bytes from ASCII', () => {
    for (const t of ['\ud800', 'ab\udc00', '😀', 'é', `${'a'.repeat(5000)}\u0080`]) expect(asciiBytes(t)).toBeUndefined();
    expect([...(asciiBytes("\u007f\u0000") ?? new Uint8Array(0)).subarray(0, 2)]).toEqual([127, 0]);
  });
  it('grows for a longer text and stays right for a shorter one after it', () => {
    expect(asciiBytes('x'.repeat(70_000))?.length).toBeGreaterThanOrEqual(70_000);
    expect(String.fromCharCode(...(asciiBytes("hello") ?? new Uint8Array(0)).subarray(0, 5))).toBe('hello');
  });
  it('holds no raw text after a fingerprint probe, a detector scan or a literal scan has read it', () => {
    const secret = `token=${'ghp_aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3z5A '.repeat(40)}`;
    const wiped = (): boolean => (asciiBytes('') ?? new Uint8Array(1)).subarray(0, secret.length).every((b) => b === 0);
    probeHashes(secret, saltSeed('s'), () => false);
    expect(wiped()).toBe(true);
    expect(scanArgs({ body: secret }).map((f) => f.detector)).toContain('secret.github-token');
    expect(wiped()).toBe(true);
    literalScanner(RULE_GROUPS.map((g) => g.words)).scan(secret);
    expect(wiped()).toBe(true);
    // The check itself can fail: a copy left in place is seen.
    asciiBytes(secret);
    expect(wiped()).toBe(false);
  });
});
