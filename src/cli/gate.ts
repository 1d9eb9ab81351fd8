/**
 * The regression gate at the CLI: `run --gate`, `run --update-baseline`, and `guard-eval gate
 * <results.json>` for results merged from shards. Exit 0 within the gate, 1 on a regression, 2 on
 * bad input (a missing or malformed baseline, a baseline of another guard, a bad config).
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { compareToBaseline, baselineProblem, renderBaseline, renderGateMarkdown, renderGateText, toBaseline } from '../harness/gate.js';
import type { Baseline, GateReport } from '../harness/gate.js';
import type { RunResults } from '../harness/model.js';
import { markdownText } from '../harness/reports/index.js';
import { writeTextFiles } from '../harness/write-reports.js';
import { InputError } from '../io/errors.js';
import { loadProjectConfig } from '../io/project-config.js';
import { readResults } from '../io/results-file.js';
import { appendText, prepareOutDir, writeFileSafely } from '../io/safe-write.js';
import type { CliIO } from './main.js';

/** Read and check a baseline file. @throws InputError (exit 2) */
export async function readBaseline(file: string): Promise<Baseline> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw new InputError('BASELINE_MISSING', [{ pos: { file }, message: 'no baseline here: write one with `guard-eval run --update-baseline` and commit it' }]);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new InputError('BASELINE_INVALID', [{ pos: { file }, message: `not JSON (${(e as Error).message})` }]);
  }
  const problem = baselineProblem(value);
  if (problem !== undefined) throw new InputError('BASELINE_INVALID', [{ pos: { file }, message: problem }]);
  return value as Baseline;
}

/** Write the baseline of `results` atomically. @returns the file written */
export function writeBaseline(results: RunResults, file: string): Promise<string> {
  const dir = path.dirname(file);
  if (!existsSync(dir)) prepareOutDir(dir, '--baseline');
  writeFileSafely(file, renderBaseline(toBaseline(results)));
  return Promise.resolve(file);
}

export interface GateOptions {
  /** `--baseline`; default from guard-eval.config.yaml, else reports/baseline.json. */
  readonly baseline?: string;
  /** The run covers only part of the scenarios (filters or a shard). */
  readonly partial: boolean;
  /** Where gate.md is written. */
  readonly out: string;
  readonly quiet: boolean;
  /** Called with the report and the baseline file (for the GitHub summary and annotations). */
  readonly onReport?: (report: GateReport, baseline: string) => void;
}

/**
 * Compare `results` with the baseline under the project's policy; print the verdict, write gate.md.
 * @returns 0 within the gate, 1 on a regression
 */
export async function runGate(results: RunResults, opts: GateOptions, io: CliIO): Promise<number> {
  const config = await loadProjectConfig();
  const file = opts.baseline ?? config.gate.baseline;
  const baseline = await readBaseline(file);
  const baseSpec = baseline.guardSpec ?? baseline.guard;
  const runSpec = results.guardSpec ?? results.guard;
  if (baseline.guard !== results.guard || baseSpec !== runSpec) {
    throw new InputError('BASELINE_GUARD', [{ pos: { file }, message: `the baseline is of guard \`${baseline.guard}\` (\`--guard ${baseSpec}\`), this run is of \`${results.guard}\` (\`--guard ${runSpec}\`): compare like with like` }]);
  }
  const report = compareToBaseline(baseline, results, config.gate, opts.partial);
  opts.onReport?.(report, file);
  await writeTextFiles(opts.out, [{ file: 'gate.md', text: `${renderGateMarkdown(report, file, markdownText)}\n` }]);
  // Quiet and passing: the verdict's first line only, so a CI log still says the gate ran and passed.
  if (!opts.quiet || !report.passed) io.stdout(`${renderGateText(report, file)}\n`);
  else io.stdout(`${renderGateText(report, file).split('\n')[0] ?? ''}\n`);
  return report.passed ? 0 : 1;
}

/** `guard-eval gate <results.json>`: the gate on results written earlier (merged from shards, say). */
export async function gateCommand(resultsFile: string, opts: { baseline?: string; out?: string; quiet: boolean }, io: CliIO): Promise<number> {
  const r = await readResults(resultsFile);
  let gated: { report: GateReport; baseline: string } | undefined;
  const code = await runGate(r, { ...(opts.baseline !== undefined ? { baseline: opts.baseline } : {}), partial: false, out: opts.out ?? path.dirname(resultsFile), quiet: opts.quiet, onReport: (report, baseline) => (gated = { report, baseline }) }, io);
  // Under GitHub Actions the step summary gets the gate's verdict (merge-reports wrote the run's).
  const summary = io.env?.['GITHUB_ACTIONS'] === 'true' ? io.env['GITHUB_STEP_SUMMARY'] : undefined;
  if (summary && gated !== undefined) await appendText(summary, `${renderGateMarkdown(gated.report, gated.baseline, markdownText).replace(/^# Regression gate/, `## guard-eval gate: ${gated.report.passed ? 'passed' : 'failed'}`)}\n`);
  return code;
}
