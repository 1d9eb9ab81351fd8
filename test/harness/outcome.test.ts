import { describe, expect, it } from 'vitest';
import { VERDICTS } from '../../src/core/capabilities.js';
import { classifyOutcome } from '../../src/harness/outcome.js';

describe('classifyOutcome: exhaustive over expected × actual', () => {
  // The outcome table of the scenario format, written out cell by cell.
  const TABLE = {
    allow: { allow: 'pass', ask: 'over-block soft', deny: 'over-block hard' },
    ask: { allow: 'miss soft', ask: 'pass', deny: 'over-block soft' },
    deny: { allow: 'miss hard', ask: 'miss soft', deny: 'pass' },
  } as const;
  for (const expected of VERDICTS) {
    for (const actual of VERDICTS) {
      it(`${expected} → ${actual}: ${TABLE[expected][actual]}`, () => {
        const r = classifyOutcome(expected, actual);
        expect([r.outcome, r.severity].filter(Boolean).join(' ')).toBe(TABLE[expected][actual]);
      });
    }
  }
});
