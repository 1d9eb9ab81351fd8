import { describe, expect, it } from 'vitest';
import { asciiBytes } from '../../src/core/ascii.js';
import { BUILTIN_DETECTORS } from '../../src/core/detectors.js';

describe("the detectors' pre-checks wipe what they read", () => {
  it('leaves no character of a long ASCII text in the shared scratch buffer, the first one included', () => {
    const text = `Zq ${'ordinary words of a long note '.repeat(3)}AKIA`;
    expect(text.length).toBeGreaterThanOrEqual(64);
    const quick = BUILTIN_DETECTORS.find((d) => d.id === 'secret.aws-access-key-id')?.quick;
    expect(quick).toBeDefined();
    quick?.(text, 'note');
    const scratch = asciiBytes('') as Uint8Array;
    expect(Array.from(scratch.subarray(0, text.length))).toEqual(new Array(text.length).fill(0));
  });
});
