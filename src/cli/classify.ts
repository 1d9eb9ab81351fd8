/** `guard-eval classify <file> [--json]`. */
import Table from 'cli-table3';
import { SHORT_NAMES } from '../core/capabilities.js';
import type { Capability } from '../core/capabilities.js';
import { explainTool } from '../core/classifier.js';
import type { WordsRead } from '../core/classifier.js';
import type { Discount } from '../core/classifier-discounts.js';
import { createGuard } from '../core/guard.js';
import type { SpecCut } from '../core/types.js';
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
  /** With `--explain`: what the classifier read and set aside (a negation, an example, a code span, an enum value). */
  readonly discounted?: readonly Discount[];
  /**
   * With `--explain`, for a tool that classifies to nothing and is not harmless: the verbs and
   * objects its name and description were read as, which paired into nothing the vocabulary places.
   */
  readonly read?: readonly WordsRead[];
  /**
   * When the spec was read only in part: where reading stopped and why. The tool then carries all six
   * capabilities (what was read, and the rest for what the unread part may say) and every call to it
   * asks, or is denied in strict mode (`guard.input-unread`); the unknownTool posture applies too.
   */
  readonly unread?: SpecCut;
  /**
   * A verb the classifier cannot read that opens the description of a tool whose capabilities come
   * only from the nouns its name names (`waive` in "Waive the late fee of an invoice"): the
   * capabilities are what those nouns read as, and the unknownTool posture applies too.
   */
  readonly unreadAct?: string;
}

/**
 * Classify every tool of a file.
 * @returns exit code 0 (errors are thrown as InputError and become exit 2)
 */
export async function classifyCommand(file: string, opts: { json: boolean; explain?: boolean }, io: CliIO): Promise<number> {
  const tools = await loadToolSpecs(file);
  const guard = createGuard({ salt: '' });
  // Every tool first: a tool's server is read from all of them (a write is kept in the product the
  // server's tools name).
  for (const { spec } of tools) guard.registerTool(spec);
  const rows: ClassifyRow[] = tools.map(({ spec }) => {
    const info = guard.tool(spec.name);
    const empty = info.capabilities.length > 0 ? undefined : info.recognised !== undefined ? { as: 'harmless' as const, ...info.recognised } : { as: 'unknown' as const };
    const explained = opts.explain === true ? explainTool(spec, { server: guard.serverProduct(spec.origin) }) : undefined;
    const discounted = explained?.discounted;
    // What the text was read as, for a tool the guard treats as unknown (its own answer, which weighs
    // the tool's server too, decides).
    const read = explained?.read !== undefined && empty?.as === 'unknown' ? explained.read : undefined;
    return { name: spec.name, capabilities: info.capabilities, codeMode: info.codeMode, evidence: info.evidence, ...(empty !== undefined ? { empty } : {}), ...(info.unread !== undefined ? { unread: info.unread } : {}), ...(info.unreadAct !== undefined ? { unreadAct: info.unreadAct } : {}), ...(discounted !== undefined ? { discounted } : {}), ...(read !== undefined ? { read } : {}) };
  });
  if (opts.json) {
    io.stdout(`${JSON.stringify(rows, null, 2)}\n`);
    return 0;
  }
  io.stdout(`${opts.explain === true ? renderExplanation(rows) : renderClassifyTable(rows)}\n`);
  return 0;
}

const WHERE: Readonly<Record<string, string>> = { name: 'name', description: 'description', schema: 'property', annotation: 'annotation', origin: 'origin', override: 'override', command: 'command' };
const WHY: Readonly<Record<Discount['why'], string>> = { negation: 'negated', ability: 'what someone will be able to do, not what the call does', example: 'an example of a request', 'code-span': 'a code span (names another tool or a parameter)', link: "a link's address (read as one link, not as words)", 'enum-value': 'an enum value (a value to pick)', usage: "a later sentence's act (what the results are for, or where an input comes from)", suite: 'the suite the tool belongs to (what it does of the other kind than the tool\'s own act is not the tool\'s)' };

/** Where reading stopped, in words: `description past 16 384 characters`, `property properties.a: 512 properties or more`. */
function unreadText(cut: SpecCut): string {
  return `${place(cut.source, cut.at)}${cut.source === 'schema' ? ':' : ''} ${cut.why}`;
}

/** Quoted terms, or `none`. */
function listed(terms: readonly string[]): string {
  return terms.length === 0 ? 'none' : terms.map((t) => JSON.stringify(t)).join(', ');
}

/** Where a term was read: `name`, `description`, or `property properties.to`. */
function place(source: string, at: string | undefined): string {
  return `${WHERE[source] ?? source}${at !== undefined ? ` ${at}` : ''}`;
}

/**
 * `classify --explain`: per tool, per capability, the words that matched and where; then what was
 * read and set aside. Pure.
 */
export function renderExplanation(rows: readonly ClassifyRow[]): string {
  const out: string[] = [];
  for (const r of rows) {
    const e = r.empty;
    out.push(`${r.name}: ${r.capabilities.length > 0 ? r.capabilities.join(', ') : e?.as === 'harmless' ? `harmless (${e.kind})` : 'no capability (unknown: the unknownTool posture applies)'}${r.codeMode ? ' (Code Mode)' : ''}`);
    if (r.unread !== undefined) out.push(`  read in part: ${unreadText(r.unread)}; judged as doing all six things; every call asks (denied in strict mode), and the unknownTool posture applies too`);
    if (r.unreadAct !== undefined) out.push(`  a verb the classifier cannot read opens the description (${JSON.stringify(r.unreadAct)}): its capabilities come only from the nouns of its name, so the unknownTool posture applies too`);
    for (const c of r.capabilities) {
      out.push(`  ${c} (${SHORT_NAMES[c]})`);
      const byPlace = new Map<string, string[]>();
      for (const ev of r.evidence) {
        if (ev.capability !== c) continue;
        const k = place(ev.source, ev.at);
        byPlace.set(k, [...(byPlace.get(k) ?? []), ev.term]);
      }
      for (const [k, terms] of byPlace) out.push(`    ${k}: ${terms.map((t) => JSON.stringify(t)).join(', ')}`);
    }
    // The words come from the name (a time, a calculator, a chart) or, for a computation on shapes,
    // from the description's first sentence.
    if (e?.as === 'harmless') out.push(`  recognised by the words: ${e.terms.map((t) => JSON.stringify(t)).join(', ')}`);
    if (r.read !== undefined) {
      out.push('  read as (no verb paired with an object the vocabulary places):');
      for (const w of r.read) out.push(`    ${w.source}: verbs ${listed(w.verbs)}; objects ${listed(w.objects)}; words it does not know ${listed(w.unknown)}`);
    }
    const d = r.discounted ?? [];
    if (d.length > 0) {
      out.push('  set aside:');
      for (const x of d) out.push(`    ${place(x.source, x.at)}: ${JSON.stringify(x.text)}: ${WHY[x.why]}${x.cue !== undefined ? ` by ${JSON.stringify(x.cue)}` : ''}`);
    }
    out.push('');
  }
  return out.join('\n').trimEnd();
}

/** The human table: tool, capabilities, evidence (one line per capability). Pure. */
export function renderClassifyTable(rows: readonly ClassifyRow[]): string {
  const table = new Table({ head: ['tool', 'capabilities', 'evidence'], style: { head: [], border: [] }, wordWrap: true, colWidths: [28, 22, 70] });
  for (const r of rows) {
    if (r.capabilities.length === 0) {
      const e = r.empty;
      table.push([r.name, '(none)', e?.as === 'harmless' ? `harmless (${e.kind}: ${e.terms.join(', ')}): allowed, no posture` : 'matches nothing: the unknownTool posture applies']);
      continue;
    }
    const caps = r.capabilities.join('\n') + (r.codeMode ? '\n(Code Mode)' : '') + (r.unread !== undefined ? `\n(read in part: ${unreadText(r.unread)})` : '') + (r.unreadAct !== undefined ? `\n(unread verb ${JSON.stringify(r.unreadAct)}: the unknownTool posture applies)` : '');
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
