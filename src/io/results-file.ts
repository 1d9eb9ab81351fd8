/**
 * Reading a `results.json` written earlier (by a shard, or kept from a run): every field the merge,
 * the gate and the reports read is checked, so a malformed or hostile file is a clean error at its
 * path, never an internal error.
 */
import { readFile } from 'node:fs/promises';
import { MODES, VERDICTS } from '../core/capabilities.js';
import { RESULTS_SCHEMA, assembleResults, collapseIterations } from '../harness/runner.js';
import type { RunResults } from '../harness/model.js';
import { InputError } from './errors.js';

/** A results file is a few MB at most; anything far larger is not one. */
const MAX_RESULTS_BYTES = 512 * 1024 * 1024;
/** Problems listed per bad file; the rest are counted. */
const MAX_PROBLEMS = 20;

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
  return (value as { schema: string }).schema === RESULTS_SCHEMA_1 ? upgrade(value as RunResults) : (value as RunResults);
}

/** The schema before repeated steps were tallied: still read, and upgraded. */
const RESULTS_SCHEMA_1 = 'guard-eval/results@1';

/**
 * A `results@1` run as a `results@2` run: each repeated step once with its iterations tallied, and
 * the totals and pairs counted again from that.
 */
function upgrade(v1: RunResults): RunResults {
  const scenarios = v1.scenarios.map((s) => ({ ...s, steps: collapseIterations(s.steps) }));
  return assembleResults(v1.guard, scenarios, { ...(v1.guardSpec !== undefined ? { guardSpec: v1.guardSpec } : {}), ...(v1.guardConfig !== undefined ? { guardConfig: v1.guardConfig } : {}) });
}

const OUTCOMES = ['pass', 'lucky-pass', 'miss', 'over-block', 'race', 'error', 'known', 'fixed'];
const STATUSES = ['pass', 'fail', 'error', 'unsupported'];
const TWINS = ['benign', 'attack'];
const SEVERITIES = ['hard', 'soft'];

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
/** A short description of a value for a message; a value too deep to print is named by its type. */
const show = (v: unknown): string => {
  if (v === undefined) return 'nothing';
  try {
    return JSON.stringify(v)?.slice(0, 60) ?? String(v);
  } catch {
    return Array.isArray(v) ? 'a list nested too deep to show' : typeof v === 'object' ? 'an object nested too deep to show' : typeof v;
  }
};

const count = (v: unknown): boolean => Number.isSafeInteger(v) && (v as number) >= 0;
/** Counts keyed by the listed names only. */
const counts = (names: readonly string[]) => (v: unknown): boolean => isObj(v) && Object.entries(v).every(([k, n]) => names.includes(k) && count(n));
/** A repeated step's tally (model.ts RepeatTally). */
const isTally = (v: unknown): boolean =>
  isObj(v) && count(v.iterations) && counts(OUTCOMES)(v.outcomes) && counts([...VERDICTS, 'none'])(v.verdicts) && typeof v.worst === 'string';

/**
 * Every way `value` is not a results object of `guard-eval/results@2` or `@1` (as far as merging and
 * the reports read it; the totals are recomputed, so they are not checked). Empty when it is one.
 */
export function resultsProblems(value: unknown): string[] {
  const out: string[] = [];
  if (!isObj(value)) return [`expected a results object of schema \`${RESULTS_SCHEMA}\`, got ${show(value)}`];
  if (value.schema !== RESULTS_SCHEMA && value.schema !== RESULTS_SCHEMA_1) return [`schema: expected \`${RESULTS_SCHEMA}\` (or \`${RESULTS_SCHEMA_1}\`), got ${show(value.schema)}`];
  const v2 = value.schema === RESULTS_SCHEMA;
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
      field(s, at, 'tags', strings, 'a list of tags', true);
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
        field(t, sat, 'findings', (v) => Array.isArray(v) && v.every((f) => isObj(f) && str(f.detector) && str(f.path) && str(f.preview)), 'a list of {detector, path, preview}', true);
        field(t, sat, 'interleaving', (v) => isObj(v) && str(v.batch) && str(v.order), '{batch, order}', true);
        if (v2) field(t, sat, 'repeat', isTally, '{iterations, outcomes, verdicts, worst}', true);
        else if (t.repeat !== undefined) out.push(`${sat}repeat: not part of \`${RESULTS_SCHEMA_1}\``);
      });
    });
  }
  if (!Array.isArray(value.pairs)) out.push(`pairs: expected a list, got ${show(value.pairs)}`);
  return out;
}
