/** Every documented example passes with the built-in guard, in every mode it lists. */
import { describe, expect, it } from 'vitest';
import { builtinGuard } from '../src/harness/guards.js';
import { runScenarios } from '../src/harness/runner.js';
import { loadScenarios } from '../src/io/dsl.js';

describe('scenarios/examples and scenarios/regressions', () => {
  it('load without error and all pass, with no lucky pass', async () => {
    const loaded = await loadScenarios(['scenarios/examples', 'scenarios/regressions']);
    if (!loaded.ok) throw new Error(loaded.issues.map((i) => JSON.stringify(i)).join('\n'));
    expect(loaded.warnings).toEqual([]);
    const results = await runScenarios(loaded.scenarios, { guard: builtinGuard() });
    const failing = results.scenarios.filter((s) => s.status !== 'pass').map((s) => `${s.id} [${s.mode}]: ${s.steps.filter((x) => x.outcome !== 'pass').map((x) => `${x.path} ${x.outcome} ${x.detail ?? ''}`).join('; ')}`);
    expect(failing).toEqual([]);
    expect(results.totals.luckyPass).toBe(0);
    // Every step form and expect form of the scenario format appears somewhere in the examples.
    const kinds = new Set<string>();
    const visit = (steps: readonly { kind: string; steps?: unknown; calls?: unknown }[]): void => {
      for (const s of steps) {
        kinds.add(s.kind);
        for (const inner of [s.steps, s.calls]) if (Array.isArray(inner)) visit(inner);
      }
    };
    for (const s of loaded.scenarios) visit(s.steps as never);
    expect([...kinds].sort()).toEqual(['batch', 'call', 'code', 'repeat', 'session']);
    expect(results.pairs.filter((p) => p.passed).length).toBeGreaterThanOrEqual(1);
  });
});
