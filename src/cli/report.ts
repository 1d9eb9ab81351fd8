/**
 * `guard-eval report <results.json...> --out <dir>`: the HTML pages of runs saved earlier. Each run
 * gets its own page (`runs/<n>-<label>/index.html`), and `compare.html` puts them side by side: the
 * guard × set table and the security/utility frontier. Several runs of one guard (configurations,
 * commits) are told apart by the folder their results.json was in.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import type { RunResults } from '../harness/model.js';
import { renderCompareHtml } from '../harness/reports/compare-html.js';
import type { ComparedRun } from '../harness/reports/compare-html.js';
import { renderHtml } from '../harness/reports/html.js';
import { replayCommand } from '../harness/reports/replay.js';
import { sourceRootOf, writeTextFiles } from '../harness/write-reports.js';
import { InputError } from '../io/errors.js';
import { readResults } from '../io/results-file.js';
import { prepareOutDir } from '../io/safe-write.js';
import type { CliIO } from './main.js';

export interface ReportOptions {
  readonly out: string;
  readonly quiet?: boolean;
}

/** A run's label as the page shows it: its guard, and its configuration when it had one. */
function baseLabel(r: RunResults): string {
  return r.guardConfig !== undefined ? `${r.guard} (${path.basename(r.guardConfig)})` : r.guard;
}

/** A folder name from a label: letters, digits, `.`, `_` and `-`, at most 60 characters. */
function slug(label: string): string {
  return label.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[-.]+|-+$/g, '').slice(0, 60) || 'run';
}

/**
 * Write each run's page and the comparison page into `outDir`.
 * @param runs the runs, with where each came from (a results file, or the guard spec that ran)
 * @returns the paths written, compare.html first
 */
export async function writeComparisonPages(runs: readonly { results: RunResults; from: string }[], outDir: string): Promise<string[]> {
  const labels = runs.map((r) => baseLabel(r.results));
  const compared: ComparedRun[] = [];
  const written: string[] = [];
  for (const [i, r] of runs.entries()) {
    const base = labels[i] as string;
    // Two runs that would read the same are told apart by where they came from.
    const label = labels.filter((l) => l === base).length > 1 ? `${base} · ${r.from}` : base;
    const dir = `runs/${i + 1}-${slug(label)}`;
    const pageDir = path.join(outDir, dir);
    const ctx = { replayCommand: replayCommand(r.results.guardSpec ?? r.results.guard, r.results.guardConfig), sourceRoot: sourceRootOf(pageDir) };
    written.push(...(await writeTextFiles(pageDir, [{ file: 'index.html', text: renderHtml(r.results, ctx) }])));
    compared.push({ results: r.results, label, href: `${dir}/index.html` });
  }
  const page = await writeTextFiles(outDir, [{ file: 'compare.html', text: await renderCompareHtml(compared) }]);
  return [...page, ...written];
}

function isFolder(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

/**
 * @returns 0 (pages report; they gate nothing)
 * @throws InputError (exit 2): no file given, or a file missing, not JSON or not a results.json
 */
export async function reportCommand(files: readonly string[], opts: ReportOptions, io: CliIO): Promise<number> {
  if (files.length === 0) throw new InputError('USAGE', [{ pos: { file: 'report' }, message: 'name at least one results.json (a run writes one into its --out folder)' }]);
  prepareOutDir(opts.out);
  const runs: { results: RunResults; from: string }[] = [];
  // Every file is read and checked before a page is written.
  for (const given of files) {
    // A run's --out folder stands for the results.json in it.
    const file = isFolder(given) ? path.join(given, 'results.json') : given;
    runs.push({ results: await readResults(file), from: path.dirname(file) === '.' ? file : path.basename(path.dirname(file)) });
  }
  const written = await writeComparisonPages(runs, opts.out);
  if (!opts.quiet) io.stdout(`reports: ${written.join(', ')}\n`);
  return 0;
}
