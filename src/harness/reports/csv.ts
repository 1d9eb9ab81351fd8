/** `misses.csv` and `over-blocks.csv`: one row per step with that outcome, safe to open in a spreadsheet. */
import { stringify } from 'csv-stringify/sync';
import type { Outcome, RunResults } from '../model.js';
import { safeCell } from './cells.js';
import { actualText, iterationsText, location, replayTarget, stepsWithOutcome } from './rows.js';
import type { Reporter, ReportContext } from './types.js';

/** The CSV columns, in order. Every one of them is text. */
export const CSV_COLUMNS = [
  'scenario',
  'location',
  'mode',
  'severity',
  'call',
  'expected',
  'actual',
  'expected_rule',
  'fired_rules',
  'capabilities',
  'reason',
  'detail',
  'replay',
] as const;

/**
 * The steps with one outcome as CSV: a header row, every cell quoted (empty ones too), LF line
 * ends, every cell passed through {@link safeCell}. `actual` is empty when the guard gave no
 * verdict; `fired_rules` is every fired rule, `capabilities` the capabilities the guard assigned
 * the call (often the cause of a miss), each space-separated; `reason` is the deciding rule's.
 */
export function renderOutcomeCsv(results: RunResults, ctx: ReportContext, outcome: Outcome): string {
  const records = stepsWithOutcome(results, [outcome]).map((j) =>
    [
      j.scenario.id,
      location(j),
      j.scenario.mode,
      j.step.severity ?? '',
      j.step.call,
      j.step.expected,
      j.step.actual === null ? '' : actualText(j.step),
      j.step.expectedRule ?? '',
      j.step.rules.join(' '),
      (j.step.capabilities ?? []).join(' '),
      j.step.reason ?? '',
      // A repeated step says in how many of its iterations it came out so.
      [j.step.detail, iterationsText(j.step)].filter((x) => x !== undefined && x !== '').join('; '),
      ctx.replayCommand(replayTarget(j)),
    ].map(safeCell),
  );
  return stringify(records, {
    header: true,
    columns: [...CSV_COLUMNS],
    quoted: true,
    quoted_empty: true,
    record_delimiter: 'unix',
  });
}

export const missesReporter = {
  file: 'misses.csv',
  render: (results: RunResults, ctx: ReportContext): string => renderOutcomeCsv(results, ctx, 'miss'),
} as const satisfies Reporter;

export const overBlocksReporter = {
  file: 'over-blocks.csv',
  render: (results: RunResults, ctx: ReportContext): string => renderOutcomeCsv(results, ctx, 'over-block'),
} as const satisfies Reporter;
