/**
 * The CI regression gate: a committed baseline of every step's outcome, and the comparison of a
 * run with it.
 *
 * Baseline (`guard-eval/baseline@1`): for each scenario × mode run (key `<id> [<mode>]`, sorted),
 * its file and line and the outcome of each written step (key: the step's path, sorted), where
 * the iterations of a `repeat` are one step whose outcome is the worst of its iterations. No
 * timestamp, no durations, no absolute path beyond what the user passed: regenerating it from the
 * same inputs gives the same bytes, and a change of one verdict is a one-line diff.
 *
 * Classification of a step, baseline outcome → current outcome:
 * - now miss, over-block, race or error, and it was not that before (or the step is new): a new
 *   miss / over-block / race / error. Each fails the gate, except new over-blocks within their
 *   set's budget.
 * - was miss, over-block, race or error, now pass or lucky pass: fixed (reported).
 * - anything else: unchanged. A known failure in the baseline does not fail the gate again.
 * - a scenario × mode run only in the run: added; only in the baseline: removed (both reported;
 *   a new run's failing steps count as new failures). A step only in the baseline: removed.
 * The pass-rate floor applies to the run as a whole: scenario × mode runs that pass (lucky passes
 * count as passing) over all runs.
 *
 * Pure: the CLI reads and writes the files.
 */
import type { Outcome, RunResults } from './model.js';
import { OUTCOME_SEVERITY } from './outcome.js';

export const BASELINE_SCHEMA = 'guard-eval/baseline@1';

/** Outcomes a step can have in a baseline; `lucky-pass` is kept apart from `pass` for the record. */
export type BaselineOutcome = Outcome;

export interface BaselineRun {
  readonly file: string;
  readonly line: number;
  readonly set: string;
  readonly steps: Readonly<Record<string, BaselineOutcome>>;
}

export interface Baseline {
  readonly schema: typeof BASELINE_SCHEMA;
  readonly guard: string;
  /** How the run named the guard, when that is not its name (a module path, `exec:…`). */
  readonly guardSpec?: string;
  readonly runs: Readonly<Record<string, BaselineRun>>;
}

/** How much the gate tolerates: from `guard-eval.config.yaml` only. */
export interface GatePolicy {
  /** Fraction of scenario × mode runs that must pass, 0 to 1. */
  readonly minPassRate: number;
  /** New over-blocks tolerated per set (absent: 0). */
  readonly overBlockBudget: Readonly<Record<string, number>>;
}

export const DEFAULT_GATE_POLICY: GatePolicy = { minPassRate: 0, overBlockBudget: {} };

export type ChangeKind = 'new-miss' | 'new-over-block' | 'new-race' | 'new-error' | 'fixed' | 'added' | 'removed';

export interface Change {
  readonly kind: ChangeKind;
  /** `<id> [<mode>]` */
  readonly run: string;
  readonly set: string;
  readonly file: string;
  readonly line: number;
  /** The step's written path; absent for a whole run added or removed. */
  readonly step?: string;
  readonly was?: BaselineOutcome;
  readonly now?: BaselineOutcome;
  /** A new over-block inside its set's budget: reported, not failing. */
  readonly withinBudget?: boolean;
}

export interface GateReport {
  readonly passed: boolean;
  readonly changes: readonly Change[];
  /** Why the gate failed, one line each (empty when it passed). */
  readonly reasons: readonly string[];
  readonly passRate: number;
  readonly runs: number;
}

const FAILING: readonly BaselineOutcome[] = ['miss', 'over-block', 'race', 'error'];
const SEVERITY = OUTCOME_SEVERITY;

const CHANGE_TEXT: Readonly<Record<ChangeKind, string>> = {
  'new-miss': 'new miss',
  'new-over-block': 'new over-block',
  'new-race': 'new race',
  'new-error': 'new error',
  fixed: 'fixed',
  added: 'added',
  removed: 'removed',
};
const CHANGE_PLURAL: Readonly<Record<ChangeKind, string>> = { ...CHANGE_TEXT, 'new-miss': 'new misses', 'new-over-block': 'new over-blocks', 'new-race': 'new races', 'new-error': 'new errors' };

/** `steps[2].repeat[7].steps[0]` → `steps[2].repeat.steps[0]`: all iterations are one written step. */
export function writtenStep(path: string): string {
  return path.replace(/\.repeat\[\d+\]/g, '.repeat');
}

export const runKey = (id: string, mode: string): string => `${id} [${mode}]`;

/** Natural order: runs of digits compare as numbers (`steps[2]` before `steps[10]`), the rest by code unit. */
export function naturalCompare(a: string, b: string): number {
  const ra = a.match(/\d+|\D+/g) ?? [];
  const rb = b.match(/\d+|\D+/g) ?? [];
  for (let i = 0; i < Math.min(ra.length, rb.length); i++) {
    const x = ra[i] as string;
    const y = rb[i] as string;
    if (x === y) continue;
    const nx = /^\d/.test(x);
    const ny = /^\d/.test(y);
    if (nx && ny) {
      // Compare as numbers without overflow: by length once leading zeros are gone, then digit by digit.
      const tx = x.replace(/^0+(?=\d)/, '');
      const ty = y.replace(/^0+(?=\d)/, '');
      if (tx.length !== ty.length) return tx.length - ty.length;
      if (tx !== ty) return tx < ty ? -1 : 1;
      return x.length - y.length;
    }
    return x < y ? -1 : 1;
  }
  return ra.length - rb.length;
}

function sortedRecord<T>(entries: Iterable<[string, T]>): Record<string, T> {
  return Object.fromEntries([...entries].sort(([a], [b]) => naturalCompare(a, b)));
}

/** The baseline of a run. */
export function toBaseline(results: RunResults): Baseline {
  const runs: [string, BaselineRun][] = [];
  for (const r of results.scenarios) {
    const steps = new Map<string, BaselineOutcome>();
    for (const st of r.steps) {
      const key = writtenStep(st.path);
      const before = steps.get(key);
      if (before === undefined || SEVERITY[st.outcome] > SEVERITY[before]) steps.set(key, st.outcome);
    }
    runs.push([runKey(r.id, r.mode), { file: r.file, line: r.line, set: r.set, steps: sortedRecord(steps) }]);
  }
  return { schema: BASELINE_SCHEMA, guard: results.guard, ...(results.guardSpec !== undefined && results.guardSpec !== results.guard ? { guardSpec: results.guardSpec } : {}), runs: sortedRecord(runs) };
}

/** The baseline as committed: sorted keys, two-space JSON, one step per line, a final newline. */
export function renderBaseline(b: Baseline): string {
  return `${JSON.stringify(b, null, 2)}\n`;
}

/** Why a value is not a baseline, or undefined when it is one. */
export function baselineProblem(v: unknown): string | undefined {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return 'expected a JSON object';
  const o = v as Record<string, unknown>;
  if (o['schema'] !== BASELINE_SCHEMA) return `expected \`schema: "${BASELINE_SCHEMA}"\`, got ${JSON.stringify(o['schema'])}`;
  if (typeof o['guard'] !== 'string') return 'expected `guard`, a string';
  if (o['guardSpec'] !== undefined && typeof o['guardSpec'] !== 'string') return 'expected `guardSpec`, a string';
  const runs = o['runs'];
  if (runs === null || typeof runs !== 'object' || Array.isArray(runs)) return 'expected `runs`, an object';
  for (const [k, r] of Object.entries(runs as Record<string, unknown>)) {
    const run = r as Record<string, unknown> | null;
    if (run === null || typeof run !== 'object' || typeof run['file'] !== 'string' || typeof run['line'] !== 'number' || typeof run['set'] !== 'string') return `run \`${k}\`: expected {file, line, set, steps}`;
    const steps = run['steps'];
    if (steps === null || typeof steps !== 'object' || Array.isArray(steps)) return `run \`${k}\`: expected \`steps\`, an object`;
    for (const [p, out] of Object.entries(steps as Record<string, unknown>)) {
      if (typeof out !== 'string' || !(out in SEVERITY)) return `run \`${k}\`, step \`${p}\`: unknown outcome ${JSON.stringify(out)}`;
    }
  }
  return undefined;
}

/** The change of one step, or undefined when it is unchanged. */
export function classifyStep(was: BaselineOutcome | undefined, now: BaselineOutcome): ChangeKind | undefined {
  if (FAILING.includes(now) && was !== now) return now === 'miss' ? 'new-miss' : now === 'over-block' ? 'new-over-block' : now === 'race' ? 'new-race' : 'new-error';
  if (was !== undefined && FAILING.includes(was) && !FAILING.includes(now)) return 'fixed';
  return undefined;
}

/**
 * Compare a run with the baseline.
 * @param partial the run covers only some scenarios (`--only`, `--tag`, `--mode`, `--shard`):
 *   baseline runs it does not hold are not reported as removed
 */
export function compareToBaseline(baseline: Baseline, results: RunResults, policy: GatePolicy, partial = false): GateReport {
  const current = toBaseline(results);
  // Each written step's line in the run, so that a change points at the step in its file.
  const stepLines = new Map<string, number>();
  for (const r of results.scenarios) for (const st of r.steps) stepLines.set(`${runKey(r.id, r.mode)}\u0000${writtenStep(st.path)}`, st.line);
  const changes: Change[] = [];
  for (const [key, run] of Object.entries(current.runs)) {
    const base = baseline.runs[key];
    const at = { run: key, set: run.set, file: run.file, line: run.line };
    if (base === undefined) changes.push({ kind: 'added', ...at });
    for (const [step, now] of Object.entries(run.steps)) {
      const was = base?.steps[step];
      const kind = classifyStep(was, now);
      if (kind !== undefined) changes.push({ kind, ...at, line: stepLines.get(`${key}\u0000${step}`) ?? run.line, step, ...(was !== undefined ? { was } : {}), now });
    }
    if (base !== undefined) {
      for (const [step, was] of Object.entries(base.steps)) if (!(step in run.steps)) changes.push({ kind: 'removed', ...at, step, was });
    }
  }
  if (!partial) {
    for (const [key, run] of Object.entries(baseline.runs)) {
      if (!(key in current.runs)) changes.push({ kind: 'removed', run: key, set: run.set, file: run.file, line: run.line });
    }
  }
  // Budgets: the first N new over-blocks of a set (in run and step order) are tolerated.
  const used = new Map<string, number>();
  const judged = changes.map((c) => {
    if (c.kind !== 'new-over-block') return c;
    const n = used.get(c.set) ?? 0;
    used.set(c.set, n + 1);
    return n < (policy.overBlockBudget[c.set] ?? 0) ? { ...c, withinBudget: true } : c;
  });
  // A run the guard cannot take is neither passed nor failed: it does not count in the pass rate.
  const runs = results.scenarios.filter((s) => s.status !== 'unsupported').length;
  const passing = results.scenarios.filter((s) => s.status === 'pass').length;
  const passRate = runs === 0 ? 1 : passing / runs;
  const reasons: string[] = [];
  const count = (k: ChangeKind): number => judged.filter((c) => c.kind === k && !c.withinBudget).length;
  for (const k of ['new-miss', 'new-over-block', 'new-race', 'new-error'] as const) {
    const n = count(k);
    if (n > 0) reasons.push(`${n} ${n === 1 ? CHANGE_TEXT[k] : CHANGE_PLURAL[k]}${k === 'new-over-block' ? ' beyond the set budgets' : ''}`);
  }
  if (passRate < policy.minPassRate) reasons.push(`pass rate ${(100 * passRate).toFixed(1)}% is below the floor of ${(100 * policy.minPassRate).toFixed(1)}%`);
  return { passed: reasons.length === 0, changes: judged, reasons, passRate, runs };
}

/** One line per change: `file:line  run  step: was → now (kind)`. */
function changeLine(c: Change): string {
  const where = `${c.file}:${c.line}`;
  const step = c.step !== undefined ? ` ${c.step}` : '';
  const delta = c.was !== undefined || c.now !== undefined ? `: ${c.was ?? 'absent'} → ${c.now ?? 'absent'}` : '';
  return `${where}  ${c.run}${step}${delta} (${CHANGE_TEXT[c.kind]}${c.withinBudget ? ', within the set budget' : ''})`;
}

/** Counts by kind, in a fixed order. */
export function changeCounts(r: GateReport): Record<ChangeKind, number> {
  const out = { 'new-miss': 0, 'new-over-block': 0, 'new-race': 0, 'new-error': 0, fixed: 0, added: 0, removed: 0 } as Record<ChangeKind, number>;
  for (const c of r.changes) out[c.kind]++;
  return out;
}

/** The gate's verdict for a terminal: the outcome, the counts, then every change (failing ones first). */
export function renderGateText(r: GateReport, baselineFile: string): string {
  const counts = changeCounts(r);
  const lines = [
    `gate: ${r.passed ? 'passed' : 'FAILED'} against ${baselineFile}${r.passed ? '' : `: ${r.reasons.join('; ')}`}`,
    `  ${Object.entries(counts).map(([k, n]) => `${n} ${n === 1 ? CHANGE_TEXT[k as ChangeKind] : CHANGE_PLURAL[k as ChangeKind]}`).join(', ')}; pass rate ${(100 * r.passRate).toFixed(1)}% of ${r.runs} runs`,
  ];
  const order: ChangeKind[] = ['new-miss', 'new-over-block', 'new-race', 'new-error', 'fixed', 'added', 'removed'];
  for (const k of order) for (const c of r.changes) if (c.kind === k) lines.push(`  ${changeLine(c)}`);
  return lines.join('\n');
}

/** `gate.md`: the same as {@link renderGateText}, as Markdown. */
export function renderGateMarkdown(r: GateReport, baselineFile: string, esc: (s: string) => string): string {
  const counts = changeCounts(r);
  const out = [
    '# Regression gate',
    '',
    `${r.passed ? 'Passed' : '**Failed**'} against ${esc(baselineFile)}${r.passed ? '.' : `: ${esc(r.reasons.join('; '))}.`}`,
    '',
    `Pass rate ${(100 * r.passRate).toFixed(1)}% of ${r.runs} scenario × mode runs.`,
    '',
    '| change | count |',
    '| --- | ---: |',
    ...Object.entries(counts).map(([k, n]) => `| ${CHANGE_TEXT[k as ChangeKind]} | ${n} |`),
    '',
  ];
  const order: ChangeKind[] = ['new-miss', 'new-over-block', 'new-race', 'new-error', 'fixed', 'added', 'removed'];
  for (const k of order) {
    const of = r.changes.filter((c) => c.kind === k);
    if (of.length === 0) continue;
    out.push(`## ${CHANGE_PLURAL[k].replace(/^./, (ch) => ch.toUpperCase())}`, '', ...of.map((c) => `- ${esc(changeLine(c))}`), '');
  }
  return `${out.join('\n')}`;
}
