/**
 * The challenge sets: they load with consistent manifests, the built-in guard passes every one,
 * each baseline guard fails the sets its shortcut predicts and in the way it predicts (a constant
 * guard step by step against the labels), the coverage floor holds, and the README's comparison
 * table is the one `guard-eval compare` generates.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readBaseline } from '../src/cli/gate.js';
import { compare, renderComparisonMarkdown } from '../src/harness/compare.js';
import { compareToBaseline } from '../src/harness/gate.js';
import { badBoundaryTags, belowFloor, coverage } from '../src/harness/coverage.js';
import type { Verdict } from '../src/core/capabilities.js';
import { GUARDS, GUARD_NAMES } from '../src/harness/guards.js';
import type { RunResults, Scenario } from '../src/harness/model.js';
import { runScenarios } from '../src/harness/runner.js';
import { loadSets } from './load-sets.js';
import { formatIssue } from '../src/io/errors.js';
import { specReadingsHeld } from '../src/core/spec-reading.js';
import { loadProjectConfig } from '../src/io/project-config.js';

const ROOT = 'challenge-sets';
const SET_DIRS = readdirSync(ROOT)
  .filter((d) => statSync(join(ROOT, d)).isDirectory())
  .sort();
/** The baselines of the registry: every guard but the built-in one and its racy variant. */
const BASELINES = GUARD_NAMES.filter((g) => g !== 'builtin' && g !== 'racy');

let scenarios: Scenario[] = [];
const runs = new Map<string, RunResults>();
/** Per guard, the tool specs its run over the sets classified that the process did not hold already. */
const readingsMade = new Map<string, number>();

beforeAll(async () => {
  const loaded = await loadSets([ROOT]);
  if (!loaded.ok) throw new Error(loaded.issues.map(formatIssue).join('\n'));
  scenarios = loaded.scenarios;
  for (const name of GUARD_NAMES) {
    const before = specReadingsHeld().made;
    runs.set(name, await runScenarios(scenarios, { guard: GUARDS[name]() }));
    readingsMade.set(name, specReadingsHeld().made - before);
  }
}, 600_000);

/** The outcome of answering `actual` to a step labelled `expected`: laxer is a miss, stricter an over-block. */
function strictnessOutcome(expected: Verdict, actual: Verdict): 'pass' | 'miss' | 'over-block' {
  const rank = { allow: 0, ask: 1, deny: 2 } as const;
  return rank[actual] < rank[expected] ? 'miss' : rank[actual] > rank[expected] ? 'over-block' : 'pass';
}

const failingSets = (r: RunResults): string[] => [...new Set(r.scenarios.filter((s) => s.status !== 'pass').map((s) => s.set))].sort();

describe('challenge sets', () => {
  it('are the set folders found, each with a README and a manifest of its id', () => {
    expect(SET_DIRS.length).toBeGreaterThanOrEqual(6);
    for (const d of SET_DIRS) {
      expect(d).toMatch(/^set-[1-9][0-9]*-[a-z0-9-]+$/);
      expect(readFileSync(join(ROOT, d, 'README.md'), 'utf8')).toMatch(/^# /);
      // The loader checks each manifest's count and set id against its folder (beforeAll would have thrown).
      expect(readFileSync(join(ROOT, d, 'manifest.yaml'), 'utf8')).toMatch(new RegExp(`^id: ${d.split('-').slice(0, 2).join('-')}$`, 'm'));
    }
  });

  it('hold at least 400 scenarios and at least 60 tension pairs', () => {
    expect(scenarios.length).toBeGreaterThanOrEqual(400);
    const pairs = new Set(scenarios.filter((s) => s.set === 'set-6' && s.pair !== undefined).map((s) => s.pair));
    expect(pairs.size).toBeGreaterThanOrEqual(60);
  });

  it('pass with the built-in guard: every step, no lucky pass, no race', () => {
    const r = runs.get('builtin') as RunResults;
    const failing = r.scenarios.filter((s) => s.status !== 'pass').map((s) => `${s.file}:${s.line} ${s.id} [${s.mode}]: ${s.steps.filter((x) => x.outcome !== 'pass').map((x) => `${x.path} ${x.outcome} ${x.detail ?? ''}`).join('; ')}`);
    expect(failing).toEqual([]);
    expect(r.totals.luckyPass).toBe(0);
    expect(r.totals.pairsPassed).toBe(r.totals.pairs);
  });

  it('tell every baseline guard apart from the built-in one, each in the sets its shortcut predicts', () => {
    expect(BASELINES).toEqual(['allow-all', 'deny-all', 'ask-all', 'memoryless', 'order-blind', 'window-12']);
    const all = SET_DIRS.map((d) => d.split('-').slice(0, 2).join('-'));
    expect(failingSets(runs.get('memoryless') as RunResults)).toEqual(all);
    // Reordering only matters where a private read comes before an ingestion, and then a transition.
    expect(failingSets(runs.get('order-blind') as RunResults)).toEqual(['set-2', 'set-4', 'set-5', 'set-6']);
    // No classification scenario needs more than 12 events of history.
    expect(failingSets(runs.get('window-12') as RunResults)).toEqual(all.filter((s) => s !== 'set-1'));
  });

  it.each(['allow-all', 'deny-all', 'ask-all'] as const)('judge %s step by step as its one verdict against each label', (name) => {
    const v = ({ 'allow-all': 'allow', 'deny-all': 'deny', 'ask-all': 'ask' } as const)[name];
    const builtin = runs.get('builtin') as RunResults;
    const r = runs.get(name) as RunResults;
    expect(r.scenarios.map((s) => `${s.id} ${s.mode}`)).toEqual(builtin.scenarios.map((s) => `${s.id} ${s.mode}`));
    const wrong: string[] = [];
    const sets = new Set<string>();
    r.scenarios.forEach((run, i) => {
      const labelled = (builtin.scenarios[i] as RunResults['scenarios'][number]).steps;
      expect(run.steps.map((x) => x.path)).toEqual(labelled.map((x) => x.path));
      run.steps.forEach((x, k) => {
        const want = strictnessOutcome((labelled[k] as { expected: Verdict }).expected, v);
        if (x.actual !== v || x.outcome !== want) wrong.push(`${run.id} [${run.mode}] ${x.path}: ${x.actual} ${x.outcome}, expected ${v} ${want}`);
        if (want !== 'pass') sets.add(run.set);
      });
    });
    expect(wrong.slice(0, 5)).toEqual([]);
    expect(failingSets(r)).toEqual([...sets].sort());
  });

  it('see memoryless never stricter, order-blind never laxer, than the built-in guard', () => {
    const builtin = runs.get('builtin') as RunResults;
    const rank = { allow: 0, ask: 1, deny: 2 } as const;
    const compareTo = (name: string, bad: (guard: number, builtin: number) => boolean): string[] => {
      const out: string[] = [];
      (runs.get(name) as RunResults).scenarios.forEach((run, i) =>
        run.steps.forEach((x, k) => {
          const b = builtin.scenarios[i]?.steps[k];
          if (x.actual !== null && b?.actual != null && bad(rank[x.actual], rank[b.actual])) out.push(`${run.id} ${x.path}`);
        }),
      );
      return out;
    };
    expect(compareTo('memoryless', (g, b) => g > b)).toEqual([]);
    expect(compareTo('order-blind', (g, b) => g < b)).toEqual([]);
    const outcomes = (name: string): string[] => [...new Set((runs.get(name) as RunResults).scenarios.flatMap((s) => s.steps.map((x) => x.outcome)))].sort();
    // A known gap of the built-in guard's classifier is one of its variants' too: `known`, not theirs.
    const own = (o: string): boolean => o !== 'pass' && o !== 'lucky-pass' && o !== 'known';
    expect(outcomes('memoryless').filter(own)).toEqual(['miss']);
    expect(outcomes('order-blind').filter(own)).toEqual(['over-block']);
  });

  it('see window-12 miss what it forgot in every set it fails', () => {
    const r = runs.get('window-12') as RunResults;
    const misses = [...new Set(r.scenarios.filter((s) => s.steps.some((x) => x.outcome === 'miss')).map((s) => s.set))].sort();
    expect(misses).toEqual(failingSets(r));
  });

  it('keep every reading of their tool specs from one run to the next: a second run classifies no spec short enough to keep', () => {
    // The built-in guard's run classified the sets' tools; the racy guard reads the same specs. Were
    // the sets' specs more than the readings kept, visited in turn they would all be forgotten
    // before their next use, and every run would classify every tool again (README "Bounds"; with the
    // earlier bound of 8 Mi characters, this run made 7 946 readings).
    expect(readingsMade.get('racy')).toBe(0);
  });

  it('catch the racy guard in the batch set', () => {
    expect((runs.get('racy') as RunResults).scenarios.some((s) => s.set === 'set-5' && s.steps.some((x) => x.outcome === 'race'))).toBe(true);
  });

  it('cover every reachable rule × mode × polarity with at least 3 scenarios', () => {
    expect(badBoundaryTags(scenarios).map((b) => `${b.scenario.id}: ${b.tag}`)).toEqual([]);
    expect(belowFloor(coverage(scenarios).all, 3)).toEqual([]);
  });

  it('pass the regression gate against the committed baseline, which is up to date', async () => {
    const config = await loadProjectConfig();
    const report = compareToBaseline(await readBaseline(config.gate.baseline), runs.get('builtin') as RunResults, config.gate);
    expect(report.reasons).toEqual([]);
    // Nothing added, removed or fixed either: after a reviewed change, `npm run baseline` and commit.
    expect(report.changes.map((c) => `${c.kind} ${c.run} ${c.step ?? ''}`), 'regenerate it with `npm run baseline`').toEqual([]);
  });

  it("README's comparison table is the one `guard-eval compare` prints", () => {
    const readme = readFileSync('README.md', 'utf8');
    const m = /<!-- compare:begin -->\n([\s\S]*?)\n<!-- compare:end -->/.exec(readme);
    expect(m, 'README.md has a <!-- compare:begin --> … <!-- compare:end --> section').not.toBeNull();
    const table = renderComparisonMarkdown(compare(GUARD_NAMES.map((g) => runs.get(g) as RunResults)));
    expect(m?.[1], 'regenerate it with `npm run readme`').toBe(table);
  });
});
