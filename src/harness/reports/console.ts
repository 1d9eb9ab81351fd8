/** The console report: printed by the CLI, written to no file. */
import Table from 'cli-table3';
import type { RunResults } from '../model.js';
import { terminalText } from './cells.js';
import { COUNT_ALIGN, COUNT_HEAD, FAILING_OUTCOMES, actualText, countRows, location, outcomeText, stepsWithOutcome } from './rows.js';
import type { JudgedStep } from './rows.js';
import type { Reporter, ReportContext } from './types.js';

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
  const table = new Table({ head: [...COUNT_HEAD], style: { head: [], border: [] }, colAligns: [...COUNT_ALIGN] });
  for (const row of countRows(results)) table.push(row.map(terminalText));
  const lines = [`guard: ${terminalText(results.guard)}`, table.toString()];
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
