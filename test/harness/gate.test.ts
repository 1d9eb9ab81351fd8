/** The regression gate: every baseline × current outcome, budgets, the floor, added and removed runs. */
import { describe, expect, it } from 'vitest';
import { baselineProblem, classifyStep, compareToBaseline, naturalCompare, renderBaseline, toBaseline } from '../../src/harness/gate.js';
import type { BaselineOutcome, ChangeKind, GatePolicy } from '../../src/harness/gate.js';
import type { Outcome, RunResults, ScenarioResult, StepResult } from '../../src/harness/model.js';
import { totals } from '../../src/harness/runner.js';

const OUTCOMES: readonly Outcome[] = ['pass', 'lucky-pass', 'miss', 'over-block', 'race', 'error'];
const NONE: GatePolicy = { minPassRate: 0, overBlockBudget: {} };

function step(path: string, outcome: Outcome): StepResult {
  return { index: 0, path, line: 7, col: 5, session: 'main', call: 't', expected: 'ask', actual: 'ask', outcome, rule: null, rules: [] };
}
function run(id: string, steps: StepResult[], mode: ScenarioResult['mode'] = 'balanced'): ScenarioResult {
  const bad = steps.some((s) => s.outcome !== 'pass' && s.outcome !== 'lucky-pass');
  return { id, file: `${id.split('/')[0]}/f.yaml`, line: 3, set: id.split('/')[0] as string, mode, status: bad ? 'fail' : 'pass', steps };
}
function results(runs: ScenarioResult[]): RunResults {
  return { schema: 'guard-eval/results@2', guard: 'builtin', totals: totals(runs, []), sets: [], scenarios: runs, pairs: [] };
}

/** The table the gate must follow, written out independently of the implementation. */
function expected(was: BaselineOutcome | undefined, now: Outcome): ChangeKind | undefined {
  const failing = (o: Outcome | undefined): boolean => o === 'miss' || o === 'over-block' || o === 'race' || o === 'error';
  if (failing(now) && was !== now) return ({ miss: 'new-miss', 'over-block': 'new-over-block', race: 'new-race', error: 'new-error' } as const)[now as 'miss'];
  if (failing(was) && !failing(now)) return 'fixed';
  return undefined;
}

describe('the gate, step by step', () => {
  it.each([undefined, ...OUTCOMES].flatMap((was) => OUTCOMES.map((now) => [was ?? 'absent', now] as const)))('baseline %s → now %s', (wasText, now) => {
    const was = wasText === 'absent' ? undefined : wasText;
    const kind = expected(was, now);
    expect(classifyStep(was, now)).toBe(kind);
    // Through the whole comparison: a baseline with the step (or without it), the run with it.
    const base = toBaseline(results([run('set-1/a', was === undefined ? [step('steps[0]', 'pass')] : [step('steps[0]', 'pass'), step('steps[1]', was)])]));
    const report = compareToBaseline(base, results([run('set-1/a', [step('steps[0]', 'pass'), step('steps[1]', now)])]), NONE);
    expect(report.changes.map((c) => c.kind)).toEqual(kind === undefined ? [] : [kind]);
    expect(report.passed).toBe(kind === undefined || kind === 'fixed');
  });
});

describe('the gate, run by run', () => {
  const base = toBaseline(results([run('set-1/a', [step('steps[0]', 'pass')]), run('set-2/b', [step('steps[0]', 'miss')])]));

  it('reports added and removed runs and steps; a new run’s failures are new', () => {
    const r = compareToBaseline(base, results([run('set-1/a', [step('steps[1]', 'pass')]), run('set-3/c', [step('steps[0]', 'over-block')])]), NONE);
    expect(r.changes.map((c) => [c.kind, c.run, c.step ?? null])).toEqual([
      ['removed', 'set-1/a [balanced]', 'steps[0]'],
      ['added', 'set-3/c [balanced]', null],
      ['new-over-block', 'set-3/c [balanced]', 'steps[0]'],
      ['removed', 'set-2/b [balanced]', null],
    ]);
    expect(r.passed).toBe(false);
    // A partial run (a filter or a shard) does not report the runs it did not hold.
    expect(compareToBaseline(base, results([run('set-1/a', [step('steps[0]', 'pass')])]), NONE, true).changes).toEqual([]);
  });

  it('a known failure does not fail the gate again, but the floor counts it', () => {
    const same = results([run('set-1/a', [step('steps[0]', 'pass')]), run('set-2/b', [step('steps[0]', 'miss')])]);
    expect(compareToBaseline(base, same, NONE).passed).toBe(true);
    const floor = compareToBaseline(base, same, { minPassRate: 1, overBlockBudget: {} });
    expect(floor.passed).toBe(false);
    expect(floor.reasons).toEqual(['pass rate 50.0% is below the floor of 100.0%']);
  });

  it('new over-blocks within their set budget are reported, not failing', () => {
    const now = results([run('set-1/a', [step('steps[0]', 'over-block'), step('steps[1]', 'over-block')]), run('set-2/b', [step('steps[0]', 'miss')])]);
    const one = compareToBaseline(base, now, { minPassRate: 0, overBlockBudget: { 'set-1': 1 } });
    expect(one.changes.filter((c) => c.kind === 'new-over-block').map((c) => c.withinBudget ?? false)).toEqual([true, false]);
    expect(one.reasons).toEqual(['1 new over-block beyond the set budgets']);
    expect(compareToBaseline(base, now, { minPassRate: 0, overBlockBudget: { 'set-1': 2 } }).passed).toBe(true);
    // A budget of another set does not help.
    expect(compareToBaseline(base, now, { minPassRate: 0, overBlockBudget: { 'set-2': 5 } }).passed).toBe(false);
  });
});

describe('the baseline file', () => {
  it('is one written step per line, in natural order, the worst iteration of a repeat', () => {
    const reps = Array.from({ length: 12 }, (_, i) => step(`steps[1].repeat[${i}].steps[0]`, i === 9 ? 'miss' : 'pass'));
    const b = toBaseline(results([run('set-1/z', [step('steps[10]', 'pass'), step('steps[2]', 'lucky-pass'), ...reps])]));
    expect(Object.keys(b.runs['set-1/z [balanced]']?.steps ?? {})).toEqual(['steps[1].repeat.steps[0]', 'steps[2]', 'steps[10]']);
    expect(b.runs['set-1/z [balanced]']?.steps['steps[1].repeat.steps[0]']).toBe('miss');
    const text = renderBaseline(b);
    expect(text).toContain('\n        "steps[2]": "lucky-pass",\n');
    expect(text.endsWith('}\n')).toBe(true);
    expect(baselineProblem(JSON.parse(text))).toBeUndefined();
  });

  it('names what is wrong with a file that is not a baseline', () => {
    expect(baselineProblem([])).toBe('expected a JSON object');
    expect(baselineProblem({ schema: 'x' })).toContain('expected `schema: "guard-eval/baseline@1"`');
    expect(baselineProblem({ schema: 'guard-eval/baseline@1', guard: 'g', runs: { r: { file: 'f', line: 1, set: 's', steps: { 'steps[0]': 'meh' } } } })).toBe('run `r`, step `steps[0]`: unknown outcome "meh"');
  });

  it('sorts numbers as numbers', () => {
    expect(['steps[10]', 'steps[9]', 'steps[1].repeat', 'a [strict]', 'a [balanced]'].sort(naturalCompare)).toEqual(['a [balanced]', 'a [strict]', 'steps[1].repeat', 'steps[9]', 'steps[10]']);
    expect(naturalCompare('x007', 'x7')).toBeGreaterThan(0);
    expect(naturalCompare('x99999999999999999999', 'x100000000000000000000')).toBeLessThan(0);
  });
});
