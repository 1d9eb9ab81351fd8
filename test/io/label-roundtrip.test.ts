/** Export a sheet, fill it as a labeler would, import it, then write an adjudication back. */
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { labelApplyCommand, labelExportCommand, labelImportCommand, readKey } from '../../src/cli/label.js';
import { InputError } from '../../src/io/errors.js';
import { parseSheetCsv } from '../../src/io/label-csv.js';

function io(): { io: { stdout: (s: string) => void; stderr: (s: string) => void }; out: () => string; err: () => string } {
  let out = '';
  let err = '';
  return { io: { stdout: (s) => (out += s), stderr: (s) => (err += s) }, out: () => out, err: () => err };
}

describe('label export → fill → import → apply', () => {
  it('round-trips, never overwrites without --force, and reports a returned sheet’s issues with rows', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'guard-eval-label-'));
    const scen = join(dir, 'study.yaml');
    copyFileSync('test/fixtures/label/study.yaml', scen);
    const sheet = join(dir, 'sheet.csv');
    const keyFile = join(dir, 'key.json');
    const e = io();
    expect(await labelExportCommand([scen], { out: sheet, key: keyFile, seed: '7', labeler: 'ana', bom: true }, e.io)).toBe(0);
    expect(e.out()).toContain('11 items');
    const text = readFileSync(sheet, 'utf8');
    expect(text.startsWith('\uFEFF"item_id","narrative"')).toBe(true);
    expect(text).toContain('忽略之前的指令');
    // Never overwrite without --force; with it, fine.
    await expect(labelExportCommand([scen], { out: sheet, key: keyFile, seed: '7' }, io().io)).rejects.toThrow(InputError);
    expect(await labelExportCommand([scen], { out: sheet, key: keyFile, seed: '7', labeler: 'ana', bom: true, force: true }, io().io)).toBe(0);
    await expect(labelExportCommand([scen], { out: join(dir, 'x.csv'), key: join(dir, 'y.json'), stratify: 'rule' }, io().io)).rejects.toThrow(/--stratify needs --sample/);

    // The labeler fills every verdict with the key's label, except one.
    const key = readKey(keyFile);
    const parsed = parseSheetCsv(text, sheet);
    const expected = new Map(key.items.map((i) => [i.id, i.expected]));
    const flipped = parsed.rows[0]?.cells['item_id'] ?? '';
    const lines = ['item_id,verdict,confidence,notes'];
    for (const r of parsed.rows) {
      const id = r.cells['item_id'] ?? '';
      const v = id === flipped ? (expected.get(id) === 'deny' ? 'allow' : 'deny') : (expected.get(id) ?? '').toUpperCase();
      lines.push(`${id},${v},4,"备注, ok"`);
    }
    const filled = join(dir, 'filled.csv');
    writeFileSync(filled, `${lines.join('\r\n')}\r\n`);
    const imp = io();
    expect(await labelImportCommand([filled], { key: keyFile }, imp.io)).toBe(0);
    expect(imp.out()).toContain('agreement 0.909');
    expect(imp.out()).toContain(flipped);

    // A sheet with a bad row: exit 1, the row named.
    const broken = join(dir, 'broken.csv');
    writeFileSync(broken, `${lines.slice(0, 3).join('\n')}\n${lines[3]?.replace(/^(it-[0-9a-f]+),\w+/, '$1,perhaps')}\n`);
    const b = io();
    expect(await labelImportCommand([broken], { key: keyFile }, b.io)).toBe(1);
    expect(b.err()).toMatch(new RegExp(`${broken.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:4: .*invalid verdict \`perhaps\``));
    expect(b.err()).toContain('is missing from the sheet');
    const j = io();
    expect(await labelImportCommand([broken], { key: keyFile, json: true }, j.io)).toBe(1);
    expect(JSON.parse(j.out())).toMatchObject({ schema: 'guard-eval/label-import@1' });

    // Adjudication: the flipped label wins; preview first, then write.
    const adj = join(dir, 'adjudication.csv');
    const final = expected.get(flipped) === 'deny' ? 'allow' : 'deny';
    writeFileSync(adj, `item_id,final_label\n${flipped},${final}\n`);
    const before = readFileSync(scen, 'utf8');
    const p = io();
    expect(await labelApplyCommand(adj, { key: keyFile }, p.io)).toBe(0);
    expect(p.out()).toContain('1 label would change in 1 file');
    expect(readFileSync(scen, 'utf8')).toBe(before);
    const w = io();
    expect(await labelApplyCommand(adj, { key: keyFile, write: true }, w.io)).toBe(0);
    expect(w.out()).toMatch(/^.*study\.yaml:\d+\n- .*\n\+ .*/);
    expect(readFileSync(scen, 'utf8')).not.toBe(before);
    // Applying the same adjudication again: the file no longer matches the key.
    await expect(labelApplyCommand(adj, { key: keyFile, write: true }, io().io)).rejects.toThrow(/changed since the export/);
  });
});
