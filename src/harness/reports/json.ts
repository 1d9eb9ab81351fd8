/** `results.json`: the runner's results object as it is. */
import type { RunResults } from '../model.js';
import type { Reporter, ReportContext } from './types.js';

/**
 * The results, pretty-printed. The runner builds the object in a deterministic order, so its key
 * order is kept as it is (sorting would reorder the documented schema for nothing) and nothing is
 * added: no timestamp, no host, no duration.
 */
export function renderJson(results: RunResults): string {
  return `${JSON.stringify(results, null, 2)}\n`;
}

/** Every entry of the registry takes `(results, ctx)`, so callers never special-case one format. */
export const jsonReporter = {
  file: 'results.json',
  render: (results: RunResults, _ctx: ReportContext): string => renderJson(results),
} as const satisfies Reporter;
