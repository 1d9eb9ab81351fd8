/**
 * The coverage matrix: how many scenarios exercise each rule, in each mode, from each side.
 *
 * - A **hit** of rule R in mode M: the scenario runs in M and one of its steps is labelled, for M,
 *   with `rule: R` (the label says R decides that step).
 * - A **boundary** of R in M: the scenario runs in M, names R nowhere for M, and is a near miss
 *   of R: tagged `boundary:R`, or the benign twin of a tension pair whose attack twin hits R in M.
 *   A boundary is where a guard that over-generalises R would over-block.
 *
 * Pure: scenarios in, plain data out; the CLI reads files and writes the report.
 */
import { MODES } from '../core/capabilities.js';
import type { Mode } from '../core/capabilities.js';
import { RULE_IDS } from '../core/rules.js';
import type { RuleId } from '../core/rules.js';
import { forEachCall } from './model.js';
import type { Scenario } from './model.js';

export const POLARITIES = ['hit', 'boundary'] as const;
export type Polarity = (typeof POLARITIES)[number];

/** The tag that marks a scenario as a boundary of a rule. */
export const BOUNDARY_TAG = 'boundary:';

/**
 * Rules no valid scenario can make fire: the guard's fail-closed paths for its own internal
 * errors. Unit tests cover them; the matrix lists them apart and no floor applies to them.
 */
export const UNREACHABLE_RULES: readonly RuleId[] = ['guard.internal-error', 'guard.degraded-ledger'];
export const COVERED_RULES: readonly RuleId[] = RULE_IDS.filter((r) => !UNREACHABLE_RULES.includes(r));

/** Scenario ids per cell, keyed `rule|mode|polarity`. */
export interface Matrix {
  readonly set: string;
  readonly scenarios: number;
  readonly cells: ReadonlyMap<string, readonly string[]>;
  /**
   * Per hit cell, the scenarios whose step naming the rule carries `known:` (a gap of some guard).
   * They stay hits: the label is right and the scenario exercises the rule; the guard is wrong.
   */
  readonly known: ReadonlyMap<string, readonly string[]>;
}

export interface Coverage {
  /** One matrix per set, sets in name order, then `all`. */
  readonly sets: readonly Matrix[];
  readonly all: Matrix;
}

export const cellKey = (rule: string, mode: Mode, polarity: Polarity): string => `${rule}|${mode}|${polarity}`;

/** A `boundary:` tag that names no rule. */
export interface BadBoundaryTag {
  readonly scenario: Scenario;
  readonly tag: string;
  readonly rule: string;
}

/** The rules each mode's labels name, per scenario, and those named by steps with `known:`. */
function hitsOf(s: Scenario): { all: Map<Mode, Set<string>>; known: Map<Mode, Set<string>> } {
  const all = new Map<Mode, Set<string>>(s.modes.map((m) => [m, new Set<string>()]));
  const known = new Map<Mode, Set<string>>(s.modes.map((m) => [m, new Set<string>()]));
  forEachCall(s.steps, (c) => {
    for (const m of s.modes) {
      const spec = c.expect.kind === 'single' ? c.expect.spec : c.expect.byMode[m];
      if (spec?.rule === undefined) continue;
      all.get(m)?.add(spec.rule);
      if (c.known !== undefined) known.get(m)?.add(spec.rule);
    }
  });
  return { all, known };
}

/** `boundary:` tags naming something other than a rule id. */
export function badBoundaryTags(scenarios: readonly Scenario[]): BadBoundaryTag[] {
  const out: BadBoundaryTag[] = [];
  for (const s of scenarios) {
    for (const tag of s.tags) {
      if (!tag.startsWith(BOUNDARY_TAG)) continue;
      const rule = tag.slice(BOUNDARY_TAG.length);
      if (!(RULE_IDS as readonly string[]).includes(rule)) out.push({ scenario: s, tag, rule });
    }
  }
  return out;
}

export function coverage(scenarios: readonly Scenario[]): Coverage {
  const both = new Map(scenarios.map((s) => [s, hitsOf(s)]));
  const hits = new Map([...both].map(([s, h]) => [s, h.all]));
  // Attack twins' hits, by pair id and mode, for their benign twins.
  const attackHits = new Map<string, Map<Mode, Set<string>>>();
  for (const s of scenarios) if (s.pair !== undefined && s.twin === 'attack') attackHits.set(s.pair, hits.get(s) as Map<Mode, Set<string>>);

  const build = (set: string, members: readonly Scenario[]): Matrix => {
    const cells = new Map<string, string[]>();
    const known = new Map<string, string[]>();
    const into = (map: Map<string, string[]>, k: string, id: string): void => {
      const list = map.get(k) ?? [];
      if (list[list.length - 1] !== id) list.push(id);
      map.set(k, list);
    };
    const add = (rule: string, mode: Mode, polarity: Polarity, id: string): void => into(cells, cellKey(rule, mode, polarity), id);
    for (const s of members) {
      const own = hits.get(s) as Map<Mode, Set<string>>;
      const tagged = s.tags.filter((t) => t.startsWith(BOUNDARY_TAG)).map((t) => t.slice(BOUNDARY_TAG.length));
      for (const m of s.modes) {
        const mine = own.get(m) ?? new Set<string>();
        for (const r of mine) add(r, m, 'hit', s.id);
        for (const r of both.get(s)?.known.get(m) ?? []) into(known, cellKey(r, m, 'hit'), s.id);
        const near = new Set(tagged);
        if (s.pair !== undefined && s.twin === 'benign') for (const r of attackHits.get(s.pair)?.get(m) ?? []) near.add(r);
        for (const r of near) if (!mine.has(r)) add(r, m, 'boundary', s.id);
      }
    }
    return { set, scenarios: members.length, cells, known };
  };

  const bySet = new Map<string, Scenario[]>();
  for (const s of scenarios) bySet.set(s.set, [...(bySet.get(s.set) ?? []), s]);
  const sets = [...bySet.keys()].sort().map((set) => build(set, bySet.get(set) as Scenario[]));
  return { sets, all: build('all', scenarios) };
}

/** Cells of `m` (over the rules a scenario can reach) with fewer than `floor` scenarios. */
export function belowFloor(m: Matrix, floor: number): { rule: RuleId; mode: Mode; polarity: Polarity; count: number }[] {
  const out: { rule: RuleId; mode: Mode; polarity: Polarity; count: number }[] = [];
  for (const rule of COVERED_RULES) {
    for (const mode of MODES) {
      for (const polarity of POLARITIES) {
        const count = m.cells.get(cellKey(rule, mode, polarity))?.length ?? 0;
        if (count < floor) out.push({ rule, mode, polarity, count });
      }
    }
  }
  return out;
}

/** Count of one cell. */
export function count(m: Matrix, rule: string, mode: Mode, polarity: Polarity): number {
  return m.cells.get(cellKey(rule, mode, polarity))?.length ?? 0;
}

/** Plain-data form for `--json`: stable key order, counts and scenario ids per cell. */
export function coverageJson(c: Coverage, floor: number | undefined): unknown {
  const matrix = (m: Matrix): unknown => ({
    set: m.set,
    scenarios: m.scenarios,
    cells: RULE_IDS.flatMap((rule) => MODES.flatMap((mode) => POLARITIES.map((polarity) => ({ rule, mode, polarity, count: count(m, rule, mode, polarity), scenarios: m.cells.get(cellKey(rule, mode, polarity)) ?? [], known: m.known.get(cellKey(rule, mode, polarity)) ?? [] })))),
  });
  return {
    schema: 'guard-eval/coverage@1',
    ...(floor !== undefined ? { floor, belowFloor: belowFloor(c.all, floor) } : {}),
    unreachable: UNREACHABLE_RULES,
    all: matrix(c.all),
    sets: c.sets.map(matrix),
  };
}

/** Column headers shared by the console table and the Markdown report. */
export const COVERAGE_COLUMNS: readonly string[] = MODES.flatMap((m) => POLARITIES.map((p) => `${m} ${p}`));

/** One row per rule: its counts in column order, `n/a` for rules no scenario can reach. */
export function coverageRows(m: Matrix): { rule: RuleId; cells: string[] }[] {
  return RULE_IDS.map((rule) => ({
    rule,
    cells: MODES.flatMap((mode) => POLARITIES.map((p) => (UNREACHABLE_RULES.includes(rule) ? 'n/a' : String(count(m, rule, mode, p))))),
  }));
}
