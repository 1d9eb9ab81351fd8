/**
 * Labeling sheets as CSV: writing them (every cell quoted and formula-safe, UTF-8 with an optional
 * BOM, one line-end style throughout), reading a returned sheet back with its row numbers, and
 * validating it against the key. Nothing here touches the filesystem.
 */
import { createReadStream, closeSync, openSync, readSync } from 'node:fs';
import { parse as parseStream } from 'csv-parse';
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

/** The delimiter a sheet's first line uses: `;` when it has `;` and no `,` (a spreadsheet's locale), else `,`. */
function delimiterOf(firstLine: string): ',' | ';' {
  return !firstLine.includes(',') && firstLine.includes(';') ? ';' : ',';
}

/**
 * Builds a {@link ParsedSheet} one record at a time, keeping only the cells of the columns it
 * reads, so memory follows the kept cells, not the sheet's width times its length.
 */
class SheetBuilder {
  private columns: string[] | undefined;
  /** Each kept column's name and its first position in the header. */
  private kept: [string, number][] = [];
  private readonly rows: ParsedSheetRow[] = [];
  private line = 1;
  private row = 0;

  constructor(
    private readonly file: string,
    private readonly required: readonly string[],
    private readonly keep: readonly string[],
  ) {}

  add(record: readonly string[]): void {
    const line = this.line;
    // A record spans one line, plus the line breaks inside its quoted cells (the only place one
    // can be); a CRLF counts once. (csv-parse's own count counts a CRLF inside quotes twice.)
    this.line += 1;
    for (const cell of record) if (cell.length > 0) this.line += lineBreaks(cell);
    this.row++;
    if (this.columns === undefined) {
      const columns = record.map((c) => c.trim().toLowerCase());
      this.columns = columns;
      const wanted = new Set(this.keep);
      this.kept = [];
      columns.forEach((c, k) => {
        if (wanted.has(c) && !this.kept.some(([n]) => n === c)) this.kept.push([c, k]);
      });
      return;
    }
    if (record.every((c) => c.trim() === '')) return;
    const cells: Record<string, string> = {};
    for (const [c, k] of this.kept) cells[c] = record[k] ?? '';
    this.rows.push({ row: this.row, line, cells });
  }

  finish(): ParsedSheet {
    const { file, required } = this;
    const header = this.columns;
    if (header === undefined) throw new InputError('SHEET_INVALID', [{ pos: { file }, message: 'the sheet is empty (expected a header row)' }]);
    const missing = required.filter((c) => !header.includes(c));
    if (missing.length > 0) {
      throw new InputError('SHEET_INVALID', [{ pos: { file, line: 1, col: 1 }, message: `the header lacks ${missing.map((m) => `\`${m}\``).join(' and ')} (expected ${required.includes('verdict') ? SHEET_COLUMNS.join(', ') : required.join(', ')})` }]);
    }
    return { file, columns: header, rows: this.rows };
  }
}

function lineBreaks(cell: string): number {
  let n = 0;
  for (let i = cell.indexOf('\n'); i >= 0; i = cell.indexOf('\n', i + 1)) n++;
  for (let i = cell.indexOf('\r'); i >= 0; i = cell.indexOf('\r', i + 1)) if (cell.charCodeAt(i + 1) !== 10) n++;
  return n;
}

function unreadable(file: string, e: unknown): InputError {
  const line = (e as { lines?: number }).lines;
  return new InputError('SHEET_INVALID', [{ pos: line !== undefined ? { file, line, col: 1 } : { file }, message: `not a readable CSV sheet: ${e instanceof Error ? e.message : String(e)}` }]);
}

/** The columns a returned sheet is read for by default: the sheet's own and the required ones. */
const defaultKeep = (required: readonly string[]): string[] => [...SHEET_COLUMNS, ...required];

/**
 * Read a returned sheet given as text (as a spreadsheet saved it: with or without a BOM, CRLF or
 * LF, `,` or `;` as the delimiter). Fully empty records are skipped but keep their row numbers
 * counted. {@link readSheetFile} reads one from a file without holding its text.
 * @param required the columns the header must have
 * @param keep the columns whose cells are read @default the sheet's columns and `required`
 * @throws InputError('SHEET_INVALID') when the text is not CSV or lacks a required column
 */
export function parseSheetCsv(text: string, file: string, required: readonly string[] = ['item_id', 'verdict'], keep: readonly string[] = defaultKeep(required)): ParsedSheet {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const sheet = new SheetBuilder(file, required, keep);
  try {
    // Each record is taken as it is read (`on_record`): the parser keeps nothing of it.
    parse(body, {
      delimiter: delimiterOf(body.split(/\r\n|\r|\n/, 1)[0] ?? ''),
      relax_column_count: true,
      skip_empty_lines: false,
      on_record: (record: string[]) => {
        sheet.add(record);
        return null;
      },
    });
  } catch (e) {
    throw unreadable(file, e);
  }
  return sheet.finish();
}

/** Bytes of a sheet read to find its delimiter. */
const HEAD_BYTES = 64 * 1024;

/**
 * Read a returned sheet from a file, streamed: the file's text is never held whole, so memory
 * follows the cells kept. Otherwise as {@link parseSheetCsv}.
 * @throws InputError('READ') when the file cannot be read, ('SHEET_INVALID') as parseSheetCsv
 */
export async function readSheetFile(file: string, required: readonly string[] = ['item_id', 'verdict'], keep: readonly string[] = defaultKeep(required)): Promise<ParsedSheet> {
  let head: string;
  try {
    const fd = openSync(file, 'r');
    try {
      const buf = Buffer.alloc(HEAD_BYTES);
      head = buf.subarray(0, readSync(fd, buf, 0, HEAD_BYTES, 0)).toString('utf8');
    } finally {
      closeSync(fd);
    }
  } catch (e) {
    throw new InputError('READ', [{ pos: { file }, message: `cannot read: ${e instanceof Error ? e.message : String(e)}` }]);
  }
  const sheet = new SheetBuilder(file, required, keep);
  const parser = createReadStream(file).pipe(
    parseStream({ bom: true, delimiter: delimiterOf(head.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/, 1)[0] ?? ''), relax_column_count: true, skip_empty_lines: false }),
  );
  try {
    for await (const record of parser) sheet.add(record as string[]);
  } catch (e) {
    throw (e as NodeJS.ErrnoException).code?.startsWith('CSV_') === false ? new InputError('READ', [{ pos: { file }, message: `cannot read: ${(e as Error).message}` }]) : unreadable(file, e);
  }
  return sheet.finish();
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
