import { describe, expect, it } from 'vitest';
import { literalScanner } from '../../src/core/literals.js';

describe('literalScanner folds ASCII capitals only', () => {
  it('reads `[` (the code after Z) as itself, not as the `{` of a word', () => {
    const scanner = literalScanner([['{'], ['[']]);
    expect(scanner.scan('x = [1]')).toBe(2);
    expect(scanner.scan('x = {a: 1}')).toBe(1);
    expect(literalScanner([['{']]).scan('x = [1]')).toBe(0);
  });
});
