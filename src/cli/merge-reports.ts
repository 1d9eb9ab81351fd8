/**
 * `guard-eval merge-reports <dir...> --out <dir>`: merge the `results.json` of shard runs
 * (`run --shard i/n`, one output folder each) into the reports one unsharded run writes.
 */
import path from 'node:path';
import { MergeError, mergeResults } from '../harness/merge.js';
import type { RunResults } from '../harness/model.js';
import { REPORTERS } from '../harness/reports/index.js';
import type { ReportContext } from '../harness/reports/index.js';
import { runFailed } from '../harness/runner.js';
import { writeReports } from '../harness/write-reports.js';
import { InputError } from '../io/errors.js';
import type { CliIO } from './main.js';
import { readResults } from '../io/results-file.js';
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
