/** `guard-eval classify <file> [--json]`. */
import Table from 'cli-table3';
import { SHORT_NAMES } from '../core/capabilities.js';
import type { Capability } from '../core/capabilities.js';
import { createGuard } from '../core/guard.js';
import { loadToolSpecs } from '../io/toolspecs.js';
import type { CliIO } from './main.js';

/** One row of `classify --json`. */
export interface ClassifyRow {
  readonly name: string;
  readonly capabilities: readonly Capability[];
  readonly codeMode: boolean;
  readonly evidence: readonly { capability: string; source: string; term: string; at?: string }[];
  /**
   * For a tool with no capability: `harmless` when the classifier recognised it as doing none of the
   * six things (with what it is and the words of its name that say so), `unknown` when it could not
   * read it (the unknownTool posture applies).
   */
  readonly empty?: { readonly as: 'harmless'; readonly kind: string; readonly terms: readonly string[] } | { readonly as: 'unknown' };
}

/**
 * Classify every tool of a file.
 * @returns exit code 0 (errors are thrown as InputError and become exit 2)
 */
export async function classifyCommand(file: string, opts: { json: boolean }, io: CliIO): Promise<number> {
  const tools = await loadToolSpecs(file);
  const guard = createGuard({ salt: '' });
  const rows: ClassifyRow[] = tools.map(({ spec }) => {
    const info = guard.registerTool(spec);
    const empty = info.capabilities.length > 0 ? undefined : info.recognised !== undefined ? { as: 'harmless' as const, ...info.recognised } : { as: 'unknown' as const };
    return { name: spec.name, capabilities: info.capabilities, codeMode: info.codeMode, evidence: info.evidence, ...(empty !== undefined ? { empty } : {}) };
  });
  if (opts.json) {
    io.stdout(`${JSON.stringify(rows, null, 2)}\n`);
    return 0;
  }
  io.stdout(`${renderClassifyTable(rows)}\n`);
  return 0;
}

/** The human table: tool, capabilities, evidence (one line per capability). Pure. */
export function renderClassifyTable(rows: readonly ClassifyRow[]): string {
  const table = new Table({ head: ['tool', 'capabilities', 'evidence'], style: { head: [], border: [] }, wordWrap: true, colWidths: [28, 22, 70] });
  for (const r of rows) {
    if (r.capabilities.length === 0) {
      const e = r.empty;
      table.push([r.name, '(none)', e?.as === 'harmless' ? `harmless (${e.kind}: name:${e.terms.join(', name:')}): allowed, no posture` : 'matches nothing: the unknownTool posture applies']);
      continue;
    }
    const caps = r.capabilities.join('\n') + (r.codeMode ? '\n(Code Mode)' : '');
    const ev = r.capabilities
      .map((c) => {
        const terms = r.evidence.filter((e) => e.capability === c).map((e) => `${e.source}:${e.term}${e.at ? `@${e.at}` : ''}`);
        return `${SHORT_NAMES[c]}: ${terms.join(', ')}`;
      })
      .join('\n');
    table.push([r.name, caps, ev]);
  }
  return table.toString();
}
