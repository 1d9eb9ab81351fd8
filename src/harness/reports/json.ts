/** `results.json`: the runner's results object as it is, written in pieces. */
import type { RunResults } from '../model.js';
import type { Reporter, ReportContext } from './types.js';

/** Lists whose items are written one per line, compact: a changed verdict is a one-line diff. */
const ONE_PER_LINE: ReadonlySet<string> = new Set(['steps', 'pairs']);

/**
 * The results as JSON, in pieces of about one scenario run each, so that a large run is never one
 * string in memory. Two-space indentation, except that each step and each pair is one line. The
 * runner builds the object in a deterministic order, so its key order is kept as it is (sorting
 * would reorder the documented schema for nothing) and nothing is added: no timestamp, no host, no
 * duration. The pieces joined parse back to `results`.
 */
export function* jsonChunks(results: RunResults): Generator<string> {
  yield* layout(results, '', undefined);
  yield '\n';
}

/** `results.json` as one string (tests, and callers that want the text). */
export function renderJson(results: RunResults): string {
  return [...jsonChunks(results)].join('');
}

function* layout(value: unknown, indent: string, key: string | undefined): Generator<string> {
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return yield '[]';
    if (key !== undefined && ONE_PER_LINE.has(key)) {
      // JSON.stringify's own rules for each item (undefined and functions in a list become null).
      return yield `[\n${value.map((v) => `${inner}${JSON.stringify(v) ?? 'null'}`).join(',\n')}\n${indent}]`;
    }
    yield '[\n';
    for (let i = 0; i < value.length; i++) {
      yield inner;
      yield* layout(value[i] ?? null, inner, undefined);
      yield i < value.length - 1 ? ',\n' : '\n';
    }
    return yield `${indent}]`;
  }
  if (value !== null && typeof value === 'object') {
    // Keys whose value JSON leaves out (undefined, a function) are left out here too.
    const entries = Object.entries(value).filter(([, v]) => v !== undefined && typeof v !== 'function');
    if (entries.length === 0) return yield '{}';
    yield '{\n';
    for (let i = 0; i < entries.length; i++) {
      const [k, v] = entries[i] as [string, unknown];
      yield `${inner}${JSON.stringify(k)}: `;
      yield* layout(v, inner, k);
      yield i < entries.length - 1 ? ',\n' : '\n';
    }
    return yield `${indent}}`;
  }
  yield JSON.stringify(value) ?? 'null';
}

/** Every entry of the registry takes `(results, ctx)`, so callers never special-case one format. */
export const jsonReporter = {
  file: 'results.json',
  render: (results: RunResults, _ctx: ReportContext): string => renderJson(results),
  chunks: (results: RunResults, _ctx: ReportContext): Iterable<string> => jsonChunks(results),
} as const satisfies Reporter;
