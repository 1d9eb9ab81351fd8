/**
 * `guard-eval coverage [paths...] [--min N]`: the rule × mode × polarity matrix per set, printed
 * and written to `<out>/coverage.md`; exit 1 when a cell of the whole matrix is under the floor.
 */
import { loadCliScenarios } from './scenarios.js';
import Table from 'cli-table3';
import { RULE_IDS } from '../core/rules.js';
import { didYouMean } from '../core/suggest.js';
import { BOUNDARY_TAG, COVERAGE_COLUMNS, UNREACHABLE_RULES, badBoundaryTags, belowFloor, coverage, coverageJson, coverageRows } from '../harness/coverage.js';
import type { Coverage, Matrix } from '../harness/coverage.js';
import { inlineCode, markdownText } from '../harness/reports/cells.js';
import { writeTextFiles } from '../harness/write-reports.js';
import { InputError, formatIssue } from '../io/errors.js';
import type { CliIO } from './main.js';

export interface CoverageCliOptions {
  readonly min?: string;
  readonly out: string;
  readonly json?: boolean;
  readonly quiet?: boolean;
}

function parseFloor(min: string | undefined): number | undefined {
  if (min === undefined) return undefined;
  if (!/^[0-9]{1,6}$/.test(min)) throw new InputError('USAGE', [{ pos: { file: '--min' }, message: `expected a non-negative integer, got \`${min}\`` }]);
  return Number(min);
}

function consoleMatrix(m: Matrix): string {
  const table = new Table({ head: ['rule', ...COVERAGE_COLUMNS], style: { head: [], border: [], compact: true }, colAligns: ['left', ...COVERAGE_COLUMNS.map(() => 'right' as const)] });
  for (const row of coverageRows(m)) table.push([row.rule, ...row.cells]);
  return `${m.set === 'all' ? 'all sets' : m.set} (${m.scenarios} scenario${m.scenarios === 1 ? '' : 's'})\n${table.toString()}`;
}

function markdownMatrix(m: Matrix): string[] {
  const head = `| rule | ${COVERAGE_COLUMNS.join(' | ')} |`;
  const sep = `| --- | ${COVERAGE_COLUMNS.map(() => '---:').join(' | ')} |`;
  return [`## ${m.set === 'all' ? 'All sets' : markdownText(m.set)} (${m.scenarios} scenarios)`, '', head, sep, ...coverageRows(m).map((r) => `| ${inlineCode(r.rule)} | ${r.cells.join(' | ')} |`), ''];
}

/** `coverage.md`: how the matrix is counted, the floor, then one table for all sets and one per set. */
export function renderCoverageMarkdown(c: Coverage, floor: number | undefined): string {
  const out = [
    '# Coverage',
    '',
    'Scenarios per rule × mode × polarity. A **hit** is a scenario whose label names the rule for that mode;',
    `a **boundary** is a near miss that must not fire it: tagged ${inlineCode(`${BOUNDARY_TAG}<rule>`)}, or the benign twin of a`,
    'tension pair whose attack twin hits the rule.',
    `${UNREACHABLE_RULES.map((r) => inlineCode(r)).join(' and ')} are the guard's fail-closed paths for its own internal errors: no valid scenario reaches them (n/a); unit tests cover them.`,
    '',
  ];
  if (floor !== undefined) {
    const below = belowFloor(c.all, floor);
    out.push(`Floor: ${floor} per cell. ${below.length === 0 ? 'Every cell meets it.' : `${below.length} cell${below.length === 1 ? '' : 's'} below it:`}`, '');
    for (const b of below) out.push(`- ${inlineCode(b.rule)} ${b.mode} ${b.polarity}: ${b.count}`);
    if (below.length > 0) out.push('');
  }
  const known = [...c.all.known].filter(([, ids]) => ids.length > 0);
  if (known.length > 0) {
    out.push('Known gaps: these hits come from steps marked `known:` (a guard is known to get them wrong). They count as hits, since the label is right and the scenario exercises the rule.', '');
    for (const [k, ids] of known) {
      const [rule, mode] = k.split('|');
      out.push(`- ${inlineCode(rule ?? '')} ${mode ?? ''}: ${ids.map((id) => inlineCode(id)).join(', ')}`);
    }
    out.push('');
  }
  for (const m of [c.all, ...c.sets]) out.push(...markdownMatrix(m));
  return `${out.join('\n')}`;
}

/**
 * @returns 0, or 1 when `--min` is given and a cell of the all-sets matrix is below it
 * @throws InputError on bad input (exit 2): unreadable scenarios, a `boundary:` tag naming no rule
 */
export async function coverageCommand(paths: readonly string[], opts: CoverageCliOptions, io: CliIO): Promise<number> {
  const floor = parseFloor(opts.min);
  const { scenarios, warnings } = await loadCliScenarios(paths, ['challenge-sets']);
  if (!opts.quiet && !opts.json) for (const w of warnings) io.stderr(`warning: ${formatIssue(w)}\n`);
  const bad = badBoundaryTags(scenarios);
  if (bad.length > 0) {
    throw new InputError(
      'INVALID',
      bad.map((b) => ({ pos: b.scenario.loc, message: `tag \`${b.tag}\` names no rule${didYouMean(b.rule, RULE_IDS)} (a boundary tag is \`${BOUNDARY_TAG}<rule id>\`)` })),
    );
  }
  const c = coverage(scenarios);
  const written = await writeTextFiles(opts.out, [{ file: 'coverage.md', text: renderCoverageMarkdown(c, floor) }]);
  const below = floor === undefined ? [] : belowFloor(c.all, floor);
  if (opts.json) io.stdout(`${JSON.stringify(coverageJson(c, floor), null, 2)}\n`);
  else if (!opts.quiet) {
    io.stdout(`${[c.all, ...c.sets].map(consoleMatrix).join('\n\n')}\n`);
    if (floor !== undefined) {
      io.stdout(below.length === 0 ? `every cell has at least ${floor} scenario${floor === 1 ? '' : 's'}\n` : `${below.length} cell${below.length === 1 ? '' : 's'} below the floor of ${floor}:\n`);
      for (const b of below) io.stdout(`  ${b.rule} ${b.mode} ${b.polarity}: ${b.count}\n`);
    }
    io.stdout(`report: ${written.join(', ')}\n`);
  }
  return below.length > 0 ? 1 : 0;
}
