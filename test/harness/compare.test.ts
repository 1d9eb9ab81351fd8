/** The guard × set comparison: rates per set from run results, and the Markdown table. */
import { describe, expect, it } from 'vitest';
import { compare, comparisonTable, percent, renderComparisonMarkdown } from '../../src/harness/compare.js';
import type { RunResults, ScenarioResult, StepResult } from '../../src/harness/model.js';
import { totals } from '../../src/harness/runner.js';

function st(expected: StepResult['expected'], outcome: StepResult['outcome']): StepResult {
  return { index: 0, path: 'steps[0]', line: 1, col: 1, session: 'main', call: 't', expected, actual: null, outcome, rule: null, rules: [] };
}
function run(id: string, steps: StepResult[]): ScenarioResult {
  const bad = steps.some((s) => s.outcome !== 'pass' && s.outcome !== 'lucky-pass');
  // Each step its own written step unless the test names its path.
  const written = steps.map((s, i) => (s.path === 'steps[0]' ? { ...s, path: `steps[${i}]` } : s));
  return { id, file: 'f.yaml', line: 1, set: id.split('/')[0] as string, mode: 'balanced', status: bad ? 'fail' : 'pass', steps: written };
}
function results(guard: string, scenarios: ScenarioResult[]): RunResults {
  return { schema: 'guard-eval/results@2', guard, totals: totals(scenarios, []), sets: [], scenarios, pairs: [] };
}

describe('compare', () => {
  it('rates count the steps a guard could miss or over-block, per set and overall', () => {
    const r = results('g', [
      run('set-1/a', [st('allow', 'pass'), st('deny', 'miss'), st('ask', 'pass')]),
      run('set-2/b', [st('allow', 'over-block'), st('allow', 'miss')]), // a capabilities miss on an allow label
    ]);
    const c = compare([r]);
    expect(c.sets).toEqual(['set-1', 'set-2']);
    const [s1, s2, all] = c.rows[0]?.cells ?? [];
    expect(s1).toMatchObject({ canMiss: 2, missed: 1, canOverBlock: 2, overBlocked: 0, failed: 1, scenarios: 1 });
    expect(s2).toMatchObject({ canMiss: 1, missed: 1, canOverBlock: 2, overBlocked: 1 });
    expect(all).toMatchObject({ canMiss: 3, missed: 2, canOverBlock: 4, overBlocked: 1, failed: 2, scenarios: 2 });
    for (const cell of c.rows[0]?.cells ?? []) expect(cell.missed).toBeLessThanOrEqual(cell.canMiss);
  });

  it('renders one row per guard, in the order given', () => {
    const a = results('builtin', [run('set-1/a', [st('deny', 'pass')])]);
    const b = results('allow-all', [run('set-1/a', [st('deny', 'miss')])]);
    const t = comparisonTable(compare([a, b]));
    expect(t.head).toEqual(['guard', 'set-1', 'all', 'failed runs', 'pairs passed']);
    expect(t.rows).toEqual([
      ['builtin', '0.0% / –', '0.0% / –', '0/1', '0/0'],
      ['allow-all', '100.0% / –', '100.0% / –', '1/1', '0/0'],
    ]);
    expect(renderComparisonMarkdown(compare([a, b])).split('\n')[1]).toBe('| --- | ---: | ---: | ---: | ---: |');
    expect(percent(1, 3)).toBe('33.3%');
  });
});

describe('compare counts written steps', () => {
  it('a repeated step is one item, missed when any iteration was', () => {
    const reps = Array.from({ length: 500 }, (_, i) => ({ ...st('ask', i === 7 ? 'miss' : 'pass'), path: `steps[1].repeat[${i}].steps[0]` }));
    const r = results('g', [run('set-4/flood', [st('allow', 'pass'), ...reps, { ...st('deny', 'pass'), path: 'steps[2]' }])]);
    const [cell] = compare([r]).rows[0]?.cells ?? [];
    expect(cell).toMatchObject({ canMiss: 2, missed: 1, canOverBlock: 2, overBlocked: 0 });
  });
});
