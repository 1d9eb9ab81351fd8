/** `guard-eval label export | import | apply` as a researcher runs them: export, fill, import, adjudicate. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
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
    return { ...r, verdict: i % every === 0 ? (FLIP[e] as string) : e };
  });
  writeFileSync(out, stringify(filled, { header: true, quoted: true }));
}

describe('guard-eval label', () => {
  it('exports a blinded sheet, imports two filled ones with κ and CIs, and writes the adjudication sheet', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'guard-eval-label-'));
    const sheet = join(dir, 'sheet.csv');
    const keyFile = join(dir, 'key.json');
    expect((await cli('label', 'export', 'scenarios/examples', '--out', sheet, '--key', keyFile, '--seed', '7', '--sample', '20')).code).toBe(0);
    const key = JSON.parse(readFileSync(keyFile, 'utf8')) as { items: { id: string; expected: string }[] };
    expect(key.items).toHaveLength(20);
    // Never overwritten without --force.
    expect((await cli('label', 'export', 'scenarios/examples', '--out', sheet, '--key', keyFile, '--seed', '7')).code).toBe(2);
    fill(sheet, key, 4, join(dir, 'a.csv'));
    fill(sheet, key, 5, join(dir, 'b.csv'));
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
    expect(Object.keys(adj[0] ?? {})).toEqual(['item_id', 'narrative', 'annotation_1', 'annotation_2', 'annotation_3', 'agreement', 'final_label']);
    expect(adj.length).toBeGreaterThan(0);
    expect(adj.every((r) => r['final_label'] === '' && (r['narrative'] ?? '').length > 0)).toBe(true);
    // Adjudicating every disagreement for the primary label changes nothing in the files.
    writeFileSync(adjudication + '.done', stringify(adj.map((r) => ({ ...r, final_label: r['annotation_1'] })), { header: true, quoted: true }));
    const apply = await cli('label', 'apply', adjudication + '.done', '--key', keyFile);
    expect(apply.code).toBe(0);
    expect(apply.out).toContain('0 labels would change');
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
