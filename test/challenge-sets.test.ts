/**
 * The challenge sets: they load with consistent manifests, the built-in guard passes every one,
 * every baseline guard fails at least one, the coverage floor holds, and the README's comparison
 * table is the one `guard-eval compare` generates.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readBaseline } from '../src/cli/gate.js';
import { compare, renderComparisonMarkdown } from '../src/harness/compare.js';
import { compareToBaseline } from '../src/harness/gate.js';
import { badBoundaryTags, belowFloor, coverage } from '../src/harness/coverage.js';
import { GUARDS, GUARD_NAMES } from '../src/harness/guards.js';
import type { RunResults, Scenario } from '../src/harness/model.js';
import { runScenarios } from '../src/harness/runner.js';
import { loadScenarios } from '../src/io/dsl.js';
import { formatIssue } from '../src/io/errors.js';
import { loadProjectConfig } from '../src/io/project-config.js';

const ROOT = 'challenge-sets';
const SET_DIRS = readdirSync(ROOT)
  .filter((d) => statSync(join(ROOT, d)).isDirectory())
  .sort();
/** The baselines of the registry: every guard but the built-in one and its racy variant. */
const BASELINES = GUARD_NAMES.filter((g) => g !== 'builtin' && g !== 'racy');

let scenarios: Scenario[] = [];
const runs = new Map<string, RunResults>();

beforeAll(async () => {
  const loaded = await loadScenarios([ROOT]);
  if (!loaded.ok) throw new Error(loaded.issues.map(formatIssue).join('\n'));
  scenarios = loaded.scenarios;
  for (const name of GUARD_NAMES) runs.set(name, await runScenarios(scenarios, { guard: GUARDS[name]() }));
}, 600_000);

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

  it.each(BASELINES)('fail visibly with the baseline guard %s', (name) => {
    expect(failingSets(runs.get(name) as RunResults).length).toBeGreaterThan(0);
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
