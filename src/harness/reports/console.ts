/** The console report: printed by the CLI, written to no file. */
import Table from 'cli-table3';
import type { RunResults, Totals } from '../model.js';
import { terminalText } from './cells.js';
import { FAILING_OUTCOMES, actualText, location, outcomeText, stepsWithOutcome } from './rows.js';
import type { JudgedStep } from './rows.js';
import type { Reporter, ReportContext } from './types.js';

/**
 * The console's columns: few enough to fit 100 columns (summary.md keeps one column per count).
 * `runs` are scenario × mode runs (a scenario labelled in three modes runs three times); misses and
 * over-blocks are `hard/soft`; `known` counts known gaps still wrong.
 */
export const CONSOLE_HEAD = ['set', 'runs', 'fail', 'steps', 'pass', 'lucky', 'miss', 'over-block', 'race', 'err', 'known', 'pairs'] as const;
/** Printed under the table: what its terse columns count. */
export const CONSOLE_LEGEND = 'runs: scenario × mode runs (fail: failed or errored); miss, over-block: hard/soft steps;\nerr: error steps; pairs: tension pairs passed/total (summary.md has every count)';

/** One row of {@link CONSOLE_HEAD}. */
function consoleCells(label: string, t: Totals): string[] {
  return [
    label,
    String(t.scenarios),
    String(t.failed + t.errored),
    String(t.steps),
    String(t.pass),
    String(t.luckyPass),
    `${t.missHard}/${t.missSoft}`,
    `${t.overBlockHard}/${t.overBlockSoft}`,
    String(t.race),
    String(t.error),
    String(t.known),
    `${t.pairsPassed}/${t.pairs}`,
  ];
}

/** How many failing steps the console lists before it summarises the rest. */
export const CONSOLE_MAX_FAILURES = 20;

/**
 * The guard's name, a table with one row per set and a total row, then one line per failing step
 * (miss, over-block, race, error; at most {@link CONSOLE_MAX_FAILURES}, then `… and N more`).
 * No colours, so the output is stable. Scenario text is reduced to one line without control
 * characters.
 * @returns the text without a trailing newline (the caller prints it as a line)
 */
export function renderConsole(results: RunResults): string {
  const table = new Table({ head: [...CONSOLE_HEAD], style: { head: [], border: [], compact: true }, colAligns: CONSOLE_HEAD.map((_, i) => (i === 0 ? 'left' : 'right')) });
  for (const row of [...results.sets.map((s) => consoleCells(s.set, s.totals)), consoleCells('total', results.totals)]) table.push(row.map(terminalText));
  const lines = [`guard: ${terminalText(results.guard)}`, table.toString(), CONSOLE_LEGEND];
  const t = results.totals;
  if (t.known + t.fixed > 0) lines.push(`known gaps: ${t.known} still wrong (not failures), ${t.fixed} fixed${t.fixed > 0 ? ' (drop their `known:`; --strict-known fails on them)' : ''}`);
  const failing = stepsWithOutcome(results, FAILING_OUTCOMES);
  if (failing.length > 0) {
    lines.push('', ...failing.slice(0, CONSOLE_MAX_FAILURES).map(failureLine));
    if (failing.length > CONSOLE_MAX_FAILURES) lines.push(`… and ${failing.length - CONSOLE_MAX_FAILURES} more`);
  }
  return lines.join('\n');
}

/** `file:line  id [mode]  call: expected X, got Y (outcome severity) rule — detail` */
function failureLine(j: JudgedStep): string {
  const { scenario, step } = j;
  const rule = step.rule === null ? '' : ` ${step.rule}`;
  const detail = step.detail === undefined ? '' : ` — ${step.detail}`;
  return terminalText(
    `${location(j)}  ${scenario.id} [${scenario.mode}]  ${step.call}: expected ${step.expected}, got ${actualText(step)} (${outcomeText(step)})${rule}${detail}`,
  );
}

/** Every entry of the registry takes `(results, ctx)`, so callers never special-case one format. */
export const consoleReporter = {
  render: (results: RunResults, _ctx: ReportContext): string => renderConsole(results),
} as const satisfies Reporter;
