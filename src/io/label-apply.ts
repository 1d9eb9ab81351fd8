/**
 * Writing adjudicated labels back into scenario files. Each edit replaces exactly one verdict
 * scalar (a step's `expect: x`, the `verdict` of `expect: {verdict: x, ...}`, or the entry of one
 * mode in a map by mode) in the file's text: the scalar is found with yaml's Document API (source
 * ranges kept), and only its characters change, so every other byte, comments and formatting
 * included, stays as it was. Quoted scalars keep their quotes; a BOM and CRLF line ends are kept.
 *
 * Only the adjudicated runs change. A label several runs share is split or refused, never
 * changed for all of them: one `expect` for every mode of a scenario becomes a map by mode in
 * which only the adjudicated modes change; a label shared through a YAML anchor (an `expect`, a
 * mode's entry, or a whole step used by a tension pair's other twin) is refused with the lines of
 * its other uses. Each key item carries a hash of its step (tool, arguments, path): a step that
 * moved or changed since the export is refused, even when its line and old label still match.
 *
 * `planLabelEdits` is pure (it reads files through the function it is given); `applyLabels`
 * reads the files and, with `write`, writes them atomically (a temporary file, then a rename).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { writeFileSafely } from './safe-write.js';
import { LineCounter, isAlias, isMap, isNode, isScalar, parseDocument, stringify, visit } from 'yaml';
import type { Document, Node, Scalar, YAMLMap } from 'yaml';
import { VERDICTS } from '../core/capabilities.js';
import type { Verdict } from '../core/capabilities.js';
import type { KeyItem, LabelKey } from '../harness/label-sheet.js';
import { DEFAULT_MAX_EXPANDED_NODES } from './dsl.js';
import { parseYaml } from './dsl-yaml.js';
import type { YamlView } from './dsl-yaml.js';

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
  /** The adjudication or the files do not match the key: nothing may be written. */
  readonly issues: readonly ApplyIssue[];
  /** Items that cannot change alone (a label shared with other runs): left for a hand edit; the rest may be written. */
  readonly refused: readonly ApplyIssue[];
}

interface Target {
  readonly item: KeyItem;
  readonly to: Verdict;
  readonly row?: number;
}

function offsetOf(lc: LineCounter, line: number, col: number): number {
  return (lc.lineStarts[line - 1] ?? -1) + col - 1;
}

/**
 * Every map of a document by the offset it starts at (the first in document order where two
 * start together), built in one walk per document: looking each item's step up by walking the
 * whole document made a key of thousands of items quadratic (seconds on two sets).
 */
const MAPS_AT = new WeakMap<Node, Map<number, YAMLMap>>();

/** The call map that starts at `offset`. */
function stepMapAt(root: Node | null, offset: number): YAMLMap | undefined {
  if (root === null) return undefined;
  let index = MAPS_AT.get(root);
  if (index === undefined) {
    const built = new Map<number, YAMLMap>();
    visit(root, {
      Map(_, node) {
        const at = node.range?.[0];
        if (at !== undefined && !built.has(at)) built.set(at, node);
      },
    });
    index = built;
    MAPS_AT.set(root, index);
  }
  return index.get(offset);
}

function get(map: YAMLMap, key: string): Node | undefined {
  for (const p of map.items) {
    if (isScalar(p.key) && p.key.value === key) return (p.value ?? undefined) as Node | undefined;
  }
  return undefined;
}

/** The step's fingerprint in a key: its tool, its arguments and its path, so a changed or moved step is noticed. */
export function stepHash(call: unknown, args: unknown, path: string): string {
  return createHash('sha256')
    .update(JSON.stringify([call ?? null, args ?? null, path]))
    .digest('hex')
    .slice(0, 16);
}

/**
 * The hash of the call map starting at `offset`, read as the scenario loader reads it (aliases and
 * merges resolved, the loader's expansion bound). @returns undefined when no call map starts there
 */
function hashAt(view: YamlView | undefined, offset: number, path: string): string | undefined {
  if (view === undefined) return undefined;
  const step = stepMapAt(view.root, offset);
  if (step === undefined) return undefined;
  const entries = view.entries(step);
  const value = (key: string): unknown => {
    const e = entries.find((x) => x.key === key);
    return e === undefined ? undefined : view.value(e.value);
  };
  return stepHash(value('call'), value('args'), path);
}

const viewOf = (text: string, file: string): YamlView | undefined => parseYaml(text, file, DEFAULT_MAX_EXPANDED_NODES).view;

/**
 * The key with each item's {@link stepHash}, read from the files the items point into (each
 * file parsed once). An item whose step cannot be found keeps no hash; write-back then refuses it.
 */
export function withStepHashes(key: LabelKey, readText: (file: string) => string): LabelKey {
  const views = new Map<string, { view: YamlView | undefined; lc: LineCounter }>();
  // A step is an item once per mode: its hash (of arguments that may be megabytes) is taken once.
  const hashes = new Map<string, string | undefined>();
  const items = key.items.map((item) => {
    let v = views.get(item.file);
    if (v === undefined) {
      const lc = new LineCounter();
      let view: YamlView | undefined;
      try {
        const text = readText(item.file).replace(/^\uFEFF/, '');
        lc.addNewLine(0);
        for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lc.addNewLine(i + 1);
        view = viewOf(text, item.file);
      } catch {
        view = undefined;
      }
      v = { view, lc };
      views.set(item.file, v);
    }
    const at = offsetOf(v.lc, item.line, item.col);
    const memo = `${item.file}\u0000${at}\u0000${item.step}`;
    let hash = hashes.get(memo);
    if (!hashes.has(memo)) {
      hash = hashAt(v.view, at, item.step);
      hashes.set(memo, hash);
    }
    return hash === undefined ? item : { ...item, stepHash: hash };
  });
  return { ...key, items };
}

/**
 * Anchors that other nodes alias, with the lines of the aliases: a node carrying one of them is
 * shared, and editing it would change every use.
 */
function aliasedAnchors(doc: Document, lc: LineCounter): Map<string, number[]> {
  const out = new Map<string, number[]>();
  visit(doc, {
    Alias(_, node) {
      const at = node.range?.[0];
      out.set(node.source, [...(out.get(node.source) ?? []), at === undefined ? 0 : lc.linePos(at).line]);
    },
  });
  return out;
}

/** Where an item's label lives: the scalar to edit and the `expect` value it sits in. */
interface Located {
  readonly step: YAMLMap;
  readonly expect: Node;
  readonly scalar: Scalar;
}

/** The verdict scalar an item's label lives in, or why it cannot be edited alone. */
function locate(step: YAMLMap, item: KeyItem, shared: ReadonlyMap<string, number[]>): Located | { refuse: string } | { changed: string } {
  const sharing = (node: unknown, what: string): string | undefined => {
    if (isAlias(node)) return `${what} is the alias *${node.source}, shared with the step that defines &${node.source}: give this step an \`expect\` of its own, then adjudicate it`;
    const anchor = isNode(node) ? node.anchor : undefined;
    const uses = anchor !== undefined ? shared.get(anchor) : undefined;
    if (anchor === undefined || uses === undefined) return undefined;
    const lines = [...new Set(uses)].sort((a, b) => a - b);
    return `${what} is shared through the anchor &${anchor} (used again at line${lines.length === 1 ? '' : 's'} ${lines.join(', ')}): a change here changes every use; edit by hand`;
  };
  const stepShared = sharing(step, 'the step');
  if (stepShared !== undefined) return { refuse: stepShared };
  const expect = get(step, 'expect');
  if (expect === undefined) return { refuse: 'the step has no `expect` written in place (it may come from a `<<` merge): edit it by hand' };
  const expectShared = sharing(expect, 'its `expect`');
  if (expectShared !== undefined) return { refuse: expectShared };
  let node: Node | undefined = expect;
  if (item.byMode) {
    if (!isMap(node) || get(node, 'verdict') !== undefined) return { changed: 'the `expect` is no longer a map by mode: the file changed since the export' };
    node = get(node, item.mode);
    if (node === undefined) return { changed: `the \`expect\` map has no \`${item.mode}\` entry: the file changed since the export` };
    const modeShared = sharing(node, `its \`${item.mode}\` entry`);
    if (modeShared !== undefined) return { refuse: modeShared };
  }
  if (isMap(node)) {
    node = get(node, 'verdict');
    const verdictShared = sharing(node, 'its verdict');
    if (verdictShared !== undefined) return { refuse: verdictShared };
  }
  if (node === undefined || !isScalar(node)) return { changed: 'the label is not a verdict written in place: the file changed since the export' };
  const scalarShared = sharing(node, 'its verdict');
  if (scalarShared !== undefined) return { refuse: scalarShared };
  if (node.type !== 'PLAIN' && node.type !== 'QUOTE_DOUBLE' && node.type !== 'QUOTE_SINGLE') return { refuse: 'the verdict is a block scalar: edit it by hand' };
  return { step, expect, scalar: node };
}

function lineAt(text: string, offset: number): { start: number; end: number } {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  const nl = text.indexOf('\n', offset);
  let end = nl === -1 ? text.length : nl;
  if (text[end - 1] === '\r') end--;
  return { start, end };
}

/** Plan the edits for one file's text (BOM already removed). */
function planFile(file: string, text: string, targets: readonly Target[], issues: ApplyIssue[], refused: ApplyIssue[]): FileEdits | undefined {
  const lc = new LineCounter();
  const doc = parseDocument(text, { keepSourceTokens: true, lineCounter: lc, uniqueKeys: false });
  if (doc.errors.length > 0) {
    issues.push({ message: `${file}: cannot read the YAML any more: ${doc.errors[0]?.message ?? ''}` });
    return undefined;
  }
  const shared = aliasedAnchors(doc, lc);
  const hashView = viewOf(text, file);
  const where = (t: Target): { item: string; row?: number } => ({ item: t.item.id, ...(t.row !== undefined ? { row: t.row } : {}) });
  // Per `expect` written once: the items it labels, and where their verdict is.
  const byExpect = new Map<Node, { t: Target; at: Located }[]>();
  for (const t of targets) {
    const at = `${file}:${t.item.line}`;
    const step = stepMapAt(doc.contents as Node | null, offsetOf(lc, t.item.line, t.item.col));
    if (step === undefined) {
      issues.push({ ...where(t), message: `${at}: no step starts here any more: the file changed since the export` });
      continue;
    }
    if (t.item.stepHash === undefined) {
      issues.push({ ...where(t), message: `${at}: the key holds no fingerprint of this step (written by an older version): export the sheet again` });
      continue;
    }
    if (hashAt(hashView, offsetOf(lc, t.item.line, t.item.col), t.item.step) !== t.item.stepHash) {
      issues.push({ ...where(t), message: `${at}: the step here is not the one the key names (its tool, arguments or place changed since the export)` });
      continue;
    }
    const loc = locate(step, t.item, shared);
    if ('refuse' in loc) {
      refused.push({ ...where(t), message: `${at}: ${loc.refuse}` });
      continue;
    }
    if ('changed' in loc) {
      issues.push({ ...where(t), message: `${at}: ${loc.changed}` });
      continue;
    }
    if (String(loc.scalar.value) !== t.item.expected) {
      issues.push({ ...where(t), message: `${at}: the label is now \`${String(loc.scalar.value)}\`, the key says \`${t.item.expected}\`: the file changed since the export` });
      continue;
    }
    const key = t.item.byMode ? loc.scalar : loc.expect;
    byExpect.set(key, [...(byExpect.get(key) ?? []), { t, at: loc }]);
  }
  const splices: { start: number; end: number; text: string; edit: LabelEdit[] }[] = [];
  for (const group of byExpect.values()) {
    const first = group[0] as { t: Target; at: Located };
    const { scalar, expect } = first.at;
    const edits = (line: number): LabelEdit[] =>
      group.map(({ t }) => ({ item: t.item.id, line, from: t.item.expected, to: t.to, ...(t.item.byMode || (t.item.modes?.length ?? 1) > 1 ? { mode: t.item.mode } : {}) }));
    const tos = new Set(group.map(({ t }) => t.to));
    const modes = first.t.item.modes ?? [first.t.item.mode];
    const covered = new Set(group.map(({ t }) => t.item.mode));
    if (first.t.item.byMode || (tos.size === 1 && modes.every((m) => covered.has(m)))) {
      // The scalar is this run's alone, or every run it labels gets the same new label.
      const to = first.t.to;
      const [start, end] = [scalar.range?.[0] ?? 0, scalar.range?.[1] ?? 0];
      const q = scalar.type === 'QUOTE_DOUBLE' ? '"' : scalar.type === 'QUOTE_SINGLE' ? "'" : '';
      splices.push({ start, end, text: `${q}${to}${q}`, edit: edits(lc.linePos(start).line) });
      continue;
    }
    // One `expect` for every mode, adjudicated for some: a map by mode, the others as they were.
    let value: unknown;
    try {
      value = expect.toJS(doc, { maxAliasCount: 1000 });
    } catch {
      for (const { t } of group) refused.push({ ...where(t), message: `${file}:${t.item.line}: the \`expect\` cannot be read as data: edit it by hand` });
      continue;
    }
    const to = new Map(group.map(({ t }) => [t.item.mode, t.to]));
    const byMode = Object.fromEntries(
      modes.map((m) => {
        const v = to.get(m);
        if (v === undefined) return [m, value];
        return [m, typeof value === 'object' && value !== null ? { ...(value as Record<string, unknown>), verdict: v } : v];
      }),
    );
    const [start, end] = [expect.range?.[0] ?? 0, expect.range?.[1] ?? 0];
    splices.push({ start, end, text: stringify(byMode, { collectionStyle: 'flow', lineWidth: 0 }).trim(), edit: edits(lc.linePos(start).line) });
  }
  if (splices.length === 0) return undefined;
  splices.sort((a, b) => b.start - a.start);
  let after = text;
  for (const sp of splices) after = after.slice(0, sp.start) + sp.text + after.slice(sp.end);
  // The preview: each changed span's lines, before and after.
  const preview: string[] = [];
  const ordered = [...splices].reverse();
  let shift = 0;
  for (const sp of ordered) {
    const a = lineAt(text, sp.start);
    const b = lineAt(text, Math.max(sp.start, sp.end - 1));
    const newStart = a.start + shift;
    shift += sp.text.length - (sp.end - sp.start);
    const newEnd = b.end + shift;
    const old = text.slice(a.start, b.end).split(/\r?\n/).map((l) => `- ${l.trim()}`);
    const now = after.slice(newStart, newEnd).split(/\r?\n/).map((l) => `+ ${l.trim()}`);
    preview.push(`${file}:${lc.linePos(sp.start).line}`, ...old, ...now);
  }
  return { file, edits: ordered.flatMap((s) => s.edit), before: text, after, preview };
}

/**
 * Plan the write-back of adjudicated labels. A label equal to the key's is no edit. Issues (the
 * adjudication or the files do not match the key): unknown item ids, duplicate rows, invalid
 * labels, steps that moved or changed since the export. Refusals (a label shared with runs nobody
 * adjudicated): listed apart, the other edits stand. Pure apart from `readText`.
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
  const refused: ApplyIssue[] = [];
  for (const [file, ts] of [...targets].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    let text: string;
    try {
      text = readText(file);
    } catch (e) {
      issues.push({ message: `${file}: cannot read: ${e instanceof Error ? e.message : String(e)}` });
      continue;
    }
    const f = planFile(file, text, ts, issues, refused);
    if (f !== undefined) files.push(f);
  }
  return { files, unchanged, issues, refused };
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
