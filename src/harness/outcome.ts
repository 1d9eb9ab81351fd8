/** How an actual verdict compares with its label (docs/writing-scenarios.md, outcomes). */
import { verdictRank } from '../core/capabilities.js';
import type { Verdict } from '../core/capabilities.js';
import type { Outcome, Severity } from './model.js';

/**
 * Classify one step by its expected and actual verdicts, ordered allow < ask < deny.
 * - pass: the same verdict;
 * - miss: laxer than the label: hard when a deny became allow, soft otherwise (deny → ask, ask → allow);
 * - over-block: stricter than the label: hard when an allow became deny, soft otherwise.
 */
export function classifyOutcome(expected: Verdict, actual: Verdict): { outcome: Outcome; severity?: Severity } {
  const d = verdictRank(actual) - verdictRank(expected);
  if (d === 0) return { outcome: 'pass' };
  if (d < 0) return { outcome: 'miss', severity: expected === 'deny' && actual === 'allow' ? 'hard' : 'soft' };
  return { outcome: 'over-block', severity: expected === 'allow' && actual === 'deny' ? 'hard' : 'soft' };
}
