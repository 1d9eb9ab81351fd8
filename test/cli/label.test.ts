/** `guard-eval label export | import | apply` as a researcher runs them: export, fill, import, adjudicate. */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import { cli } from './cli.js';

const FLIP: Record<string, string> = { allow: 'ask', ask: 'deny', deny: 'allow' };

function fill(sheet: string, key: { items: { id: string; expected: string }[] }, every: number, out: string): void {
  const expected = new Map(key.items.map((i) => [i.id, i.expected]));
  const rows = parse(readFileSync(sheet, 'utf8'), { columns: true, bom: true }) as Record<string, string>[];
  const filled = rows.map((r, i) => {
    const e = expected.get(r['item_id'] as string) as string;
    const flip = i % every === 0;
    return { ...r, verdict: flip ? (FLIP[e] as string) : e, confidence: flip ? '2' : '5', notes: flip ? `${FLIP[e] as string} here` : '' };
  });
  writeFileSync(out, stringify(filled, { header: true, quoted: true }));
}

describe('guard-eval label', () => {
  it('exports a blinded sheet, makes the second labeler\'s from the key, imports both with κ and CIs, and writes an adjudication sheet named after the labelers', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'guard-eval-label-'));
    const sheet = join(dir, 'sheet-ana.csv');
    const sheetBen = join(dir, 'sheet-ben.csv');
    const keyFile = join(dir, 'key.json');
    expect((await cli('label', 'export', 'scenarios/examples', '--out', sheet, '--key', keyFile, '--seed', '7', '--sample', '20', '--labeler', 'ana')).code).toBe(0);
    const key = JSON.parse(readFileSync(keyFile, 'utf8')) as { items: { id: string; expected: string }[] };
    expect(key.items).toHaveLength(20);
    const keyText = readFileSync(keyFile, 'utf8');
    // Never overwritten without --force.
    expect((await cli('label', 'export', 'scenarios/examples', '--out', sheet, '--key', keyFile, '--seed', '7')).code).toBe(2);
    // The second labeler's sheet: the same items and ids, another order; the key is left as it was.
    const second = await cli('label', 'export', 'scenarios/examples', '--out', sheetBen, '--from-key', keyFile, '--labeler', 'ben');
    expect(second.code).toBe(0);
    expect(readFileSync(keyFile, 'utf8')).toBe(keyText);
    const idsOf = (f: string): string[] => (parse(readFileSync(f, 'utf8'), { columns: true, bom: true }) as Record<string, string>[]).map((r) => r['item_id'] as string);
    expect([...idsOf(sheetBen)].sort()).toEqual([...idsOf(sheet)].sort());
    expect(idsOf(sheetBen)).not.toEqual(idsOf(sheet));
    fill(sheet, key, 4, join(dir, 'a.csv'));
    fill(sheetBen, key, 5, join(dir, 'b.csv'));
    const one = await cli('label', 'import', join(dir, 'a.csv'), '--key', keyFile, '--json');
    expect(one.code).toBe(0);
    const report = JSON.parse(one.out);
    expect(report).toMatchObject({ n: 20, agreement: 0.75, disagreements: 5 });
    expect(typeof report.cohenKappa).toBe('number');
    expect(typeof report.weightedKappa).toBe('number');
    expect(report.ci.cohenKappa[0]).toBeLessThanOrEqual(report.cohenKappa);
    const adjudication = join(dir, 'adjudication.csv');
    const two = await cli('label', 'import', join(dir, 'a.csv'), join(dir, 'b.csv'), '--key', keyFile, '--adjudication', adjudication);
    expect(two.code).toBe(0);
    expect(two.out).toMatch(/among the 2 labelers \(20 items rated by all\): Fleiss' κ -?\d\.\d{3}, Krippendorff's α \(ordinal\) -?\d\.\d{3}/);
    const adj = parse(readFileSync(adjudication, 'utf8'), { columns: true }) as Record<string, string>[];
    expect(Object.keys(adj[0] ?? {})).toEqual(['item_id', 'narrative', 'primary', 'ana', 'ana_confidence', 'ana_notes', 'ben', 'ben_confidence', 'ben_notes', 'agreement', 'final_label', 'final_notes']);
    expect(adj.length).toBeGreaterThan(0);
    expect(adj.every((r) => r['final_label'] === '' && (r['narrative'] ?? '').length > 0)).toBe(true);
    // Each labeler's note and confidence stay with their verdict.
    const flipped = adj.find((r) => r['ana'] !== r['primary']) as Record<string, string>;
    expect(flipped['ana_confidence']).toBe('2');
    expect(flipped['ana_notes']).toBe(`${flipped['ana']} here`);
    // Adjudicating every disagreement for the primary label changes nothing in the files.
    writeFileSync(adjudication + '.done', stringify(adj.map((r) => ({ ...r, final_label: r['primary'] })), { header: true, quoted: true }));
    const apply = await cli('label', 'apply', adjudication + '.done', '--key', keyFile);
    expect(apply.code).toBe(0);
    expect(apply.out).toContain('0 labels would change');
  });

  it('--from-key refuses scenarios that no longer give the key\'s items, and the options that would choose other items', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'guard-eval-label-'));
    const keyFile = join(dir, 'key.json');
    expect((await cli('label', 'export', 'scenarios/examples', '--out', join(dir, 'a.csv'), '--key', keyFile, '--seed', '7', '--sample', '20')).code).toBe(0);
    const other = await cli('label', 'export', 'challenge-sets/set-1-classification', '--out', join(dir, 'b.csv'), '--from-key', keyFile, '--labeler', 'ben');
    expect(other.code).toBe(2);
    expect(other.err).toMatch(/key\.json: the scenarios no longer give this key's items \(\d+ of 20 differ, first /);
    const clash = await cli('label', 'export', 'scenarios/examples', '--out', join(dir, 'b.csv'), '--from-key', keyFile, '--labeler', 'ben', '--seed', '8');
    expect(clash.code).toBe(2);
    expect(clash.err).toContain('drop --seed');
    expect((await cli('label', 'export', 'scenarios/examples', '--out', join(dir, 'b.csv'), '--from-key', keyFile)).err).toContain('--from-key needs --labeler');
    expect(existsSync(join(dir, 'b.csv'))).toBe(false);
  });

  it('a returned sheet with a bad verdict or an unknown id names the row and exits 1', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'guard-eval-label-'));
    const sheet = join(dir, 'sheet.csv');
    const keyFile = join(dir, 'key.json');
    await cli('label', 'export', 'scenarios/examples', '--out', sheet, '--key', keyFile, '--seed', '3', '--sample', '5');
    const rows = parse(readFileSync(sheet, 'utf8'), { columns: true, bom: true }) as Record<string, string>[];
    const bad = rows.map((r, i) => ({ ...r, verdict: i === 1 ? 'maybe' : 'allow', item_id: i === 2 ? 'it-00000000' : r['item_id'] }));
    writeFileSync(join(dir, 'bad.csv'), stringify(bad, { header: true, quoted: true }));
    const r = await cli('label', 'import', join(dir, 'bad.csv'), '--key', keyFile);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/bad\.csv:3: /);
    expect(r.err).toMatch(/bad\.csv:4: /);
  });
});
