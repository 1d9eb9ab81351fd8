import { describe, expect, it } from 'vitest';
import { ibanValid } from '../../src/core/detectors.js';

describe('ibanValid: the IBAN shape comes before the length and the checksum', () => {
  // Each string below has its country's length and a mod-97 remainder of 1, so only the shape
  // (two letters, two check digits, then letters and digits) can reject it.
  it.each([
    ['DEAB370400440532010076', 'letters where the check digits go'],
    ['DE103704-0044-0532-013', 'dashes between the groups'],
  ])('rejects %s (%s)', (s) => {
    expect(ibanValid(s)).toBe(false);
  });

  it('accepts the well-formed registry example', () => {
    expect(ibanValid('DE89370400440532013000')).toBe(true);
  });
});
