import { describe, expect, it } from 'vitest';
import { BUILTIN_DETECTORS } from '../../src/core/detectors.js';

describe('the AWS key id pre-check on a long ASCII text', () => {
  const quick = (v: string): boolean | undefined => BUILTIN_DETECTORS.find((d) => d.id === 'secret.aws-access-key-id')?.quick?.(v, 'note');
  const pad = ' '.repeat(64);

  it('counts a run of capitals and digits from its first character, whatever word characters came before', () => {
    // A lowercase letter, `_` or `-` is a word character but not one of the run's: the run starts after it.
    for (const before of ['a', 'abc', 'x_-', 'build-', '_', 'z9']) {
      const nineteen = `${pad}${before}${'Z'.repeat(19)} end`;
      const twenty = `${pad}${before}${'Z'.repeat(20)} end`;
      expect(quick(nineteen), JSON.stringify(before)).toBe(/[A-Z0-9]{20}/u.test(nineteen));
      expect(quick(twenty), JSON.stringify(before)).toBe(true);
    }
  });

  it('stays closed for a text of lowercase words and 19-character capital runs', () => {
    const text = `${pad}${Array.from({ length: 12 }, (_, i) => `${'q'.repeat(1 + (i % 3))}${'K7'.repeat(9)}Q`).join('')}`;
    expect(/[A-Z0-9]{20}/u.test(text)).toBe(false);
    expect(quick(text)).toBe(false);
  });
});
