/**
 * Labeling sheets as CSV: writing them (every cell quoted and formula-safe, UTF-8 with an optional
 * BOM, one line-end style throughout), reading a returned sheet back with its row numbers, and
 * validating it against the key. Nothing here touches the filesystem.
 */
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { VERDICTS } from '../core/capabilities.js';
import type { Verdict } from '../core/capabilities.js';
import { safeCell } from '../harness/reports/cells.js';
import { SHEET_COLUMNS } from '../harness/label-sheet.js';
import type { LabelKey, SheetRow } from '../harness/label-sheet.js';
import { InputError } from './errors.js';

export interface RenderSheetOptions {
  /** Start with a UTF-8 BOM (what Excel needs to read UTF-8). @default false */
  readonly bom?: boolean;
  /** Line ends, between records and inside cells alike. @default 'crlf' (RFC 4180) */
  readonly eol?: 'crlf' | 'lf';
}

/** The sheet as CSV text: header row, every cell quoted and passed through {@link safeCell}. */
export function renderSheetCsv(rows: readonly SheetRow[], opts: RenderSheetOptions = {}): string {
  const eol = opts.eol === 'lf' ? '\n' : '\r\n';
  const cell = (s: string): string => safeCell(s).replace(/\r\n|\r|\n/g, eol);
  const records = rows.map((r) => SHEET_COLUMNS.map((c) => cell(r[c])));
  const text = stringify(records, {
    header: true,
    columns: [...SHEET_COLUMNS],
    quoted: true,
    quoted_empty: true,
    record_delimiter: opts.eol === 'lf' ? 'unix' : 'windows',
  });
  return opts.bom === true ? `\uFEFF${text}` : text;
}

/** Any table as the sheet is written (quoted, formula-safe, CRLF): the adjudication sheet. */
export function renderTableCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const cell = (x: string): string => safeCell(x).replace(/\r\n|\r|\n/g, '\r\n');
  return stringify(
    rows.map((r) => r.map(cell)),
    { header: true, columns: [...header], quoted: true, quoted_empty: true, record_delimiter: 'windows' },
  );
}

/** One record of a returned sheet. */
export interface ParsedSheetRow {
  /** 1-based record number; the header is row 1. */
  readonly row: number;
  /** 1-based line where the record starts in the file. */
  readonly line: number;
  readonly cells: Readonly<Record<string, string>>;
}

export interface ParsedSheet {
  readonly file: string;
  readonly columns: readonly string[];
  readonly rows: readonly ParsedSheetRow[];
}

/**
 * Read a returned sheet (as a spreadsheet saved it: with or without a BOM, CRLF or LF, `,` or `;`
 * as the delimiter). Fully empty records are skipped but keep their row numbers counted.
 * @param required the columns the header must have
 * @throws InputError('SHEET_INVALID') when the text is not CSV or lacks a required column
 */
export function parseSheetCsv(text: string, file: string, required: readonly string[] = ['item_id', 'verdict']): ParsedSheet {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const firstLine = body.split(/\r\n|\r|\n/, 1)[0] ?? '';
  const delimiter = !firstLine.includes(',') && firstLine.includes(';') ? ';' : ',';
  let records: { record: string[]; raw: string }[];
  try {
    records = parse(body, { delimiter, relax_column_count: true, raw: true, skip_empty_lines: false }) as unknown as { record: string[]; raw: string }[];
  } catch (e) {
    const line = (e as { lines?: number }).lines;
    throw new InputError('SHEET_INVALID', [{ pos: line !== undefined ? { file, line, col: 1 } : { file }, message: `not a readable CSV sheet: ${e instanceof Error ? e.message : String(e)}` }]);
  }
  const [head, ...rest] = records;
  if (head === undefined) throw new InputError('SHEET_INVALID', [{ pos: { file }, message: 'the sheet is empty (expected a header row)' }]);
  const columns = head.record.map((c) => c.trim().toLowerCase());
  const missing = required.filter((c) => !columns.includes(c));
  if (missing.length > 0) {
    throw new InputError('SHEET_INVALID', [{ pos: { file, line: 1, col: 1 }, message: `the header lacks ${missing.map((m) => `\`${m}\``).join(' and ')} (expected ${required.includes('verdict') ? SHEET_COLUMNS.join(', ') : required.join(', ')})` }]);
  }
  // Line numbers from the raw text of each record (csv-parse counts a CRLF inside quotes twice).
  const breaks = (raw: string): number => (raw.match(/\r\n|\r|\n/g) ?? []).length;
  const rows: ParsedSheetRow[] = [];
  let startLine = 1 + breaks(head.raw);
  rest.forEach((r, i) => {
    const line = startLine;
    startLine += breaks(r.raw);
    if (r.record.every((c) => c.trim() === '')) return;
    const cells: Record<string, string> = {};
    columns.forEach((c, k) => {
      if (c !== '' && !(c in cells)) cells[c] = r.record[k] ?? '';
    });
    rows.push({ row: i + 2, line, cells });
  });
  return { file, columns, rows };
}

/** One validated label of a returned sheet. */
export interface ReturnedItem {
  readonly id: string;
  readonly verdict: Verdict;
  readonly confidence?: string;
  readonly notes?: string;
  readonly row: number;
}

/** A problem of a returned sheet; `row` is null for an item missing from the whole sheet. */
export interface SheetIssue {
  readonly row: number | null;
  readonly message: string;
}

/** Undo what a spreadsheet or {@link safeCell} may have added: the `'` escape and outer spaces. */
/**
 * The labeler a returned sheet names in its `labeler` column: the first non-empty cell, with an
 * issue for each row that names someone else (a sheet pasted together from two). Undefined when
 * the column is absent or empty.
 */
export function sheetLabeler(rows: readonly ParsedSheetRow[]): { name?: string; issues: SheetIssue[] } {
  let name: string | undefined;
  let first = 0;
  const issues: SheetIssue[] = [];
  for (const r of rows) {
    const v = clean(r.cells['labeler']);
    if (v === '') continue;
    if (name === undefined) {
      name = v;
      first = r.row;
    } else if (v !== name) issues.push({ row: r.row, message: `labeler \`${v}\` differs from \`${name}\` (row ${first}): one sheet per labeler` });
  }
  return { ...(name !== undefined ? { name } : {}), issues };
}

/**
 * Column names for the labelers of an adjudication sheet: letters, digits, `_`, `.` and `-` kept
 * (anything else becomes `_`, and the name starts with a letter or digit, so no header cell can be
 * read as a formula), at most 40 characters, unique (`ana`, `ana-2`), none of the sheet's own.
 */
export function labelerColumns(names: readonly string[]): string[] {
  const reserved = new Set(['item_id', 'narrative', 'primary', 'agreement', 'final_label', 'final_notes']);
  const used = new Set<string>();
  return names.map((raw, i) => {
    const base = raw.normalize('NFC').replace(/[^\p{L}\p{N}_.-]+/gu, '_').replace(/^[^\p{L}\p{N}]+/u, '').slice(0, 40) || `labeler_${i + 1}`;
    let name = base;
    const clashes = (c: string): boolean =>
      [c, `${c}_confidence`, `${c}_notes`].some((x) => reserved.has(x) || used.has(x)) || [...used].some((u) => `${u}_confidence` === c || `${u}_notes` === c);
    for (let n = 2; clashes(name); n++) name = `${base}-${n}`;
    used.add(name);
    return name;
  });
}

function clean(s: string | undefined): string {
  const t = (s ?? '').trim();
  return (t.startsWith("'") ? t.slice(1) : t).trim();
}

const CONFIDENCE = /^(?:[1-5]|low|medium|high)$/;

/**
 * Check a returned sheet against the key: unknown and duplicate ids, items of the key missing from
 * the sheet, empty or invalid verdicts (allow | ask | deny, any case), invalid confidence (1-5 or
 * low / medium / high). Every issue names its row. Pure: nothing is written.
 * @returns the valid items (a row with an issue gives no item) and every issue
 */
export function validateReturnedSheet(rows: readonly ParsedSheetRow[], key: LabelKey): { items: ReturnedItem[]; issues: SheetIssue[] } {
  const known = new Set(key.items.map((i) => i.id));
  const firstRow = new Map<string, number>();
  const items: ReturnedItem[] = [];
  const issues: SheetIssue[] = [];
  for (const r of rows) {
    const id = clean(r.cells['item_id']);
    if (id === '') {
      issues.push({ row: r.row, message: 'empty `item_id`' });
      continue;
    }
    if (!known.has(id)) {
      issues.push({ row: r.row, message: `unknown item id \`${id}\` (not in this key: a sheet of another export?)` });
      continue;
    }
    const first = firstRow.get(id);
    if (first !== undefined) {
      issues.push({ row: r.row, message: `duplicate item id \`${id}\` (first at row ${first})` });
      continue;
    }
    firstRow.set(id, r.row);
    const raw = clean(r.cells['verdict']);
    const verdict = raw.toLowerCase();
    let ok = true;
    if (raw === '') {
      issues.push({ row: r.row, message: `\`${id}\` has no verdict` });
      ok = false;
    } else if (!(VERDICTS as readonly string[]).includes(verdict)) {
      issues.push({ row: r.row, message: `\`${id}\`: invalid verdict \`${raw}\` (expected allow, ask or deny)` });
      ok = false;
    }
    const confidence = clean(r.cells['confidence']).toLowerCase();
    if (confidence !== '' && !CONFIDENCE.test(confidence)) {
      issues.push({ row: r.row, message: `\`${id}\`: invalid confidence \`${clean(r.cells['confidence'])}\` (expected 1-5, low, medium or high)` });
      ok = false;
    }
    if (!ok) continue;
    const notes = clean(r.cells['notes']);
    items.push({ id, verdict: verdict as Verdict, ...(confidence !== '' ? { confidence } : {}), ...(notes !== '' ? { notes } : {}), row: r.row });
  }
  for (const i of key.items) if (!firstRow.has(i.id)) issues.push({ row: null, message: `item \`${i.id}\` is missing from the sheet` });
  return { items, issues };
}
