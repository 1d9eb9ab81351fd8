/**
 * Guard × set comparison: how often each guard misses and over-blocks, per challenge set.
 *
 * - miss rate: steps judged `miss` among the steps a guard can miss: those labelled stricter than
 *   allow, and any other step it did miss (a label's expected capabilities can be missed too);
 * - over-block rate: steps judged `over-block` among the steps labelled laxer than deny, and any
 *   other step it did over-block;
 * - a step is a step as written, per scenario run: the iterations of a `repeat` count once (as
 *   missed when any of them was), so a flood of a thousand calls weighs what one step weighs;
 * - failed: scenario runs that did not pass (a miss, over-block, race or error anywhere);
 * - pairs: tension pairs passed (both twins pass) out of all pair runs.
 *
 * Pure: run results in, rows and text out.
 */
import { writtenStep } from './gate.js';
import type { RunResults } from './model.js';

export interface RateCell {
  readonly set: string;
  readonly scenarios: number;
  readonly failed: number;
  readonly canMiss: number;
  readonly missed: number;
  readonly canOverBlock: number;
  readonly overBlocked: number;
  readonly races: number;
  readonly errors: number;
  readonly pairs: number;
  readonly pairsPassed: number;
}

export interface GuardRow {
  readonly guard: string;
  /** One cell per set, in the order of `sets`, then `all`. */
  readonly cells: readonly RateCell[];
}

export interface Comparison {
  readonly sets: readonly string[];
  readonly rows: readonly GuardRow[];
}

function cellOf(set: string, results: RunResults): RateCell {
  const runs = set === 'all' ? results.scenarios : results.scenarios.filter((s) => s.set === set);
  // One item per written step of each scenario run, so that a step repeated a thousand times
  // weighs what any other step weighs; an item has an outcome when any of its iterations had it.
  const items = new Map<string, { canMiss: boolean; canOverBlock: boolean; outcomes: Set<string> }>();
  for (const r of runs) {
    for (const st of r.steps) {
      const key = `${r.id}\u0000${r.mode}\u0000${writtenStep(st.path)}`;
      let item = items.get(key);
      if (item === undefined) items.set(key, (item = { canMiss: false, canOverBlock: false, outcomes: new Set() }));
      item.canMiss ||= st.expected !== 'allow' || st.outcome === 'miss';
      item.canOverBlock ||= st.expected !== 'deny' || st.outcome === 'over-block';
      item.outcomes.add(st.outcome);
    }
  }
  let canMiss = 0;
  let missed = 0;
  let canOverBlock = 0;
  let overBlocked = 0;
  let races = 0;
  let errors = 0;
  for (const item of items.values()) {
    if (item.canMiss) canMiss++;
    if (item.canOverBlock) canOverBlock++;
    if (item.outcomes.has('miss')) missed++;
    if (item.outcomes.has('over-block')) overBlocked++;
    if (item.outcomes.has('race')) races++;
    if (item.outcomes.has('error')) errors++;
  }
  const pairs = set === 'all' ? results.pairs : results.pairs.filter((p) => p.set === set);
  return {
    set,
    scenarios: runs.length,
    failed: runs.filter((r) => r.status === 'fail' || r.status === 'error').length,
    canMiss,
    missed,
    canOverBlock,
    overBlocked,
    races,
    errors,
    pairs: pairs.length,
    pairsPassed: pairs.filter((p) => p.passed).length,
  };
}

/** Rows in the order the guards are given; sets in name order, then `all`. */
export function compare(runs: readonly RunResults[]): Comparison {
  const sets = [...new Set(runs.flatMap((r) => r.scenarios.map((s) => s.set)))].sort();
  return { sets, rows: runs.map((r) => ({ guard: r.guard, cells: [...sets, 'all'].map((set) => cellOf(set, r)) })) };
}

/** A rate as a percentage with one decimal; `–` when nothing could be missed or over-blocked. */
export function percent(n: number, of: number): string {
  return of === 0 ? '–' : `${((100 * n) / of).toFixed(1)}%`;
}

/** `miss / over-block` as the table shows it. */
export function rateText(c: RateCell): string {
  const extra = [c.races > 0 ? `${c.races} race${c.races === 1 ? '' : 's'}` : '', c.errors > 0 ? `${c.errors} error${c.errors === 1 ? '' : 's'}` : ''].filter(Boolean);
  return `${percent(c.missed, c.canMiss)} / ${percent(c.overBlocked, c.canOverBlock)}${extra.length > 0 ? ` (${extra.join(', ')})` : ''}`;
}

/** Header and rows as text cells: guard, one `miss / over-block` cell per set and all, failed runs, pairs passed. */
export function comparisonTable(c: Comparison): { head: string[]; rows: string[][] } {
  return {
    head: ['guard', ...c.sets, 'all', 'failed runs', 'pairs passed'],
    rows: c.rows.map((r) => {
      const all = r.cells[r.cells.length - 1] as RateCell;
      return [r.guard, ...r.cells.map(rateText), `${all.failed}/${all.scenarios}`, `${all.pairsPassed}/${all.pairs}`];
    }),
  };
}

/** The comparison as a Markdown table (each set's cell: miss rate / over-block rate). */
export function renderComparisonMarkdown(c: Comparison): string {
  const t = comparisonTable(c);
  // Guard and set names are plain identifiers; only what could end a cell is escaped.
  const line = (cells: readonly string[]): string => `| ${cells.map((x) => x.replace(/[\\|]/g, '\\$&')).join(' | ')} |`;
  return [line(t.head), `| --- | ${t.head.slice(1).map(() => '---:').join(' | ')} |`, ...t.rows.map(line)].join('\n');
}
