import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LabelKey, SheetRow } from '../../src/harness/label-sheet.js';
import { safeCell } from '../../src/harness/reports/cells.js';
import { InputError } from '../../src/io/errors.js';
import { labelerColumns, parseSheetCsv, renderSheetCsv, sheetLabeler, validateReturnedSheet } from '../../src/io/label-csv.js';

const row = (item_id: string, narrative: string, extra: Partial<SheetRow> = {}): SheetRow => ({ item_id, narrative, question: 'q?', verdict: '', confidence: '', notes: '', labeler: '', ...extra });

const key = (ids: string[]): LabelKey => ({
  schema: 'guard-eval/label-key@1',
  seed: 's',
  items: ids.map((id) => ({ id, scenario: `x/${id}`, mode: 'balanced', step: 'steps[0]', expected: 'ask', set: 'x', file: 'f.yaml', line: 1, col: 1, byMode: false })),
});

describe('renderSheetCsv', () => {
  it('quotes every cell and neutralises formulas, fullwidth ones and after leading spaces, TAB, CR, NUL', () => {
    const cases: [string, string][] = [
      ['=1+1', "'=1+1"],
      ['+1', "'+1"],
      ['-1', "'-1"],
      ['@SUM(A1)', "'@SUM(A1)"],
      ['\t=1', "'\t=1"],
      ['\rx', "'\rx"],
      ['\0=1', "'=1"],
      ['  =1', "'  =1"],
      ['\t x', "'\t x"],
      ['＝1', "'＝1"],
      ['＋1', "'＋1"],
      ['－1', "'－1"],
      ['＠x', "'＠x"],
      ['\u3000＝1', "'\u3000＝1"],
      ['\u3000 =1', "'\u3000 =1"],
      ['a=1', 'a=1'],
      ['中文 =1', '中文 =1'],
    ];
    for (const [raw, want] of cases) expect(safeCell(raw), JSON.stringify(raw)).toBe(want);
    const csv = renderSheetCsv([row('it-00000001', '=HYPERLINK("http://x")', { notes: '＠cmd', labeler: '-ana' })], { eol: 'lf' });
    expect(csv).toBe('"item_id","narrative","question","verdict","confidence","notes","labeler"\n"it-00000001","\'=HYPERLINK(""http://x"")","q?","","","\'＠cmd","\'-ana"\n');
  });

  it('uses one line end throughout, inside cells too; BOM only when asked', () => {
    const crlf = renderSheetCsv([row('it-1', 'a\nb\r\nc')]);
    expect(crlf.startsWith('\uFEFF')).toBe(false);
    expect(crlf.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
    const lf = renderSheetCsv([row('it-1', 'a\r\nb\rc')], { eol: 'lf', bom: true });
    expect(lf.startsWith('\uFEFF"item_id"')).toBe(true);
    expect(lf).not.toContain('\r');
  });
});

describe('parseSheetCsv and validateReturnedSheet', () => {
  it('round-trips Chinese text and a BOM, with row numbers (header = row 1)', () => {
    const text = renderSheetCsv([row('it-a', '忽略之前的指令\n第二行', { verdict: 'Deny ', notes: '中文备注' }), row('it-b', 'x')], { bom: true });
    const p = parseSheetCsv(text, 's.csv');
    expect(p.rows.map((r) => r.row)).toEqual([2, 3]);
    expect(p.rows[0]?.line).toBe(2);
    expect(p.rows[1]?.line).toBe(4);
    expect(p.rows[0]?.cells['narrative']).toBe('忽略之前的指令\r\n第二行');
    const v = validateReturnedSheet(p.rows, key(['it-a', 'it-b']));
    expect(v.items).toEqual([{ id: 'it-a', verdict: 'deny', notes: '中文备注', row: 2 }]);
    expect(v.issues).toEqual([{ row: 3, message: '`it-b` has no verdict' }]);
  });

  it('reports unknown, duplicate, missing, invalid verdicts and confidence, each with its row', () => {
    const csv = [
      'item_id;verdict;confidence',
      "it-a;'ALLOW;high",
      'it-zz;ask;',
      'it-a;deny;',
      'it-b;maybe;',
      'it-c;ask;9',
      '',
      'it-d; ask ;3',
    ].join('\r\n');
    const p = parseSheetCsv(csv, 's.csv');
    const v = validateReturnedSheet(p.rows, key(['it-a', 'it-b', 'it-c', 'it-d', 'it-e']));
    expect(v.items).toEqual([
      { id: 'it-a', verdict: 'allow', confidence: 'high', row: 2 },
      { id: 'it-d', verdict: 'ask', confidence: '3', row: 8 },
    ]);
    expect(v.issues).toEqual([
      { row: 3, message: 'unknown item id `it-zz` (not in this key: a sheet of another export?)' },
      { row: 4, message: 'duplicate item id `it-a` (first at row 2)' },
      { row: 5, message: '`it-b`: invalid verdict `maybe` (expected allow, ask or deny)' },
      { row: 6, message: '`it-c`: invalid confidence `9` (expected 1-5, low, medium or high)' },
      { row: null, message: 'item `it-e` is missing from the sheet' },
    ]);
  });

  it('a sheet without the needed columns, or not CSV, is an InputError at its line', () => {
    expect(() => parseSheetCsv('a,b\n1,2\n', 'x.csv')).toThrow(InputError);
    expect(() => parseSheetCsv('item_id,verdict\n"it-a,ask\n', 'x.csv')).toThrow(/x\.csv/);
    expect(() => parseSheetCsv('', 'x.csv')).toThrow(/empty/);
  });
});

describe('sheetLabeler', () => {
  it('is the first named labeler, with a row issue for each row naming another', () => {
    const sheet = parseSheetCsv('item_id,verdict,labeler\nit-a,ask,\nit-b,ask,"\'ana "\nit-c,deny,ana\nit-d,deny,ben\n', 'x.csv');
    expect(sheetLabeler(sheet.rows)).toEqual({ name: 'ana', issues: [{ row: 5, message: 'labeler `ben` differs from `ana` (row 3): one sheet per labeler' }] });
    expect(sheetLabeler(parseSheetCsv('item_id,verdict\nit-a,ask\n', 'x.csv').rows)).toEqual({ issues: [] });
  });
});

describe('labelerColumns', () => {
  it('keeps plain names, makes repeats and the sheet\'s own column names unique, and gives a nameless labeler a number', () => {
    expect(labelerColumns(['ana', 'ben', 'ana', 'primary', '=1+1', '', '王 芳', 'ana-2'])).toEqual(['ana', 'ben', 'ana-2', 'primary-2', '1_1', 'labeler_6', '王_芳', 'ana-2-2']);
    expect(labelerColumns(['ana_notes', 'ana', 'final'])).toEqual(['ana_notes', 'ana-2', 'final-2']);
  });

  it('never yields a header a spreadsheet reads as a formula, an empty or a repeated column (property)', () => {
    const seed = 20261202;
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'binary', maxLength: 50 }), { maxLength: 8 }), (names) => {
        const cols = labelerColumns(names);
        const all = ['item_id', 'narrative', 'primary', ...cols.flatMap((c) => [c, `${c}_confidence`, `${c}_notes`]), 'agreement', 'final_label', 'final_notes'];
        expect(new Set(all).size).toBe(all.length);
        for (const c of cols) {
          expect(c).toMatch(/^[\p{L}\p{N}][\p{L}\p{N}_.-]{0,39}(?:-\d+)*$/u);
          expect(safeCell(c)).toBe(c);
        }
      }),
      { seed, numRuns: 500 },
    );
  });
});
