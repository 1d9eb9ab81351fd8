/**
 * README "Bounds", over the challenge sets: for every step the built-in guard asks about or
 * denies, the same call padded, wrapped, with its text moved into keys, or with filler fields
 * added is never decided more leniently; and no step of any scenario is decided more leniently
 * when every tool spec of the scenario is padded past the classifier's caps.
 *
 * The transformed guard is the built-in guard with one step's arguments rewritten before each
 * decision (the step is found by the identity of its `args` object, so the rest of the history is
 * exactly the author's). Under premise semantics the same calls run either way, so every verdict
 * can be compared step by step.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { verdictRank } from '../src/core/capabilities.js';
import type { Mode, Verdict } from '../src/core/capabilities.js';
import { MAX_PROPERTIES } from '../src/core/classifier-schema.js';
import { MAX_TEXT } from '../src/core/classifier-tokens.js';
import type { ToolSpec } from '../src/core/types.js';
import { builtinGuard } from '../src/harness/guards.js';
import type { GuardUnderTest } from '../src/harness/guards.js';
import { readValue } from '../src/core/walk.js';
import { forEachCall } from '../src/harness/model.js';
import type { Scenario } from '../src/harness/model.js';
import { runScenario, runScenarios } from '../src/harness/runner.js';
import { loadSets } from './load-sets.js';
import { formatIssue } from '../src/io/errors.js';

type Transform = (args: unknown) => unknown;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `n` spaces before and after the longest string of the arguments (a command, a body). */
const pad =
  (n: number): Transform =>
  (args) => {
    let longest = '';
    const visit = (v: unknown): void => {
      if (typeof v === 'string') {
        if (v.length > longest.length) longest = v;
      } else if (Array.isArray(v)) v.forEach(visit);
      else if (isRecord(v)) Object.values(v).forEach(visit);
    };
    visit(args);
    if (longest === '') return args;
    const p = ' '.repeat(n);
    let done = false;
    const map = (v: unknown): unknown => {
      if (typeof v === 'string') {
        if (done || v !== longest) return v;
        done = true;
        return p + v + p;
      }
      if (Array.isArray(v)) return v.map(map);
      if (isRecord(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, map(x)]));
      return v;
    };
    return map(args);
  };

/** The arguments, `depth` objects (or arrays) down. */
const wrap =
  (depth: number, inArray: boolean): Transform =>
  (args) => {
    let v = args;
    for (let i = 0; i < depth; i++) v = inArray && i % 2 === 1 ? [v] : { payload: v };
    return v;
  };

/** Every string an object member holds moved into a key of its own: `{k: v}` → `{k: {[v]: true}}`. */
const keyed: Transform = (args) => {
  const map = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(map);
    if (!isRecord(v)) return v;
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) Object.defineProperty(out, k, { value: typeof x === 'string' ? { [x]: true } : map(x), enumerable: true });
    return out;
  };
  return map(args);
};

/** Harmless filler fields before and after the arguments' own (and a long filler list). */
const fill =
  (fields: number, items: number): Transform =>
  (args) => {
    const before: Record<string, unknown> = {};
    for (let i = 0; i < fields; i++) before[`aaa_filler_${i}`] = 'ok';
    const body = isRecord(args) ? args : { value: args };
    return { ...before, ...body, zzz_filler: Array.from({ length: items }, () => 'ok') };
  };

const TRANSFORMS: fc.Arbitrary<[string, Transform]> = fc.oneof(
  fc.integer({ min: 1, max: 70_000 }).map((n): [string, Transform] => [`pad(${n})`, pad(n)]),
  fc.tuple(fc.integer({ min: 1, max: 120 }), fc.boolean()).map(([d, a]): [string, Transform] => [`wrap(${d}, ${a})`, wrap(d, a)]),
  fc.constant<[string, Transform]>(['keyed', keyed]),
  fc.tuple(fc.integer({ min: 0, max: 50 }), fc.integer({ min: 0, max: 12_000 })).map(([f, i]): [string, Transform] => [`fill(${f}, ${i})`, fill(f, i)]),
);

/** The built-in guard, with the arguments of the calls whose `args` is one of `targets` rewritten. */
function transformed(targets: ReadonlySet<unknown>, t: Transform): GuardUnderTest {
  const inner = builtinGuard();
  return { ...inner, name: 'builtin-transformed', decide: (session, call) => inner.decide(session, targets.has(call.args) ? { ...call, args: t(call.args) } : call) };
}

interface Target {
  readonly scenario: Scenario;
  readonly mode: Mode;
  readonly path: string;
  readonly args: unknown;
  readonly verdict: Verdict;
}

let targets: Target[] = [];
/** Every scenario with the verdict of each of its steps in each of its modes, as the author wrote it. */
const runsAsWritten: { scenario: Scenario; verdicts: Map<Mode, Map<string, Verdict | null>> }[] = [];

beforeAll(async () => {
  const loaded = await loadSets(['challenge-sets', 'scenarios/regressions']);
  if (!loaded.ok) throw new Error(loaded.issues.map(formatIssue).join('\n'));
  const guard = builtinGuard();
  const targeted = new Set<string>();
  for (const scenario of loaded.scenarios) {
    const argsByPath = new Map<string, unknown>();
    forEachCall(scenario.steps, (c) => argsByPath.set(c.path, c.args));
    // Every mode of the scenario, those that execute the same calls in one pass.
    const byMode = new Map<Mode, Map<string, Verdict | null>>();
    runsAsWritten.push({ scenario, verdicts: byMode });
    for (const r of (await runScenarios([scenario], { guard, explore: false })).scenarios) {
      const mode = r.mode;
      byMode.set(mode, new Map(r.steps.map((st) => [st.path, st.actual])));
      for (const st of r.steps) {
        // Steps inside a repeat share their arguments object: the first iteration stands for them.
        const path = st.path.replace(/\.repeat\[\d+\]/gu, '');
        if (st.actual === 'ask' || st.actual === 'deny') {
          const key = `${scenario.id}\u0000${mode}\u0000${path}`;
          if (!argsByPath.has(path) || targeted.has(key)) continue;
          targeted.add(key);
          targets.push({ scenario, mode, path, args: argsByPath.get(path), verdict: st.actual });
        }
      }
    }
  }
  targets = targets.filter((t) => t.args !== undefined);
}, 300_000);

/** The verdicts of one transformed run of a scenario, at each target step (every repeat iteration of it). */
async function verdictsAfter(ts: readonly Target[], transform: Transform): Promise<{ target: Target; verdict: Verdict | null }[]> {
  const first = ts[0] as Target;
  const r = await runScenario(first.scenario, first.mode, { guard: transformed(new Set(ts.map((t) => t.args)), transform), explore: false });
  const byPath = new Map(ts.map((t) => [t.path, t]));
  const out: { target: Target; verdict: Verdict | null }[] = [];
  for (const s of r.steps) {
    const target = byPath.get(s.path.replace(/\.repeat\[\d+\]/gu, ''));
    if (target !== undefined) out.push({ target, verdict: s.actual });
  }
  return out;
}

const describeTarget = (t: Target): string => `${t.scenario.id} [${t.mode}] ${t.path}`;

describe('bounds never weaken a verdict, over the sets', () => {
  it('finds the asked and denied steps of the sets', () => {
    expect(targets.length).toBeGreaterThan(1_000);
  });

  it('every asked or denied step, padded, wrapped, keyed and filled at once, is decided at least as strictly', async () => {
    const all: Transform = (a) => fill(3, 200)(keyed(wrap(3, true)(pad(4_096)(a))));
    // One run per scenario × mode, with every target step of it transformed at once.
    const runs = new Map<string, Target[]>();
    for (const t of targets) {
      const key = `${t.scenario.id}\u0000${t.mode}`;
      runs.set(key, [...(runs.get(key) ?? []), t]);
    }
    const weaker: string[] = [];
    for (const ts of runs.values()) {
      for (const { target, verdict } of await verdictsAfter(ts, all)) {
        if (verdict === null || verdictRank(verdict) < verdictRank(target.verdict)) weaker.push(`${describeTarget(target)}: ${target.verdict} → ${verdict ?? 'none'}`);
      }
    }
    expect(weaker).toEqual([]);
  }, 300_000);

  it('one transformation at a time, on a sampled step: never more lenient (fast-check, pinned seed)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat(), TRANSFORMS, async (i, [name, transform]) => {
        const t = targets[i % targets.length] as Target;
        // An input the guard could not read whole, rewritten so that it can (keyed: a past-cap list of
        // strings becomes as many keys, which the leaf cap does not count), is decided on what it says:
        // nothing is hidden from the reader, so the verdict about the unread part no longer applies.
        if (readValue(t.args).stop !== undefined && readValue(transform(t.args)).stop === undefined) return;
        for (const { verdict } of await verdictsAfter([t], transform)) {
          expect(verdict, `${describeTarget(t)} under ${name}`).not.toBeNull();
          expect(verdictRank(verdict as Verdict), `${describeTarget(t)} under ${name}: ${t.verdict} → ${verdict}`).toBeGreaterThanOrEqual(verdictRank(t.verdict));
        }
      }),
      { seed: 1101, numRuns: 150 },
    );
  }, 300_000);
});

/**
 * Ways a tool spec is read only in part, each putting what the tool does past a cap: its description
 * behind a cap's worth of spaces, its properties behind filler properties up to the count cap; or a
 * property padded past the cap beside them.
 */
type SpecTransform = (spec: ToolSpec) => ToolSpec;
const SPEC_PAD = ' '.repeat(MAX_TEXT);
const padDescription: SpecTransform = (spec) => ({ ...spec, description: `${SPEC_PAD}${spec.description ?? ''}` });
const padProperty: SpecTransform = (spec) => {
  const schema = isRecord(spec.inputSchema) ? spec.inputSchema : { type: 'object' };
  const properties = isRecord(schema['properties']) ? schema['properties'] : {};
  return { ...spec, inputSchema: { ...schema, properties: { ...properties, zzz_note: { type: 'string', description: `A note.${SPEC_PAD}` } } } };
};
/** Filler properties up to the count cap, made once (the guard reads each spec into its own copy). */
const FILLER = Object.fromEntries(Array.from({ length: MAX_PROPERTIES }, (_, i) => [`aaa_filler_${String(i).padStart(4, '0')}`, { type: 'string' }]));
const fillProperties: SpecTransform = (spec) => {
  const schema = isRecord(spec.inputSchema) ? spec.inputSchema : { type: 'object' };
  const properties = isRecord(schema['properties']) ? schema['properties'] : {};
  return { ...spec, inputSchema: { ...schema, properties: { ...FILLER, ...properties } } };
};

/**
 * The built-in guard, registering only the tools a scenario calls (no other is ever looked up),
 * each spec transformed. Each is transformed once, so that the guard built for it is reused.
 */
function specsTransformed(t: SpecTransform, called: ReadonlySet<string>): GuardUnderTest {
  const inner = builtinGuard();
  const specs = new WeakMap<ToolSpec, ToolSpec>();
  const transformed = (spec: ToolSpec): ToolSpec => {
    let out = specs.get(spec);
    if (out === undefined) {
      out = t(spec);
      specs.set(spec, out);
    }
    return out;
  };
  // Its sessions change as the built-in guard's do, whatever the mode: it decides for several at once.
  return {
    ...inner,
    name: 'builtin-specs-transformed',
    newSession: (config) => inner.newSession({ ...config, tools: config.tools.filter((spec) => called.has(spec.name)).map(transformed) }),
    ...(inner.decideModes !== undefined ? { decideModes: inner.decideModes } : {}),
  };
}

describe('a tool spec read only in part never weakens a verdict, over the sets', () => {
  // Scenarios that set the ledger's table sizes (`guard.limits`) are in: a tool judged as doing all six
  // things is recorded as a private read too, and in a table kept small on purpose its entry evicts an
  // older one sooner, but what a table evicts still counts (README "Ledger").
  const runs = (): typeof runsAsWritten => runsAsWritten;

  /** The steps of `rs` decided more leniently with every called tool's spec transformed by `t`. */
  async function weakerSteps(name: string, t: SpecTransform, rs: typeof runsAsWritten): Promise<string[]> {
    const weaker: string[] = [];
    for (const { scenario, verdicts } of rs) {
      // One guard per scenario, for all its modes, transforming the tools it calls.
      const called = new Set<string>();
      forEachCall(scenario.steps, (c) => called.add(c.call));
      const results = (await runScenarios([scenario], { guard: specsTransformed(t, called), explore: false })).scenarios;
      expect(results.map((r) => r.mode)).toEqual([...verdicts.keys()]);
      for (const r of results) {
        for (const st of r.steps) {
          const before = verdicts.get(r.mode)?.get(st.path);
          if (before === undefined || before === null) continue;
          if (st.actual === null || verdictRank(st.actual) < verdictRank(before)) weaker.push(`${scenario.id} [${r.mode}] ${st.path}, ${name}: ${before} → ${st.actual ?? 'none'}`);
        }
      }
    }
    return weaker;
  }

  it('every step of every scenario, with every called tool\'s description pushed past the cap, is decided at least as strictly', async () => {
    expect(runs().reduce((n, r) => n + r.verdicts.size, 0)).toBeGreaterThan(1_000);
    expect((await weakerSteps('padded description', padDescription, runs())).slice(0, 20)).toEqual([]);
  }, 600_000);

  it('the same with a padded property, or filler properties up to the count cap, on every twentieth scenario', async () => {
    const sample = runs().filter((_, i) => i % 20 === 0);
    const weaker = [...(await weakerSteps('padded property', padProperty, sample)), ...(await weakerSteps('filler properties', fillProperties, sample))];
    expect(weaker.slice(0, 20)).toEqual([]);
  }, 600_000);
});
