/**
 * Writing adjudicated labels back into scenario files. Each edit replaces exactly one verdict
 * scalar (a step's `expect: x`, the `verdict` of `expect: {verdict: x, ...}`, or the entry of one
 * mode in a map by mode) in the file's text: the scalar is found with yaml's Document API (source
 * ranges kept), and only its characters change, so every other byte, comments and formatting
 * included, stays as it was. Quoted scalars keep their quotes; a BOM and CRLF line ends are kept.
 *
 * `planLabelEdits` is pure (it reads files through the function it is given); `applyLabels`
 * reads the files and, with `write`, writes them atomically (a temporary file, then a rename).
 */
import { readFileSync } from 'node:fs';
import { writeFileSafely } from './safe-write.js';
import { LineCounter, isMap, isScalar, parseDocument, visit } from 'yaml';
import type { Node, Scalar, YAMLMap } from 'yaml';
import { VERDICTS } from '../core/capabilities.js';
import type { Verdict } from '../core/capabilities.js';
import type { KeyItem, LabelKey } from '../harness/label-sheet.js';

/** One adjudicated label. `row` is where it came from, for messages. */
export interface AdjudicationRow {
  readonly item_id: string;
  readonly final_label: string;
  readonly row?: number;
}

export interface LabelEdit {
  readonly item: string;
  readonly line: number;
  readonly from: Verdict;
  readonly to: Verdict;
  readonly mode?: string;
}

export interface FileEdits {
  readonly file: string;
  readonly edits: readonly LabelEdit[];
  readonly before: string;
  readonly after: string;
  /** Unified-style lines: `file:line` headers, `- old line`, `+ new line`. */
  readonly preview: readonly string[];
}

export interface ApplyIssue {
  readonly row?: number;
  readonly item?: string;
  readonly message: string;
}

export interface ApplyPlan {
  readonly files: readonly FileEdits[];
  /** Labels equal to the key's (nothing to change). */
  readonly unchanged: number;
  readonly issues: readonly ApplyIssue[];
}

interface Target {
  readonly item: KeyItem;
  readonly to: Verdict;
  readonly row?: number;
}

function offsetOf(lc: LineCounter, line: number, col: number): number {
  return (lc.lineStarts[line - 1] ?? -1) + col - 1;
}

/** The call map that starts at `offset`. */
function stepMapAt(root: Node | null, offset: number): YAMLMap | undefined {
  let found: YAMLMap | undefined;
  visit(root, {
    Map(_, node) {
      if (node.range?.[0] === offset) {
        found = node;
        return visit.BREAK;
      }
      return undefined;
    },
  });
  return found;
}

function get(map: YAMLMap, key: string): Node | undefined {
  for (const p of map.items) {
    if (isScalar(p.key) && p.key.value === key) return (p.value ?? undefined) as Node | undefined;
  }
  return undefined;
}

/** The verdict scalar an item's label lives in, or why it cannot be edited. */
function verdictScalar(step: YAMLMap, item: KeyItem): Scalar | string {
  const expect = get(step, 'expect');
  if (expect === undefined) return 'the step has no `expect` written in place (it may come from a `<<` merge or an alias): edit it by hand';
  let node: Node | undefined = expect;
  if (item.byMode) {
    if (!isMap(node)) return 'the `expect` is no longer a map by mode: the file changed since the export';
    node = get(node, item.mode);
    if (node === undefined) return `the \`expect\` map has no \`${item.mode}\` entry written in place: the file changed since the export`;
  }
  if (isMap(node)) node = get(node, 'verdict');
  if (node === undefined || !isScalar(node)) return 'the verdict is not a scalar written in place (an alias?): edit it by hand';
  if (node.type !== 'PLAIN' && node.type !== 'QUOTE_DOUBLE' && node.type !== 'QUOTE_SINGLE') return 'the verdict is a block scalar: edit it by hand';
  return node;
}

function lineAt(text: string, offset: number): { start: number; end: number } {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  const nl = text.indexOf('\n', offset);
  let end = nl === -1 ? text.length : nl;
  if (text[end - 1] === '\r') end--;
  return { start, end };
}

/** Plan the edits for one file's text (BOM already removed). */
function planFile(file: string, text: string, targets: readonly Target[], issues: ApplyIssue[]): FileEdits | undefined {
  const lc = new LineCounter();
  const doc = parseDocument(text, { keepSourceTokens: true, lineCounter: lc, uniqueKeys: false });
  if (doc.errors.length > 0) {
    issues.push({ message: `${file}: cannot read the YAML any more: ${doc.errors[0]?.message ?? ''}` });
    return undefined;
  }
  // Group by scalar: several items (modes) may share one single `expect` scalar.
  const byScalar = new Map<Scalar, Target[]>();
  for (const t of targets) {
    const at = `${file}:${t.item.line}`;
    const step = stepMapAt(doc.contents as Node | null, offsetOf(lc, t.item.line, t.item.col));
    if (step === undefined) {
      issues.push({ item: t.item.id, ...(t.row !== undefined ? { row: t.row } : {}), message: `${at}: no step starts here any more: the file changed since the export` });
      continue;
    }
    const s = verdictScalar(step, t.item);
    if (typeof s === 'string') {
      issues.push({ item: t.item.id, ...(t.row !== undefined ? { row: t.row } : {}), message: `${at}: ${s}` });
      continue;
    }
    if (String(s.value) !== t.item.expected) {
      issues.push({ item: t.item.id, ...(t.row !== undefined ? { row: t.row } : {}), message: `${at}: the label is now \`${String(s.value)}\`, the key says \`${t.item.expected}\`: the file changed since the export` });
      continue;
    }
    byScalar.set(s, [...(byScalar.get(s) ?? []), t]);
  }
  const splices: { start: number; end: number; text: string; edit: LabelEdit[] }[] = [];
  for (const [s, ts] of byScalar) {
    const tos = new Set(ts.map((t) => t.to));
    if (tos.size > 1) {
      issues.push({
        item: ts.map((t) => t.item.id).join(', '),
        message: `${file}:${ts[0]?.item.line ?? 0}: one \`expect\` holds the label of every mode, and the adjudicated labels differ by mode (${ts.map((t) => `${t.item.mode}: ${t.to}`).join(', ')}): write a map by mode by hand`,
      });
      continue;
    }
    const to = ts[0]?.to as Verdict;
    const [start, end] = [s.range?.[0] ?? 0, s.range?.[1] ?? 0];
    const q = s.type === 'QUOTE_DOUBLE' ? '"' : s.type === 'QUOTE_SINGLE' ? "'" : '';
    splices.push({
      start,
      end,
      text: `${q}${to}${q}`,
      edit: ts.map((t) => ({ item: t.item.id, line: lc.linePos(start).line, from: t.item.expected, to, ...(t.item.byMode || ts.length > 1 ? { mode: t.item.mode } : {}) })),
    });
  }
  if (splices.length === 0) return undefined;
  splices.sort((a, b) => b.start - a.start);
  let after = text;
  for (const sp of splices) after = after.slice(0, sp.start) + sp.text + after.slice(sp.end);
  // The preview: each changed line, before and after (offsets of `after` shift only within lines).
  const preview: string[] = [];
  const ordered = [...splices].reverse();
  let shift = 0;
  for (const sp of ordered) {
    const { start, end } = lineAt(text, sp.start);
    const newStart = start + shift;
    shift += sp.text.length - (sp.end - sp.start);
    const newEnd = end + shift;
    preview.push(`${file}:${lc.linePos(sp.start).line}`, `- ${text.slice(start, end).trim()}`, `+ ${after.slice(newStart, newEnd).trim()}`);
  }
  return { file, edits: ordered.flatMap((s) => s.edit), before: text, after, preview };
}

/**
 * Plan the write-back of adjudicated labels. A label equal to the key's is no edit. Issues:
 * unknown item ids, duplicate rows, invalid labels, steps that moved or changed since the export,
 * labels that differ by mode on one shared `expect`. Pure apart from `readText`.
 */
export function planLabelEdits(rows: readonly AdjudicationRow[], key: LabelKey, readText: (file: string) => string): ApplyPlan {
  const issues: ApplyIssue[] = [];
  const byId = new Map(key.items.map((i) => [i.id, i]));
  const seen = new Map<string, number | undefined>();
  const targets = new Map<string, Target[]>();
  let unchanged = 0;
  for (const r of rows) {
    const where = r.row !== undefined ? { row: r.row } : {};
    const id = r.item_id.trim().replace(/^'/, '');
    const item = byId.get(id);
    if (item === undefined) {
      issues.push({ ...where, item: id, message: `unknown item id \`${id}\`` });
      continue;
    }
    if (seen.has(id)) {
      issues.push({ ...where, item: id, message: `duplicate item id \`${id}\`${seen.get(id) !== undefined ? ` (first at row ${String(seen.get(id))})` : ''}` });
      continue;
    }
    seen.set(id, r.row);
    const to = r.final_label.trim().replace(/^'/, '').trim().toLowerCase();
    if (!(VERDICTS as readonly string[]).includes(to)) {
      issues.push({ ...where, item: id, message: `invalid final label \`${r.final_label}\` (expected allow, ask or deny)` });
      continue;
    }
    if (to === item.expected) {
      unchanged++;
      continue;
    }
    targets.set(item.file, [...(targets.get(item.file) ?? []), { item, to: to as Verdict, ...where }]);
  }
  const files: FileEdits[] = [];
  for (const [file, ts] of [...targets].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    let text: string;
    try {
      text = readText(file);
    } catch (e) {
      issues.push({ message: `${file}: cannot read: ${e instanceof Error ? e.message : String(e)}` });
      continue;
    }
    const f = planFile(file, text, ts, issues);
    if (f !== undefined) files.push(f);
  }
  return { files, unchanged, issues };
}

/**
 * Plan, and with `write` (and no issue at all) write every changed file atomically. A file's BOM
 * is kept.
 * @returns the plan, and whether files were written
 */
export function applyLabels(rows: readonly AdjudicationRow[], key: LabelKey, opts: { write?: boolean } = {}): ApplyPlan & { written: boolean } {
  const boms = new Set<string>();
  const plan = planLabelEdits(rows, key, (file) => {
    const t = readFileSync(file, 'utf8');
    if (t.startsWith('\uFEFF')) {
      boms.add(file);
      return t.slice(1);
    }
    return t;
  });
  if (opts.write !== true || plan.issues.length > 0 || plan.files.length === 0) return { ...plan, written: false };
  // A scenario file that is a symlink is edited where it points, and keeps its mode.
  for (const f of plan.files) writeFileSafely(f.file, boms.has(f.file) ? `\uFEFF${f.after}` : f.after, { throughSymlink: true });
  return { ...plan, written: true };
}
