/**
 * `guard-eval compare [paths...] --guard a,b,...`: run several guards over the same scenarios and
 * print the guard × set table of miss and over-block rates, failed runs and pairs passed.
 */
import Table from 'cli-table3';
import { compare, comparisonTable, renderComparisonMarkdown } from '../harness/compare.js';
import { GUARDS, GUARD_NAMES } from '../harness/guards.js';
import type { GuardName } from '../harness/guards.js';
import type { RunResults } from '../harness/model.js';
import { runScenarios } from '../harness/runner.js';
import { writeTextFiles } from '../harness/write-reports.js';
import { didYouMean } from '../core/suggest.js';
import { loadScenariosOrThrow } from '../io/dsl.js';
import { InputError, formatIssue } from '../io/errors.js';
import type { CliIO } from './main.js';

export interface CompareCliOptions {
  /** Comma-separated guard names, or `all`. */
  readonly guard: string;
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
 * @returns 0 (a comparison reports; it gates nothing)
 * @throws InputError on bad input or usage (exit 2)
 */
export async function compareCommand(paths: readonly string[], opts: CompareCliOptions, io: CliIO): Promise<number> {
  const names = parseGuardList(opts.guard);
  const { scenarios, warnings } = await loadScenariosOrThrow(paths.length > 0 ? paths : ['challenge-sets']);
  if (!opts.quiet && !opts.json && !opts.markdown) for (const w of warnings) io.stderr(`warning: ${formatIssue(w)}\n`);
  const runs: RunResults[] = [];
  for (const name of names) {
    const guard = GUARDS[name]();
    try {
      runs.push(await runScenarios(scenarios, { guard }));
    } finally {
      await guard.close();
    }
  }
  const c = compare(runs);
  const markdown = renderComparisonMarkdown(c);
  const written = await writeTextFiles(opts.out, [{ file: 'compare.md', text: `# Guards compared\n\nEach set's cell: miss rate / over-block rate.\n\n${markdown}\n` }]);
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
