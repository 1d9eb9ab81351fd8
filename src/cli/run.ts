/** `guard-eval run [paths...]`: every scenario against one guard, reports written. */
import { loadCliScenarios } from './scenarios.js';
import { MODES } from '../core/capabilities.js';
import type { Mode } from '../core/capabilities.js';
import { selectScenarios } from '../harness/filter.js';
import { parseShard, selectShard } from '../harness/shard.js';
import type { Shard } from '../harness/shard.js';
import { GuardSpecError, loadGuard } from '../harness/guard-spec.js';
import type { GuardUnderTest } from '../harness/guards.js';
import { failingTraces } from './explain.js';
import { REPORTERS, REPORTER_NAMES, isReporterName, renderGithubAnnotations, renderGithubSummary } from '../harness/reports/index.js';
import type { ReportContext, ReporterName } from '../harness/reports/index.js';
import { runFailed, runScenarios } from '../harness/runner.js';
import { runKey, writtenStep } from '../harness/gate.js';
import type { GateReport } from '../harness/gate.js';
import type { JudgedStep } from '../harness/reports/rows.js';
import type { BaseGuardSettings, ExploreOptions } from '../harness/runner.js';
import type { RunResults } from '../harness/model.js';
import { parseInterleaving } from '../harness/interleavings.js';
import type { Interleaving } from '../harness/interleavings.js';
import { writeReports } from '../harness/write-reports.js';
import { replayCommand } from '../harness/reports/replay.js';
import { InputError, formatIssue } from '../io/errors.js';
import { loadGuardConfig } from '../io/guard-config.js';
import { didYouMean } from '../core/suggest.js';
import { loadProjectConfig } from '../io/project-config.js';
import { runGate, writeBaseline } from './gate.js';
import type { CliIO } from './main.js';
import { appendText, prepareOutDir } from '../io/safe-write.js';

export interface RunCliOptions {
  readonly only?: string;
  readonly tag?: string;
  readonly mode?: string;
  readonly out: string;
  readonly json: boolean;
  readonly quiet: boolean;
  /** A guard spec: a built-in name, a module path or package name, or `exec:<command>`. */
  readonly guard: string;
  readonly guardConfig?: string;
  /** Per-call time limit in ms (`--guard-timeout`). @default 10000 */
  readonly guardTimeout?: string;
  /** `all` or a number: orders tried per batch. */
  readonly interleavings?: string;
  readonly seed?: string;
  /** False with `--no-reduction`: explore every order, not one per partial-order class. */
  readonly reduction?: boolean;
  /** `<batch path>=<order>`: run those batches in exactly that order (the replay of a race). */
  readonly order?: readonly string[];
  /** Compare with the baseline; exit 1 on a regression. */
  readonly gate?: boolean;
  /** The baseline file for `gate` and `updateBaseline`. */
  readonly baseline?: string;
  /** Write the baseline from this run. */
  readonly updateBaseline?: boolean;
  /** The reports to produce (`--reporter`); default every one. */
  readonly reporter?: readonly string[];
  /** `i/n`: run only the i-th of n deterministic shards (pairs stay together). */
  readonly shard?: string;
  /** Exit 1 also when a known gap (`known:`) now passes. */
  readonly strictKnown?: boolean;
  /** Off a terminal, the time between progress lines. @default 5000 */
  readonly progressEveryMs?: number;
}

/**
 * Under GitHub Actions (`GITHUB_ACTIONS=true`): annotations at each failing step's line on stdout,
 * and the Markdown summary appended to `$GITHUB_STEP_SUMMARY`. Elsewhere nothing.
 */
export async function emitGithub(results: RunResults, ctx: ReportContext, io: CliIO, gate?: { report: GateReport; baseline: string }): Promise<void> {
  if (io.env?.['GITHUB_ACTIONS'] !== 'true') return;
  let failsGate: ((j: JudgedStep) => boolean) | undefined;
  if (gate !== undefined) {
    const failing = new Set(gate.report.changes.filter((c) => GATE_FAILING.includes(c.kind) && c.withinBudget !== true && c.step !== undefined).map((c) => `${c.run}\u0000${c.step as string}`));
    failsGate = (j) => failing.has(`${runKey(j.scenario.id, j.scenario.mode)}\u0000${writtenStep(j.step.path)}`);
  }
  const annotations = renderGithubAnnotations(results, ctx, failsGate);
  if (annotations !== '') io.stdout(annotations.endsWith('\n') ? annotations : `${annotations}\n`);
  const summaryFile = io.env['GITHUB_STEP_SUMMARY'];
  const verdict = gate === undefined ? undefined : { passed: gate.report.passed, reasons: gate.report.reasons, baseline: gate.baseline };
  if (summaryFile) await appendText(summaryFile, renderGithubSummary(results, ctx, verdict));
}

/** Gate changes that fail it (an over-block within its set's budget does not). */
const GATE_FAILING: readonly string[] = ['new-miss', 'new-over-block', 'new-race', 'new-error'];

/** Parse `--reporter a b,c`: known names, each once, in the order given. */
export function parseReporters(list: readonly string[] | undefined): ReporterName[] {
  if (list === undefined) return [...REPORTER_NAMES];
  const names = list.flatMap((x) => x.split(',')).map((x) => x.trim()).filter((x) => x !== '');
  const bad = names.filter((n) => !isReporterName(n));
  if (names.length === 0 || bad.length > 0) {
    throw new InputError('USAGE', (bad.length > 0 ? bad : ['']).map((n) => ({ pos: { file: '--reporter' }, message: `${n === '' ? 'expected reporter names' : `unknown reporter \`${n}\`${didYouMean(n, REPORTER_NAMES)}`} (one of ${REPORTER_NAMES.join(', ')})` })));
  }
  return [...new Set(names)] as ReporterName[];
}

function usage(flag: string, message: string): InputError {
  return new InputError('USAGE', [{ pos: { file: flag }, message }]);
}

/** Parse `--interleavings`, `--seed` and `--order`. */
export function parseExploreOptions(opts: Pick<RunCliOptions, 'interleavings' | 'seed' | 'order' | 'reduction'>): { explore: Partial<ExploreOptions>; orders: Map<string, Interleaving> } {
  const explore: { interleavings?: 'all' | number; seed?: number; reduce?: boolean } = {};
  if (opts.reduction === false) explore.reduce = false;
  if (opts.interleavings !== undefined) {
    if (opts.interleavings === 'all') explore.interleavings = 'all';
    else if (/^[1-9][0-9]{0,8}$/.test(opts.interleavings)) explore.interleavings = Number(opts.interleavings);
    else throw usage('--interleavings', `expected \`all\` or a positive number, got \`${opts.interleavings}\``);
  }
  if (opts.seed !== undefined) {
    if (/^-?[0-9]{1,15}$/.test(opts.seed)) explore.seed = Number(opts.seed);
    else throw usage('--seed', `expected an integer, got \`${opts.seed}\``);
  }
  const orders = new Map<string, Interleaving>();
  for (const o of opts.order ?? []) {
    const eq = o.indexOf('=');
    const path = o.slice(0, eq).trim();
    const text = o.slice(eq + 1).trim();
    const n = Math.max(0, ...[...text.matchAll(/[dc]([0-9]+)/g)].map((m) => Number(m[1])));
    const order = eq > 0 ? parseInterleaving(text, n) : undefined;
    if (order === undefined) throw usage('--order', `expected \`<batch path>=<order>\`, e.g. \`steps[2]=d1 d2 c2 c1\`, got \`${o}\``);
    orders.set(path, order);
  }
  return { explore, orders };
}


/** How often a run off a terminal prints its progress line. */
const PROGRESS_EVERY_MS = 5000;

/** `--guard-timeout <ms>`: a positive integer number of milliseconds. */
export function parseGuardTimeout(text: string | undefined): number {
  if (text === undefined) return 10_000;
  if (!/^[1-9][0-9]{0,8}$/.test(text.trim())) throw usage('--guard-timeout', `expected a positive number of milliseconds, e.g. \`30000\`, got \`${text}\``);
  return Number(text.trim());
}

/** The guard a spec names, or a usage error (exit 2) saying why it cannot be used. */
export async function openGuard(spec: string, timeoutMs: number): Promise<GuardUnderTest> {
  try {
    return await loadGuard(spec, { timeoutMs });
  } catch (e) {
    if (e instanceof GuardSpecError) throw usage('--guard', e.message);
    throw e;
  }
}

/**
 * Run scenarios and write the reports.
 * @returns 0 when every run passes, 1 on any miss, over-block, race or error outcome
 * @throws InputError on bad input (exit 2)
 */
export async function runCommand(paths: readonly string[], opts: RunCliOptions, io: CliIO & { isTTY?: boolean }): Promise<number> {
  const timeoutMs = parseGuardTimeout(opts.guardTimeout);
  if (opts.mode !== undefined && !(MODES as readonly string[]).includes(opts.mode)) {
    throw new InputError('USAGE', [{ pos: { file: '--mode' }, message: `unknown mode \`${opts.mode}\`${didYouMean(opts.mode, MODES)} (one of ${MODES.join(', ')})` }]);
  }
  const { explore, orders } = parseExploreOptions(opts);
  const reporters = parseReporters(opts.reporter);
  const filtered = opts.only !== undefined || opts.tag !== undefined || opts.mode !== undefined || opts.shard !== undefined;
  if (opts.updateBaseline && (filtered || orders.size > 0)) {
    throw usage('--update-baseline', 'a baseline records every scenario: run it without --only, --tag, --mode or --order');
  }
  if (opts.updateBaseline && opts.gate) throw usage('--update-baseline', 'either write the baseline or gate against it, not both in one run');
  // Before any work: a run that ends unable to write its reports would be lost.
  prepareOutDir(opts.out);
  const base: BaseGuardSettings = opts.guardConfig ? await loadGuardConfig(opts.guardConfig) : {};
  const { scenarios, warnings } = await loadCliScenarios(paths, ['challenge-sets']);
  if (!opts.quiet && !opts.json) for (const w of warnings) io.stderr(`warning: ${formatIssue(w)}\n`);
  let shard: Shard | undefined;
  if (opts.shard !== undefined) {
    try {
      shard = parseShard(opts.shard);
    } catch (e) {
      throw usage('--shard', (e as Error).message);
    }
  }
  const matching = selectScenarios(scenarios, { ...(opts.only !== undefined ? { only: opts.only } : {}), ...(opts.tag !== undefined ? { tag: opts.tag } : {}) });
  if (matching.length === 0) {
    throw new InputError('NO_SCENARIOS', [{ pos: { file: paths.join(' ') || 'challenge-sets' }, message: scenarios.length === 0 ? 'no scenario found' : 'no scenario matches the filters' }]);
  }
  // A shard may hold no scenario (few scenarios, many shards): it still writes its empty results, to merge.
  const selected = shard === undefined ? matching : selectShard(matching, shard);
  const guard = await openGuard(opts.guard, timeoutMs);
  const started = Date.now();
  let progressShown = false;
  // Off a terminal (a CI log), a line every few seconds instead of a line rewritten in place.
  const every = opts.progressEveryMs ?? PROGRESS_EVERY_MS;
  let nextLine = started + every;
  let linesPrinted = false;
  try {
    const results = await runScenarios(selected, {
      guard,
      guardSpec: opts.guard,
      ...(opts.guardConfig !== undefined ? { guardConfig: opts.guardConfig } : {}),
      callTimeoutMs: timeoutMs,
      base,
      explore,
      ...(orders.size > 0 ? { orders } : {}),
      ...(opts.mode !== undefined ? { mode: opts.mode as Mode } : {}),
      onProgress: (done, total, last) => {
        if (opts.quiet || opts.json) return;
        const now = Date.now();
        if (io.isTTY) {
          if (now - started < 1000) return;
          progressShown = true;
          io.stderr(`\r${done}/${total} scenario runs`);
        } else if (now >= nextLine || (done === total && linesPrinted)) {
          linesPrinted = true;
          nextLine = now + every;
          io.stderr(`progress: ${done}/${total} scenario runs (${last.set}), ${Math.round((now - started) / 1000)} s\n`);
        }
      },
    });
    if (progressShown) io.stderr('\n');
    // The page of the run carries the explain trace of each failing run (built-in guard only).
    const traces = reporters.includes('html') ? await failingTraces(results, selected, opts.guard, base) : new Map<string, string>();
    const ctx: ReportContext = { replayCommand: replayCommand(opts.guard, opts.guardConfig), explainTrace: (id, mode) => traces.get(`${id}\u0000${mode}`) };
    const written = await writeReports(results, ctx, opts.out, reporters);
    if (opts.json) io.stdout(REPORTERS.json.render(results, ctx));
    else if (!opts.quiet) {
      if (reporters.includes('console')) io.stdout(`${REPORTERS.console.render(results, ctx)}\n`);
      if (written.length > 0) io.stdout(`reports: ${written.join(', ')}\n`);
    }
    // A shard writes no annotation and no summary: merge-reports writes them once, for the whole.
    const github = reporters.includes('github') && shard === undefined;
    if (github && !opts.gate) await emitGithub(results, ctx, io);
    if (opts.updateBaseline) {
      const file = await writeBaseline(results, opts.baseline ?? (await loadProjectConfig()).gate.baseline);
      if (!opts.json) io.stdout(`baseline written: ${file}\n`);
      return 0;
    }
    if (opts.gate) {
      let gated: { report: GateReport; baseline: string } | undefined;
      const code = await runGate(results, { ...(opts.baseline !== undefined ? { baseline: opts.baseline } : {}), partial: filtered || orders.size > 0, out: opts.out, quiet: opts.quiet || opts.json, onReport: (report, baseline) => (gated = { report, baseline }) }, io);
      if (github) await emitGithub(results, ctx, io, gated);
      return code;
    }
    return runFailed(results, { strictKnown: opts.strictKnown === true }) ? 1 : 0;
  } finally {
    await guard.close();
  }
}
