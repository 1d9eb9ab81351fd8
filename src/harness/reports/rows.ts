/** What several renderers share: the per-set count columns and the judged steps in run order. Pure. */
import type { Outcome, RunResults, ScenarioResult, StepResult, Totals } from '../model.js';
import type { Align } from './cells.js';

/** The count columns of the console table and of summary.md's per-set table. */
export const COUNT_HEAD = [
  'set',
  'scenarios',
  'steps',
  'pass',
  'lucky',
  'miss hard',
  'miss soft',
  'over-block hard',
  'over-block soft',
  'race',
  'error',
  'pairs passed/total',
  'collapsed',
] as const;

/** The set name left, the numbers right. */
export const COUNT_ALIGN: readonly Align[] = COUNT_HEAD.map((_, i) => (i === 0 ? 'left' : 'right'));

/** One row of {@link COUNT_HEAD}. */
export function countCells(label: string, t: Totals): string[] {
  return [
    label,
    String(t.scenarios),
    String(t.steps),
    String(t.pass),
    String(t.luckyPass),
    String(t.missHard),
    String(t.missSoft),
    String(t.overBlockHard),
    String(t.overBlockSoft),
    String(t.race),
    String(t.error),
    `${t.pairsPassed}/${t.pairs}`,
    String(t.pairsCollapsed),
  ];
}

/** Every row of the per-set table: one per set in the runner's order, then the total. */
export function countRows(results: RunResults): string[][] {
  return [...results.sets.map((s) => countCells(s.set, s.totals)), countCells('total', results.totals)];
}

/** One step together with the scenario run it belongs to. */
export interface JudgedStep {
  readonly scenario: ScenarioResult;
  readonly step: StepResult;
}

/** The steps whose outcome is one of `outcomes`, in run order (scenarios as the runner lists them, steps in execution order). */
export function stepsWithOutcome(results: RunResults, outcomes: readonly Outcome[]): JudgedStep[] {
  const out: JudgedStep[] = [];
  for (const scenario of results.scenarios) {
    for (const step of scenario.steps) if (outcomes.includes(step.outcome)) out.push({ scenario, step });
  }
  return out;
}

/** The outcomes that fail a step (a lucky pass has the right verdict and does not). */
export const FAILING_OUTCOMES: readonly Outcome[] = ['miss', 'over-block', 'race', 'error'];

/** `file:line` of a step. */
export function location(j: JudgedStep): string {
  return `${j.scenario.file}:${j.step.line}`;
}

/** The actual verdict, or `none` when there is none (the guard threw or timed out). */
export function actualText(step: StepResult): string {
  return step.actual ?? 'none';
}

/** `miss hard`, `over-block soft`, `race`, ...: a step's outcome and severity. */
export function outcomeKind(step: StepResult): string {
  return step.severity === undefined ? step.outcome : `${step.outcome} ${step.severity}`;
}

/** {@link outcomeKind}, and for a repeated step how many of its iterations came out so: `miss hard in 2 of 1000 iterations, first at …`. */
export function outcomeText(step: StepResult): string {
  const text = outcomeKind(step);
  return step.repeat === undefined ? text : `${text} ${iterationsText(step)}`;
}

/** For a repeated step, how often it came out so and the iteration shown: `in 2 of 1000 iterations, first at …`; else empty. */
export function iterationsText(step: StepResult): string {
  const r = step.repeat;
  return r === undefined ? '' : `in ${r.outcomes[step.outcome] ?? 0} of ${r.iterations} iterations, first at ${r.worst}`;
}

/** The arguments of {@link ReportContext.replayCommand} for a step's scenario run (a race's order included). */
export function replayTarget(j: JudgedStep): { id: string; file: string; mode: string; order?: string } {
  const base = { id: j.scenario.id, file: j.scenario.file, mode: j.scenario.mode };
  return j.step.interleaving ? { ...base, order: `${j.step.interleaving.batch}=${j.step.interleaving.order}` } : base;
}
