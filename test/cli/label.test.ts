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

/**
 * κ from a confusion matrix (rows: primary allow/ask/deny, columns: labeler) with disagreement
 * weights `v`: 1 − Σ v·observed / Σ v·expected-by-chance. With v = [i ≠ j] it is Cohen's κ.
 */
function kappaOf(m: readonly (readonly number[])[], v: (i: number, j: number) => number): number {
  const n = m.flat().reduce((a, b) => a + b, 0);
  const rows = m.map((r) => r.reduce((a, b) => a + b, 0));
  const cols = [0, 1, 2].map((j) => m.reduce((a, r) => a + (r[j] ?? 0), 0));
  let observed = 0;
  let chance = 0;
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) {
      observed += (v(i, j) * (m[i]?.[j] ?? 0)) / n;
      chance += (v(i, j) * (rows[i] ?? 0) * (cols[j] ?? 0)) / (n * n);
    }
  }
  return 1 - observed / chance;
}

describe('guard-eval label', () => {
  it('reports Cohen\'s κ and the quadratic-weighted κ of a hand-worked sheet, where the two differ', async () => {
    // Ten one-step scenarios; the labeler's verdict for each (primary → labeler):
    //   allow → allow ×3, allow → ask; ask → ask ×2, ask → deny; deny → deny ×2, deny → allow.
    // Confusion [[3,1,0],[0,2,1],[1,0,2]], margins 4 3 3 both ways, n = 10.
    // Agreement p_o = 7/10; by chance p_e = (16 + 9 + 9)/100 = 0.34;
    //   Cohen's κ = (0.7 − 0.34)/(1 − 0.34) = 0.36/0.66 = 6/11 = 0.5454…
    // Quadratic weights (0, 1, 4 for 0, 1, 2 steps apart): observed disagreement (1 + 1 + 4)/10 = 0.6;
    //   by chance (4·3·1 + 4·3·4 + 3·4·1 + 3·3·1 + 3·4·4 + 3·3·1)/100 = 138/100;
    //   weighted κ = 1 − 0.6/1.38 = 13/23 = 0.5652…
    const plan: Array<[string, string]> = [
      ['allow', 'allow'], ['allow', 'allow'], ['allow', 'allow'], ['allow', 'ask'],
      ['ask', 'ask'], ['ask', 'ask'], ['ask', 'deny'],
      ['deny', 'deny'], ['deny', 'deny'], ['deny', 'allow'],
    ];
    const dir = mkdtempSync(join(tmpdir(), 'guard-eval-label-'));
    const scenarios = plan.map(([primary], i) => `  - {id: k/s${i}, tools: {t: {}}, steps: [{call: t, args: {n: ${i}}, expect: ${primary}}]}`);
    writeFileSync(join(dir, 'k.yaml'), `scenarios:\n${scenarios.join('\n')}\n`);
    const sheet = join(dir, 'sheet.csv');
    const keyFile = join(dir, 'key.json');
    expect((await cli('label', 'export', dir, '--out', sheet, '--key', keyFile, '--seed', '1', '--labeler', 'ana')).code).toBe(0);
    const key = JSON.parse(readFileSync(keyFile, 'utf8')) as { items: { id: string; scenario: string; expected: string }[] };
    const byId = new Map(key.items.map((i) => [i.id, plan[Number(i.scenario.slice('k/s'.length))]]));
    const rows = parse(readFileSync(sheet, 'utf8'), { columns: true, bom: true }) as Record<string, string>[];
    expect(rows).toHaveLength(10);
    const filled = rows.map((r) => ({ ...r, verdict: byId.get(r['item_id'] as string)?.[1] as string, confidence: '4' }));
    writeFileSync(join(dir, 'filled.csv'), stringify(filled, { header: true, quoted: true }));

    const json = await cli('label', 'import', join(dir, 'filled.csv'), '--key', keyFile, '--json');
    expect(json.code).toBe(0);
    const report = JSON.parse(json.out);
    expect(report.confusion).toEqual([[3, 1, 0], [0, 2, 1], [1, 0, 2]]);
    expect(report.agreement).toBeCloseTo(0.7, 12);
    expect(report.cohenKappa).toBeCloseTo(6 / 11, 12);
    expect(report.weightedKappa).toBeCloseTo(13 / 23, 12);

    const text = await cli('label', 'import', join(dir, 'filled.csv'), '--key', keyFile);
    expect(text.code).toBe(0);
    expect(text.out).toMatch(/agreement 0\.700 \[[^\]]*\], Cohen's κ 0\.545 \[[^\]]*\], quadratic-weighted κ 0\.565 \[/);
  });

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
    // Both κ as the textbook formulas give them from the reported confusion matrix.
    expect(report.confusion.flat().reduce((x: number, y: number) => x + y, 0)).toBe(20);
    expect(report.cohenKappa).toBeCloseTo(kappaOf(report.confusion, (i, j) => (i === j ? 0 : 1)), 12);
    expect(report.weightedKappa).toBeCloseTo(kappaOf(report.confusion, (i, j) => (i - j) ** 2), 12);
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
