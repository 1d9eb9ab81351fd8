/**
 * `guard-eval merge-reports <dir...> --out <dir>`: merge the `results.json` of shard runs
 * (`run --shard i/n`, one output folder each) into the reports one unsharded run writes.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { MODES, VERDICTS } from '../core/capabilities.js';
import { MergeError, RESULTS_SCHEMA, mergeResults } from '../harness/merge.js';
import type { RunResults } from '../harness/model.js';
import { REPORTERS } from '../harness/reports/index.js';
import type { ReportContext } from '../harness/reports/index.js';
import { runFailed } from '../harness/runner.js';
import { writeReports } from '../harness/write-reports.js';
import { InputError } from '../io/errors.js';
import type { CliIO } from './main.js';
import { replayCommand } from '../harness/reports/replay.js';
import { emitGithub } from './run.js';
import { runGate } from './gate.js';
import { prepareOutDir } from '../io/safe-write.js';
import type { GateReport } from '../harness/gate.js';

export interface MergeReportsOptions {
  /** Where the merged reports go (created if missing). */
  readonly out: string;
  /** The `--guard-config` the shards ran with, so the replay commands in the reports name it as `run` does. */
  readonly guardConfig?: string;
  /** Gate the merged results against the baseline (as `run --gate`); the exit code is then the gate's. */
  readonly gate?: boolean;
  /** The baseline file for `gate`. */
  readonly baseline?: string;
  /** Print `results.json` to stdout and nothing else. */
  readonly json?: boolean;
  /** Print nothing but errors. */
  readonly quiet?: boolean;
}

/** A results file is a few MB at most; anything far larger is not one. */
const MAX_RESULTS_BYTES = 512 * 1024 * 1024;
/** Problems listed per bad file; the rest are counted. */
const MAX_PROBLEMS = 20;

/**
 * Merge the `results.json` of each folder in `dirs` and write every report into `opts.out`,
 * printing the console table as `run` does.
 * @returns 0 when every merged run passes, 1 on any miss, over-block, race or error outcome (as `run`);
 *   with `gate`, the gate's: 0 within it, 1 on a regression
 * @throws InputError (exit 2): no folder given, a results file missing, not JSON or not of the
 *   schema (`RESULTS_INVALID`, at its path), or parts that do not merge (`RESULTS_INCONSISTENT`)
 */
export async function mergeReportsCommand(dirs: readonly string[], opts: MergeReportsOptions, io: CliIO): Promise<number> {
  if (dirs.length === 0) throw new InputError('USAGE', [{ pos: { file: 'merge-reports' }, message: 'name at least one folder holding a results.json' }]);
  prepareOutDir(opts.out);
  const files = dirs.map((d) => path.join(d, 'results.json'));
  const parts: RunResults[] = [];
  for (const file of files) parts.push(await readResults(file));
  let merged: RunResults;
  try {
    merged = mergeResults(parts, files);
  } catch (e) {
    if (!(e instanceof MergeError)) throw e;
    throw new InputError('RESULTS_INCONSISTENT', [{ pos: { file: 'merge-reports' }, message: e.message }]);
  }
  const ctx: ReportContext = { replayCommand: replayCommand(merged.guardSpec ?? merged.guard, opts.guardConfig ?? merged.guardConfig) };
  const written = await writeReports(merged, ctx, opts.out);
  if (opts.json) io.stdout(REPORTERS.json.render(merged, ctx));
  else if (!opts.quiet) {
    io.stdout(`${REPORTERS.console.render(merged, ctx)}\n`);
    io.stdout(`reports: ${written.join(', ')}\n`);
  }
  if (opts.baseline !== undefined && opts.gate !== true) throw new InputError('USAGE', [{ pos: { file: '--baseline' }, message: 'a baseline is read only with --gate' }]);
  if (opts.gate === true) {
    let gated: { report: GateReport; baseline: string } | undefined;
    const code = await runGate(merged, { ...(opts.baseline !== undefined ? { baseline: opts.baseline } : {}), partial: false, out: opts.out, quiet: opts.quiet === true || opts.json === true, onReport: (report, baseline) => (gated = { report, baseline }) }, io);
    await emitGithub(merged, ctx, io, gated);
    return code;
  }
  await emitGithub(merged, ctx, io);
  return runFailed(merged) ? 1 : 0;
}

/**
 * Read one `results.json` and check its shape: everything the merge and the reports read.
 * @throws InputError('RESULTS_INVALID') at the file's path
 */
export async function readResults(file: string): Promise<RunResults> {
  const bad = (message: string): InputError => new InputError('RESULTS_INVALID', [{ pos: { file }, message }]);
  let text: string;
  try {
    const buf = await readFile(file);
    if (buf.length > MAX_RESULTS_BYTES) throw bad(`file is ${buf.length} bytes; a results.json is far smaller`);
    text = buf.toString('utf8');
  } catch (e) {
    if (e instanceof InputError) throw e;
    const code = (e as NodeJS.ErrnoException | undefined)?.code;
    throw bad(code === 'ENOENT' ? 'no such file (is this the `--out` folder of a run?)' : `cannot read: ${e instanceof Error ? e.message : String(e)}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw bad(`not JSON: ${e instanceof Error ? e.message : String(e)}`);
  }
  const problems = resultsProblems(value);
  if (problems.length > 0) {
    const shown = problems.slice(0, MAX_PROBLEMS);
    const more = problems.length - shown.length;
    throw new InputError('RESULTS_INVALID', [...shown.map((message) => ({ pos: { file }, message })), ...(more > 0 ? [{ pos: { file }, message: `and ${more} more problems` }] : [])]);
  }
  return value as RunResults;
}

const OUTCOMES = ['pass', 'lucky-pass', 'miss', 'over-block', 'race', 'error', 'known', 'fixed'];
const STATUSES = ['pass', 'fail', 'error', 'unsupported'];
const TWINS = ['benign', 'attack'];
const SEVERITIES = ['hard', 'soft'];

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
const show = (v: unknown): string => (v === undefined ? 'nothing' : JSON.stringify(v)?.slice(0, 60) ?? String(v));

/**
 * Every way `value` is not a results object of `guard-eval/results@1` (as far as merging and the
 * reports read it; the totals are recomputed, so they are not checked). Empty when it is one.
 */
export function resultsProblems(value: unknown): string[] {
  const out: string[] = [];
  if (!isObj(value)) return [`expected a results object of schema \`${RESULTS_SCHEMA}\`, got ${show(value)}`];
  if (value.schema !== RESULTS_SCHEMA) return [`schema: expected \`${RESULTS_SCHEMA}\`, got ${show(value.schema)}`];
  const field = (o: Obj, at: string, key: string, ok: (v: unknown) => boolean, what: string, optional = false): void => {
    const v = o[key];
    if (optional && v === undefined) return;
    if (!ok(v)) out.push(`${at}${key}: expected ${what}, got ${show(v)}`);
  };
  const str = (v: unknown): boolean => typeof v === 'string';
  const int = (v: unknown): boolean => Number.isSafeInteger(v);
  const oneOf = (list: readonly string[]) => (v: unknown) => typeof v === 'string' && list.includes(v);
  const strings = (v: unknown): boolean => Array.isArray(v) && v.every(str);
  field(value, '', 'guard', str, 'a guard name');
  field(value, '', 'guardSpec', str, 'a guard spec', true);
  field(value, '', 'guardConfig', str, 'a guard configuration file', true);
  if (!Array.isArray(value.scenarios)) out.push(`scenarios: expected a list, got ${show(value.scenarios)}`);
  else {
    value.scenarios.forEach((s: unknown, i) => {
      const at = `scenarios[${i}].`;
      if (!isObj(s)) return void out.push(`scenarios[${i}]: expected a scenario result, got ${show(s)}`);
      field(s, at, 'id', str, 'a scenario id');
      field(s, at, 'file', str, 'a file path');
      field(s, at, 'line', int, 'a line number');
      field(s, at, 'set', str, 'a set id');
      field(s, at, 'mode', oneOf(MODES), `one of ${MODES.join(', ')}`);
      field(s, at, 'status', oneOf(STATUSES), `one of ${STATUSES.join(', ')}`);
      field(s, at, 'title', str, 'a title', true);
      field(s, at, 'pair', str, 'a pair id', true);
      field(s, at, 'twin', oneOf(TWINS), `one of ${TWINS.join(', ')}`, true);
      if (!Array.isArray(s.steps)) return void out.push(`${at}steps: expected a list, got ${show(s.steps)}`);
      s.steps.forEach((t: unknown, j) => {
        const sat = `${at}steps[${j}].`;
        if (!isObj(t)) return void out.push(`${at}steps[${j}]: expected a step result, got ${show(t)}`);
        field(t, sat, 'index', int, 'a step index');
        field(t, sat, 'path', str, 'a step path');
        field(t, sat, 'line', int, 'a line number');
        field(t, sat, 'col', int, 'a column number');
        field(t, sat, 'session', str, 'a session name');
        field(t, sat, 'call', str, 'a tool name');
        field(t, sat, 'expected', oneOf(VERDICTS), `one of ${VERDICTS.join(', ')}`);
        field(t, sat, 'actual', (v) => v === null || oneOf(VERDICTS)(v), `null or one of ${VERDICTS.join(', ')}`);
        field(t, sat, 'outcome', oneOf(OUTCOMES), `one of ${OUTCOMES.join(', ')}`);
        field(t, sat, 'severity', oneOf(SEVERITIES), `one of ${SEVERITIES.join(', ')}`, true);
        field(t, sat, 'expectedRule', str, 'a rule id', true);
        field(t, sat, 'rule', (v) => v === null || str(v), 'null or a rule id');
        field(t, sat, 'rules', strings, 'a list of rule ids');
        field(t, sat, 'reason', str, 'a reason', true);
        field(t, sat, 'detail', str, 'a detail', true);
        field(t, sat, 'capabilities', strings, 'a list of capabilities', true);
        field(t, sat, 'interleaving', (v) => isObj(v) && str(v.batch) && str(v.order), '{batch, order}', true);
      });
    });
  }
  if (!Array.isArray(value.pairs)) out.push(`pairs: expected a list, got ${show(value.pairs)}`);
  return out;
}
