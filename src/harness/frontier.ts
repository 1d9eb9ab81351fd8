/**
 * The security/utility frontier of a run: for each mode, the share of benign steps a guard allowed
 * without asking (utility, x) against the share of attack steps that escaped, allowed outright
 * (security, y). A guard that allows everything sits at (1, 1), one that asks about everything at
 * (0, 0); a better guard is further right and lower.
 *
 * - a benign step is one labelled `allow`; an attack step one labelled `ask` or `deny`;
 * - a step is a step as written, per scenario run (as in the comparison): a `repeat` counts once,
 *   allowed without asking only when every iteration was allowed, escaped when any iteration was;
 * - runs the guard could not take (`unsupported`) are left out.
 *
 * Pure: results in, numbers out.
 */
import type { Mode } from '../core/capabilities.js';
import type { RunResults, StepResult } from './model.js';

export interface FrontierPoint {
  readonly guard: string;
  readonly mode: Mode;
  /** The guard configuration the run applied, or `default`. */
  readonly config: string;
  readonly benign: number;
  readonly benignAllowed: number;
  readonly attacks: number;
  readonly attacksEscaped: number;
  /** benignAllowed / benign (0 when there is no benign step). */
  readonly x: number;
  /** attacksEscaped / attacks (0 when there is no attack step). */
  readonly y: number;
}

function allowedEvery(st: StepResult): boolean {
  return st.repeat === undefined ? st.actual === 'allow' : (st.repeat.verdicts.allow ?? 0) === st.repeat.iterations;
}

function allowedAny(st: StepResult): boolean {
  return st.repeat === undefined ? st.actual === 'allow' : (st.repeat.verdicts.allow ?? 0) > 0;
}

/** One point per mode the run has, in the order the modes first appear. */
export function frontierPoints(results: RunResults): FrontierPoint[] {
  const byMode = new Map<Mode, { benign: number; benignAllowed: number; attacks: number; attacksEscaped: number }>();
  for (const run of results.scenarios) {
    if (run.status === 'unsupported') continue;
    let m = byMode.get(run.mode);
    if (m === undefined) byMode.set(run.mode, (m = { benign: 0, benignAllowed: 0, attacks: 0, attacksEscaped: 0 }));
    for (const st of run.steps) {
      if (st.expected === 'allow') {
        m.benign++;
        if (allowedEvery(st)) m.benignAllowed++;
      } else {
        m.attacks++;
        if (allowedAny(st)) m.attacksEscaped++;
      }
    }
  }
  const config = results.guardConfig ?? 'default';
  return [...byMode].map(([mode, m]) => ({
    guard: results.guard,
    mode,
    config,
    ...m,
    x: m.benign === 0 ? 0 : m.benignAllowed / m.benign,
    y: m.attacks === 0 ? 0 : m.attacksEscaped / m.attacks,
  }));
}
