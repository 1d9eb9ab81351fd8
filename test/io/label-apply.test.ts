import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSheet } from '../../src/harness/label-sheet.js';
import type { LabelKey } from '../../src/harness/label-sheet.js';
import { loadScenariosOrThrow } from '../../src/io/dsl.js';
import { applyLabels, planLabelEdits } from '../../src/io/label-apply.js';

async function fixture(transform: (t: string) => string = (t) => t): Promise<{ file: string; key: LabelKey; text: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'guard-eval-apply-'));
  const file = join(dir, 'study.yaml');
  copyFileSync('test/fixtures/label/study.yaml', file);
  const text = transform(readFileSync(file, 'utf8'));
  writeFileSync(file, text);
  const { scenarios } = await loadScenariosOrThrow([file]);
  return { file, key: buildSheet(scenarios, { seed: 'k' }).key, text };
}
const id = (key: LabelKey, scenario: string, step: string, mode = 'balanced'): string =>
  key.items.find((i) => i.scenario.endsWith(scenario) && i.step === step && i.mode === mode)?.id ?? 'none';

/** Every line but `except` (1-based) is identical. */
function sameOtherLines(before: string, after: string, except: number[]): void {
  const [a, b] = [before.split('\n'), after.split('\n')];
  expect(b).toHaveLength(a.length);
  a.forEach((l, i) => {
    if (!except.includes(i + 1)) expect(b[i], `line ${i + 1}`).toBe(l);
  });
}

describe('applyLabels', () => {
  it('changes only the verdict scalar: plain, map verdict, quoted, by-mode entry; the rest byte-identical', async () => {
    const { file, key, text } = await fixture();
    const rows = [
      { item_id: id(key, 'zebra-chain', 'steps[0]'), final_label: 'ask' }, // expect: allow   (line 16)
      { item_id: id(key, 'zebra-chain', 'steps[2].batch[0]'), final_label: 'deny' }, // {verdict: ask, rule} (line 29)
      { item_id: id(key, 'zebra-chain', 'steps[2].batch[1]'), final_label: 'Deny' }, // "allow" quoted (line 32)
      { item_id: id(key, 'yak-benign', 'steps[0]'), final_label: 'ask' }, // by-mode balanced (line 51)
      { item_id: id(key, 'yak-benign', 'steps[0]', 'strict'), final_label: 'deny' }, // by-mode strict map (line 52)
      { item_id: id(key, 'zebra-chain', 'steps[3]'), final_label: 'deny' }, // unchanged
    ];
    const plan = applyLabels(rows, key, { write: true });
    expect(plan.issues).toEqual([]);
    expect(plan.written).toBe(true);
    expect(plan.unchanged).toBe(1);
    const after = readFileSync(file, 'utf8');
    sameOtherLines(text, after, [16, 29, 32, 51, 52]);
    const lines = after.split('\n');
    expect(lines[15]).toBe('        expect: ask');
    expect(lines[28]).toBe('            expect: {verdict: deny, rule: chain.eit-pat}');
    expect(lines[31]).toBe('            expect:   "deny"     # quoted on purpose');
    expect(lines[50]).toBe('          balanced: ask   # the by-mode entry');
    expect(lines[51]).toBe('          strict: {verdict: deny}');
    expect(plan.files[0]?.preview.slice(0, 3)).toEqual([`${file}:16`, '- expect: allow', '+ expect: ask']);
    // The file still loads, with the new labels.
    const { scenarios } = await loadScenariosOrThrow([file]);
    expect(buildSheet(scenarios, { seed: 'k' }).key.items.find((i) => i.id === rows[0]?.item_id)?.expected).toBe('ask');
  });

  it('keeps CRLF line ends and a BOM', async () => {
    const { file, key, text } = await fixture((t) => `\uFEFF${t.replaceAll('\n', '\r\n')}`);
    const plan = applyLabels([{ item_id: id(key, 'zebra-chain', 'steps[0]'), final_label: 'deny' }], key, { write: true });
    expect(plan.issues).toEqual([]);
    const after = readFileSync(file, 'utf8');
    expect(after).toBe(text.replace('        expect: allow\r\n      - repeat', '        expect: deny\r\n      - repeat'));
  });

  it('previews without writing, and refuses unknown ids, bad labels, changed files and mode conflicts', async () => {
    const { file, key, text } = await fixture();
    const preview = applyLabels([{ item_id: id(key, 'zebra-chain', 'steps[0]'), final_label: 'deny' }], key);
    expect(preview.written).toBe(false);
    expect(preview.files).toHaveLength(1);
    expect(readFileSync(file, 'utf8')).toBe(text);
    const bad = planLabelEdits(
      [
        { item_id: 'it-nope', final_label: 'ask', row: 2 },
        { item_id: id(key, 'zebra-chain', 'steps[3]'), final_label: 'perhaps', row: 3 },
        { item_id: id(key, 'zebra-chain', 'steps[0]'), final_label: 'ask', row: 4 },
      ],
      key,
      () => text.replace('        expect: allow\n      - repeat', '        expect: deny\n      - repeat'),
    );
    expect(bad.issues.map((i) => i.row)).toEqual([2, 3, 4]);
    expect(bad.issues[2]?.message).toContain('the file changed since the export');
    // A plain `expect` shared by several modes cannot take different labels per mode.
    const shared = (await fixture((t) => t.replace('expect: {permissive: allow, balanced: allow, strict: allow}', 'expect: allow'))).key;
    const conflict = planLabelEdits(
      [
        { item_id: id(shared, 'yak-benign', 'steps[1]', 'permissive'), final_label: 'allow' },
        { item_id: id(shared, 'yak-benign', 'steps[1]', 'balanced'), final_label: 'ask' },
        { item_id: id(shared, 'yak-benign', 'steps[1]', 'strict'), final_label: 'deny' },
      ],
      shared,
      (f) => readFileSync(f, 'utf8'),
    );
    expect(conflict.issues[0]?.message).toContain('differ by mode');
  });
});
