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

/**
 * How bad an outcome is, worst highest: a repeated step reports its worst iteration, and the gate's
 * baseline keeps a written step's worst outcome, by this order.
 */
export const OUTCOME_SEVERITY: Readonly<Record<Outcome, number>> = { pass: 0, fixed: 1, 'lucky-pass': 2, known: 3, 'over-block': 4, miss: 5, race: 6, error: 7 };

/** Whether step outcome `a` is worse than `b`: a worse outcome, or the same one hard where `b` is soft. */
export function worseOutcome(a: { outcome: Outcome; severity?: Severity }, b: { outcome: Outcome; severity?: Severity }): boolean {
  const d = OUTCOME_SEVERITY[a.outcome] - OUTCOME_SEVERITY[b.outcome];
  return d > 0 || (d === 0 && a.severity === 'hard' && b.severity === 'soft');
}
