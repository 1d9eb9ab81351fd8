/**
 * `discount` outside an explanation: nothing is collected, and nothing breaks.
 */
import { describe, expect, it } from 'vitest';
import { collectDiscounts, discount, explaining } from '../../src/core/classifier-discounts.js';

describe('discount when nobody collects', () => {
  it('does nothing, and leaves nothing for a later collection', () => {
    expect(explaining()).toBe(false);
    expect(() => discount('negation', 'description', undefined, 'send', 'not')).not.toThrow();
    const { value, discounts } = collectDiscounts(() => 1);
    expect(value).toBe(1);
    expect(discounts).toEqual([]);
  });
});
