/** The edge where reports meet the disk: render pure (./reports), write here. */
import path from 'node:path';
import { prepareOutDir, writeFileSafely } from '../io/safe-write.js';
import { escapeControls } from './reports/cells.js';
import type { RunResults } from './model.js';
import { REPORTERS, REPORTER_NAMES } from './reports/index.js';
import type { ReportContext, Reporter, ReporterName } from './reports/index.js';
import { replayCommand } from './reports/replay.js';

/**
 * Write the reports that have a file into `outDir` (created if missing). Returns the paths written.
 * Never writes outside outDir; writes each file atomically (an exclusive temporary file, then a rename).
 *
 * Every report is rendered before the first file is touched, except those written in pieces
 * (`results.json`), which are written first: a renderer that throws leaves the directory as it
 * was. A report without a file (`console`) is skipped.
 * @param context what renderers may ask beyond the results; `{}` gives replay commands for the
 *   guard the results name
 * @param names the reports to write, in order; duplicates are written once. @default every reporter
 * @returns the paths written (`outDir` joined with each file name), in the order of `names`
 */
export async function writeReports(
  results: RunResults,
  context: Partial<ReportContext>,
  outDir: string,
  names: readonly ReporterName[] = REPORTER_NAMES,
): Promise<string[]> {
  // Without a replay command of the caller's, reports name the guard the results say ran.
  const ctx: ReportContext = {
    replayCommand: context.replayCommand ?? replayCommand(results.guard),
    sourceRoot: context.sourceRoot ?? sourceRootOf(outDir),
    ...(context.explainTrace !== undefined ? { explainTrace: context.explainTrace } : {}),
  };
  const rendered: { file: string; text: string | Iterable<string> }[] = [];
  for (const name of new Set(names)) {
    const reporter: Reporter = REPORTERS[name];
    if (reporter.file === undefined) continue;
    // A report that can be large is streamed while it is written; the others are rendered now.
    rendered.push({ file: reporter.file, text: reporter.chunks !== undefined ? reporter.chunks(results, ctx) : reporter.render(results, ctx) });
  }
  return writeTextFiles(outDir, rendered);
}

/**
 * Write rendered texts as files of `outDir` (created if missing), each atomically through an
 * exclusive temporary file and a rename (io/safe-write.ts: a symlink planted in `outDir` is
 * replaced, never followed). File names must be plain (one path segment), so nothing is written
 * outside `outDir`; they are all checked before the first write.
 * @returns the paths written, in order
 * @throws InputError when `outDir` is not a usable folder or a file cannot be written
 */
export function writeTextFiles(outDir: string, files: readonly { file: string; text: string | Iterable<string> }[]): Promise<string[]> {
  const rendered = files.map(({ file, text }) => ({ target: path.join(outDir, plainFileName(file)), text }));
  prepareOutDir(outDir);
  // Streamed texts first: one that fails while it is produced then leaves the folder as it was.
  const order = [...rendered.filter((r) => typeof r.text !== 'string'), ...rendered.filter((r) => typeof r.text === 'string')];
  for (const { target, text } of order) {
    // Whatever a renderer let through, no report holds a character that can drive a terminal or
    // reorder text (`cat summary.md`): shown escaped. JSON stays the same value (`\uXXXX` is a
    // JSON escape); CSV keeps its line breaks. Pieces are escaped one by one: a piece never
    // splits a character.
    const keep = target.endsWith('.csv') ? '\t\r\n' : '\t\n';
    writeFileSafely(target, typeof text === 'string' ? escapeControls(text, keep) : mapIterable(text, (t) => escapeControls(t, keep)));
  }
  return Promise.resolve(rendered.map((r) => r.target));
}

/** From `outDir` back to the working folder, where the scenario paths of a run start: `../` for `reports`. */
export function sourceRootOf(outDir: string): string {
  const rel = path.relative(path.resolve(outDir), process.cwd()).split(path.sep).join('/');
  return rel === '' ? '' : `${rel}/`;
}

function* mapIterable<T, U>(items: Iterable<T>, f: (t: T) => U): Generator<U> {
  for (const t of items) yield f(t);
}

/** INVARIANT: a report's file name is one path segment, so joining it to outDir stays inside outDir. */
function plainFileName(file: string): string {
  if (file === '' || file === '.' || file === '..' || file !== path.basename(file) || /[\\/]/.test(file)) {
    throw new Error(`report file name \`${file}\` is not a plain file name`);
  }
  return file;
}
