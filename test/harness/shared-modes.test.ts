/**
 * A scenario's modes that execute the same calls run in one pass when the guard decides for several
 * modes at once (`decideModes`): the results must be exactly those of one pass per mode. Checked on
 * hand-built scenarios (how modes are grouped) and on the challenge sets' scenarios that run in
 * more than one mode, against the built-in guard and against the racy variant (whose races each
 * mode must find, and report, as if run alone).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Verdict } from '../../src/core/capabilities.js';
import { builtinGuard } from '../../src/harness/guards.js';
import type { GuardUnderTest } from '../../src/harness/guards.js';
import { forEachCall } from '../../src/harness/model.js';
import type { CallStep, Scenario, Step } from '../../src/harness/model.js';
import { runModes, runScenarios, sharedModes } from '../../src/harness/runner.js';
import type { RunResults } from '../../src/harness/model.js';
import { formatIssue } from '../../src/io/errors.js';
import { loadSets } from '../load-sets.js';

/** The first result that differs between two runs, as both wrote it; undefined when the runs are byte-identical. */
function firstDifference(a: RunResults, b: RunResults): { readonly together: string; readonly apart: string } | undefined {
  const i = a.scenarios.findIndex((r, k) => JSON.stringify(r) !== JSON.stringify(b.scenarios[k]));
  if (i >= 0) return { together: JSON.stringify(a.scenarios[i]), apart: JSON.stringify(b.scenarios[i]) };
  if (a.scenarios.length !== b.scenarios.length || JSON.stringify(a) !== JSON.stringify(b)) return { together: JSON.stringify(a.totals), apart: JSON.stringify(b.totals) };
  return undefined;
}

/** The same guard, but one that decides one mode at a time: the runner makes one pass per mode. */
function oneModeAtATime(g: GuardUnderTest): GuardUnderTest {
  return {
    name: g.name,
    ...(g.features !== undefined ? { features: g.features } : {}),
    ...(g.variantOf !== undefined ? { variantOf: g.variantOf } : {}),
    newSession: (c) => g.newSession(c),
    decide: (s, c) => g.decide(s, c),
    record: (s, r, o) => g.record(s, r, o),
    endSession: (s) => g.endSession(s),
    close: () => g.close(),
  };
}

const LOC = { file: 'test.yaml', line: 1, col: 1 };
function byMode(tool: string, verdicts: Partial<Record<'permissive' | 'balanced' | 'strict', Verdict>>, on_ask: 'approve' | 'reject' = 'approve'): CallStep {
  const byMode = Object.fromEntries(Object.entries(verdicts).map(([m, v]) => [m, { verdict: v }]));
  return { kind: 'call', loc: LOC, path: 'steps[0]', call: tool, unknown: false, args: {}, from: [], expect: { kind: 'by-mode', byMode }, on_ask };
}
function scenario(steps: Step[]): Scenario {
  return { id: 'set-2/x', set: 'set-2', loc: LOC, tags: [], guard: {}, tools: { fetch_url: { name: 'fetch_url', description: 'Fetch a web page' } }, steps, modes: [] } as unknown as Scenario;
}

describe('which modes run together', () => {
  it('modes whose labels execute the same calls, in the order the modes came', () => {
    // allow and approved ask execute; deny and a rejected ask do not.
    const s = scenario([byMode('fetch_url', { permissive: 'allow', balanced: 'ask', strict: 'deny' })]);
    expect(sharedModes(s, ['permissive', 'balanced', 'strict'])).toEqual([['permissive', 'balanced'], ['strict']]);
    const rejected = scenario([byMode('fetch_url', { permissive: 'allow', balanced: 'ask', strict: 'deny' }, 'reject')]);
    expect(sharedModes(rejected, ['permissive', 'balanced', 'strict'])).toEqual([['permissive'], ['balanced', 'strict']]);
    const two = scenario([byMode('fetch_url', { balanced: 'ask', strict: 'deny' }), byMode('fetch_url', { balanced: 'allow', strict: 'allow' })]);
    expect(sharedModes(two, ['balanced', 'strict'])).toEqual([['balanced'], ['strict']]);
  });

  it('a mode some call has no label for runs alone', () => {
    const s = scenario([byMode('fetch_url', { balanced: 'allow', strict: 'allow' }), byMode('fetch_url', { balanced: 'allow' })]);
    expect(sharedModes(s, ['balanced', 'strict'])).toEqual([['balanced'], ['strict']]);
  });
});

describe('a guard whose decideModes answers wrong', () => {
  const s = scenario([byMode('fetch_url', { balanced: 'allow', strict: 'allow' })]);
  const fake = (decideModes: NonNullable<GuardUnderTest['decideModes']>): GuardUnderTest => ({
    ...builtinGuard(),
    name: 'fake',
    decideModes,
  });
  it('too few decisions: an error in every mode, never a verdict', async () => {
    const r = await runScenarios([s], { guard: fake(async () => [{ verdict: 'allow' }]) });
    expect(r.scenarios.map((x) => [x.mode, x.steps[0]?.outcome, x.steps[0]?.detail])).toEqual([
      ['balanced', 'error', 'the guard answered 1 decisions for 2 modes'],
      ['strict', 'error', 'the guard answered 1 decisions for 2 modes'],
    ]);
  });
  it('a decision that is none: an error in its own mode only; a throw: an error in every mode', async () => {
    const bad = await runScenarios([s], { guard: fake(async () => [{ verdict: 'allow' }, { verdict: 'maybe' } as never]) });
    expect(bad.scenarios.map((x) => x.steps[0]?.outcome)).toEqual(['pass', 'error']);
    expect(bad.scenarios[1]?.steps[0]?.detail).toMatch(/a verdict that is not allow, ask or deny/);
    const threw = await runScenarios([s], { guard: fake(async () => { throw new Error('boom'); }) });
    expect(threw.scenarios.map((x) => x.steps[0]?.detail)).toEqual(['the guard threw: boom', 'the guard threw: boom']);
  });
});

describe('a guard made from the built-in one by a spread, or whose decide is replaced', () => {
  it('is asked one mode at a time, through its own decide, when decide is replaced on it or on one made from it', async () => {
    const s = scenario([byMode('fetch_url', { balanced: 'allow', strict: 'allow' })]);
    const patched = builtinGuard();
    const asked: string[] = [];
    const inner = patched.decide;
    patched.decide = async (h, c) => (asked.push('patched'), inner(h, c));
    expect(patched.decideModes).toBeUndefined();
    await runScenarios([s], { guard: patched });
    const derived = Object.create(builtinGuard()) as GuardUnderTest & { decide: GuardUnderTest['decide'] };
    const base = Object.getPrototypeOf(derived) as GuardUnderTest;
    derived.decide = async (h, c) => (asked.push('derived'), base.decide(h, c));
    expect(derived.decideModes).toBeUndefined();
    await runScenarios([s], { guard: derived });
    expect(asked).toEqual(['patched', 'patched', 'derived', 'derived']);
    // The guard itself, untouched, still decides every mode at once.
    expect(typeof builtinGuard().decideModes).toBe('function');
  });

  it('is asked one mode at a time, through its own decide', async () => {
    const s = scenario([byMode('fetch_url', { balanced: 'allow', strict: 'allow' })]);
    const asked: string[] = [];
    const inner = builtinGuard();
    const spread: GuardUnderTest = { ...inner, name: 'spread', decide: async (h, c) => (asked.push(c.tool), inner.decide(h, c)) };
    expect(spread.decideModes).toBeUndefined();
    await runScenarios([s], { guard: spread });
    expect(asked).toEqual(['fetch_url', 'fetch_url']);
  });
});

describe('the sets’ scenarios of several modes give the same results in one pass as in one pass per mode', () => {
  let several: Scenario[] = [];
  beforeAll(async () => {
    const loaded = await loadSets(['challenge-sets', 'scenarios/regressions']);
    if (!loaded.ok) throw new Error(loaded.issues.map(formatIssue).join('\n'));
    several = loaded.scenarios.filter((s) => runModes(s).length > 1);
  }, 120_000);

  it('finds scenarios of several modes whose modes run together, with batches among them', () => {
    const together = several.filter((s) => sharedModes(s, runModes(s)).some((g) => g.length > 1));
    expect(together.length).toBeGreaterThan(500);
    expect(together.some((s) => s.steps.some((st) => st.kind === 'batch'))).toBe(true);
    let asked = 0;
    for (const s of together) forEachCall(s.steps, (c) => (asked += c.expect.kind === 'by-mode' ? 1 : 0));
    expect(asked).toBeGreaterThan(1000);
  });

  it('the built-in guard', async () => {
    const g = builtinGuard();
    expect(g.decideModes).toBeDefined();
    // Every scenario with a batch, a Code Mode call or a repeat, and every third of the others.
    const nested = (s: Scenario): boolean => s.steps.some((st) => st.kind !== 'call' && st.kind !== 'session');
    const some = several.filter((s, i) => nested(s) || i % 3 === 0);
    const together = await runScenarios(some, { guard: g });
    const apart = await runScenarios(some, { guard: oneModeAtATime(builtinGuard()) });
    expect(firstDifference(together, apart)).toBeUndefined();
  });

  it('the racy variant, whose races each mode reports as if run alone', async () => {
    // The batches are where it races: every scenario of several modes with a batch.
    const batched = several.filter((s) => s.steps.some((st) => st.kind === 'batch'));
    const together = await runScenarios(batched, { guard: builtinGuard({ racy: true }) });
    const apart = await runScenarios(batched, { guard: oneModeAtATime(builtinGuard({ racy: true })) });
    expect(together.totals.race).toBeGreaterThan(0);
    expect(firstDifference(together, apart)).toBeUndefined();
  });
});
