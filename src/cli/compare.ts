/**
 * `guard-eval compare [paths...] --guard a,b,... --guard exec:...`: run several guards over the same
 * scenarios and print the guard × set table of miss and over-block rates, failed runs and pairs
 * passed; write it as compare.md, and compare.html (with the security/utility frontier) with a page
 * per guard's run.
 */
import { prepareOutDir } from '../io/safe-write.js';
import { loadCliScenarios } from './scenarios.js';
import Table from 'cli-table3';
import { compare, comparisonTable, renderComparisonMarkdown } from '../harness/compare.js';
import { GUARD_NAMES } from '../harness/guards.js';
import type { GuardName } from '../harness/guards.js';
import type { RunResults } from '../harness/model.js';
import { runScenarios } from '../harness/runner.js';
import { writeTextFiles } from '../harness/write-reports.js';
import { writeComparisonPages } from './report.js';
import { didYouMean } from '../core/suggest.js';
import { InputError, formatIssue } from '../io/errors.js';
import type { CliIO } from './main.js';
import { openGuard, parseGuardTimeout } from './run.js';

export interface CompareCliOptions {
  /** Each `--guard`: comma-separated built-in names, `all`, or one guard spec (module, package, `exec:`). */
  readonly guard: string | readonly string[];
  /** Per-call time limit in ms (`--guard-timeout`). */
  readonly guardTimeout?: string;
  readonly out: string;
  readonly markdown?: boolean;
  readonly json?: boolean;
  readonly quiet?: boolean;
}

/** Parse `--guard builtin,allow-all` (or `all`): known names, each once, in the order given. */
export function parseGuardList(text: string): GuardName[] {
  if (text.trim() === 'all') return [...GUARD_NAMES];
  const names = text.split(',').map((s) => s.trim()).filter((s) => s !== '');
  const bad = names.filter((n) => !(GUARD_NAMES as readonly string[]).includes(n));
  if (names.length === 0 || bad.length > 0) {
    const issues = bad.length > 0 ? bad.map((n) => `unknown guard \`${n}\`${didYouMean(n, GUARD_NAMES)}`) : ['expected a comma-separated list of guards'];
    throw new InputError('USAGE', issues.map((message) => ({ pos: { file: '--guard' }, message: `${message} (one of ${GUARD_NAMES.join(', ')}, or all)` })));
  }
  return [...new Set(names)] as GuardName[];
}

/**
 * The guards of every `--guard`, each once, in the order given: a value that is `all` or a
 * comma-separated list of built-in names stands for those; any other value is one guard spec
 * (a module path, a package name, `exec:<command>`), kept whole (a command line may hold commas).
 */
export function parseGuardSpecs(values: readonly string[]): string[] {
  const out: string[] = [];
  for (const v of values.length > 0 ? values : ['all']) {
    const names = v.split(',').map((s) => s.trim()).filter((s) => s !== '');
    const builtin = v.trim() === 'all' || (names.length > 0 && names.every((n) => (GUARD_NAMES as readonly string[]).includes(n)));
    const isSpec = v.startsWith('exec:') || v.startsWith('.') || v.startsWith('/') || (names.length === 1 && /^[@\w]/.test(v.trim()) && !v.includes(','));
    out.push(...(builtin || !isSpec ? parseGuardList(v) : [v.trim()]));
  }
  return [...new Set(out)];
}

/**
 * @returns 0 (a comparison reports; it gates nothing)
 * @throws InputError on bad input or usage (exit 2)
 */
export async function compareCommand(paths: readonly string[], opts: CompareCliOptions, io: CliIO): Promise<number> {
  const specs = parseGuardSpecs(typeof opts.guard === 'string' ? [opts.guard] : opts.guard);
  const timeoutMs = parseGuardTimeout(opts.guardTimeout);
  prepareOutDir(opts.out);
  const { scenarios, warnings } = await loadCliScenarios(paths, ['challenge-sets']);
  if (!opts.quiet && !opts.json && !opts.markdown) for (const w of warnings) io.stderr(`warning: ${formatIssue(w)}\n`);
  const runs: RunResults[] = [];
  for (const spec of specs) {
    const guard = await openGuard(spec, timeoutMs);
    try {
      runs.push(await runScenarios(scenarios, { guard, callTimeoutMs: timeoutMs }));
    } finally {
      await guard.close();
    }
  }
  const c = compare(runs);
  const markdown = renderComparisonMarkdown(c);
  const written = await writeTextFiles(opts.out, [{ file: 'compare.md', text: `# Guards compared\n\nEach set's cell: miss rate / over-block rate.\n\n${markdown}\n` }]);
  // compare.html and a page per guard's run (runs/<n>-<guard>/index.html), as `report` writes them.
  written.push(...(await writeComparisonPages(runs.map((results, i) => ({ results, from: specs[i] as string })), opts.out)).slice(0, 1));
  if (opts.json) io.stdout(`${JSON.stringify({ schema: 'guard-eval/compare@1', sets: c.sets, rows: c.rows }, null, 2)}\n`);
  else if (opts.markdown) io.stdout(`${markdown}\n`);
  else if (!opts.quiet) {
    const t = comparisonTable(c);
    const table = new Table({ head: t.head, style: { head: [], border: [], compact: true }, colAligns: ['left', ...t.head.slice(1).map(() => 'right' as const)] });
    for (const row of t.rows) table.push(row);
    io.stdout(`each set: miss rate / over-block rate\n${table.toString()}\nreport: ${written.join(', ')}\n`);
  }
  return 0;
}
