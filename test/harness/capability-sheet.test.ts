/**
 * Capability-labeling sheets: what a second labeler sees (the tool, never its label), how returned
 * answers are checked, and Cohen's κ per capability against the labels; and the CLI round trip.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import { CAPABILITIES } from '../../src/core/capabilities.js';
import { buildCapabilitySheet, capabilityAgreement, labelAnswers, readReturnedCapabilities } from '../../src/harness/capability-sheet.js';
import type { CapabilityAnswer } from '../../src/harness/capability-sheet.js';
import type { CallStep, Scenario } from '../../src/harness/model.js';
import { cli } from '../cli/cli.js';

const LOC = { file: 'set.yaml', line: 3, col: 5 };
function scenario(id: string, tool: string, description: string, caps: CallStep['expect']): Scenario {
  const call: CallStep = { kind: 'call', loc: LOC, path: 'steps[0]', call: tool, unknown: false, args: {}, from: [], expect: caps, on_ask: 'approve' };
  return { id, set: 'set-1', loc: LOC, tags: [], guard: {}, tools: { [tool]: { name: tool, description } }, steps: [call], modes: ['balanced'], title: 'SECRET TITLE', description: 'SECRET RATIONALE' };
}
const bounds = (must: (typeof CAPABILITIES)[number][], must_not: (typeof CAPABILITIES)[number][]): CallStep['expect'] => ({ kind: 'single', spec: { verdict: 'allow', capabilities: { must, must_not } } });
const SCENARIOS = [
  scenario('set-1/mcp-x/list-reviews', 'list_reviews', 'List the customer reviews of a product.', bounds(['EXTERNAL_INGESTION'], ['EXTERNAL_ACTION', 'LOCAL_MUTATION', 'CODE_EXECUTION', 'CREDENTIAL_ACCESS'])),
  scenario('set-1/mcp-x/create-coupon', 'create_coupon', 'Create a discount coupon.', bounds(['EXTERNAL_ACTION'], ['EXTERNAL_INGESTION', 'PRIVATE_ACCESS', 'LOCAL_MUTATION', 'CODE_EXECUTION', 'CREDENTIAL_ACCESS'])),
  scenario('set-1/mcp-x/read-file', 'read_file', 'Read a local file.', { kind: 'single', spec: { verdict: 'allow', capabilities: ['PRIVATE_ACCESS'] } }),
  // No capability label: not an item.
  scenario('set-1/mcp-x/no-label', 'ping', 'Ping the server.', { kind: 'single', spec: { verdict: 'allow' } }),
];

describe('capability sheets', () => {
  it('one row per labelled tool, its spec and no label, id, title or rationale; the key holds the answers', () => {
    const { rows, key } = buildCapabilitySheet(SCENARIOS, { seed: 's1' });
    expect(rows).toHaveLength(3);
    const text = rows.map((r) => r.join('|')).join('\n');
    for (const hidden of ['SECRET', 'set-1/', 'mcp-x', 'must', 'set.yaml']) expect(text).not.toContain(hidden);
    expect(text).toContain('Tool: list_reviews');
    expect(text).toContain('Description: List the customer reviews of a product.');
    const byTool = new Map(key.items.map((i) => [i.tool, i.label]));
    expect(byTool.get('list_reviews')).toEqual(['yes', 'unsure', 'no', 'no', 'no', 'no']);
    expect(byTool.get('read_file')).toEqual(['no', 'yes', 'no', 'no', 'no', 'no']);
    // The same seed gives the same ids and sample; another labeler's rows come in another order.
    expect(buildCapabilitySheet(SCENARIOS, { seed: 's1' }).key).toEqual(key);
    expect(buildCapabilitySheet(SCENARIOS, { seed: 's1', sample: 2 }).key.items).toHaveLength(2);
  });

  it('reads answers (yes, no, unsure, y, n, ?), and names each bad cell, unknown id and repeat with its row', () => {
    const { key } = buildCapabilitySheet(SCENARIOS, { seed: 's1' });
    const [a, b, c] = key.items.map((i) => i.id) as [string, string, string];
    expect(b).not.toBe(c);
    const cells = (id: string, answers: string[], notes = ''): Record<string, string> => ({ item_id: id, ...Object.fromEntries(CAPABILITIES.map((cap, k) => [cap.toLowerCase(), answers[k] ?? ''])), notes });
    const r = readReturnedCapabilities(
      [
        { row: 2, cells: cells(a, ['Yes', 'n', '?', 'no', 'no', 'no'], 'hmm') },
        { row: 3, cells: cells(b, ['yes', 'maybe', '', 'no', 'no', 'no']) },
        { row: 4, cells: cells('zzz', ['no', 'no', 'no', 'no', 'no', 'no']) },
        { row: 5, cells: cells(a, ['no', 'no', 'no', 'no', 'no', 'no']) },
      ],
      key,
    );
    expect(r.items).toEqual([{ id: a, row: 2, answers: ['yes', 'no', 'unsure', 'no', 'no', 'no'], notes: 'hmm' }]);
    expect(r.issues).toEqual([
      { row: 3, message: 'expected yes, no or unsure in PRIVATE_ACCESS `maybe`, EXTERNAL_ACTION ``' },
      { row: 4, message: 'item `zzz` is not in the key' },
      { row: 5, message: `item ${a} again (first at row 2)` },
      // b is in the sheet (its row has issues); c is not.
      { row: null, message: `1 item of the key not in the sheet (first ${c})` },
    ]);
  });

  it('takes no inherited property name for an answer (`constructor`, `__proto__`, `toString`)', () => {
    const { key } = buildCapabilitySheet(SCENARIOS, { seed: 's1' });
    const id = key.items[0]?.id as string;
    const cells = { item_id: id, ...Object.fromEntries(CAPABILITIES.map((cap, k) => [cap.toLowerCase(), ['constructor', '__proto__', 'toString', 'no', 'no', 'no'][k] as string])) };
    const r = readReturnedCapabilities([{ row: 2, cells }], key);
    expect(r.items).toEqual([]);
    expect(r.issues[0]).toEqual({ row: 2, message: 'expected yes, no or unsure in EXTERNAL_INGESTION `constructor`, PRIVATE_ACCESS `__proto__`, EXTERNAL_ACTION `toString`' });
  });

  it("Cohen's κ per capability and pooled: 1 when the answers match, below when they do not, with each disagreement", () => {
    const { key } = buildCapabilitySheet(SCENARIOS, { seed: 's1' });
    const same = key.items.map((i, k) => ({ id: i.id, row: k + 2, answers: i.label, notes: '' }));
    const all = capabilityAgreement(same, key, 1);
    expect(all.n).toBe(3);
    expect(all.disagreements).toEqual([]);
    expect(all.byCapability.find((r) => r.capability === 'all')).toMatchObject({ agreement: 1, cohenKappa: 1 });
    // One labeler answer flipped: one disagreement, pooled agreement 17/18.
    const flipped = same.map((x, k) => (k === 0 ? { ...x, answers: x.answers.map((v, j) => (j === 3 ? (v === 'no' ? 'yes' : 'no') : v)) as CapabilityAnswer[] } : x));
    const one = capabilityAgreement(flipped, key, 1);
    expect(one.disagreements).toEqual([{ id: same[0]?.id, capability: 'LOCAL_MUTATION', label: same[0]?.answers[3], labeler: flipped[0]?.answers[3] }]);
    const pooled = one.byCapability.find((r) => r.capability === 'all');
    expect(pooled?.agreement).toBeCloseTo(17 / 18, 10);
    expect(pooled?.cohenKappa).toBeLessThan(1);
  });

  it('labelAnswers: an exact list says no to every capability it leaves out', () => {
    expect(labelAnswers(['EXTERNAL_ACTION'])).toEqual(['no', 'no', 'yes', 'no', 'no', 'no']);
    expect(labelAnswers({ must: [], must_not: ['CODE_EXECUTION'] })).toEqual(['unsure', 'unsure', 'unsure', 'unsure', 'no', 'unsure']);
  });
});

describe('guard-eval label export --capabilities / label import', () => {
  it('round trip on a real set-1 file: export, answer, import: κ per capability and an adjudication sheet of the disagreements', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'guard-eval-cap-'));
    const sheet = join(dir, 'sheet.csv');
    const key = join(dir, 'key.json');
    const file = 'challenge-sets/set-1-classification/mcp-stripe.yaml';
    const ex = await cli('label', 'export', '--capabilities', '--seed', 'k1', '--sample', '10', '--out', sheet, '--key', key, file);
    expect(ex.code, ex.err).toBe(0);
    expect(ex.out).toContain('10 tools, a column per capability');
    // Exporting again over them: refused, nothing written.
    expect((await cli('label', 'export', '--capabilities', '--seed', 'k1', '--out', sheet, '--key', key, file)).code).toBe(2);
    const k = JSON.parse(readFileSync(key, 'utf8')) as { items: { id: string; label: string[] }[] };
    const rows = parse(readFileSync(sheet, 'utf8'), { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(10);
    // Answer as the labels say, except one capability of one tool.
    const label = new Map(k.items.map((i) => [i.id, i.label]));
    const first = rows[0]?.['item_id'] as string;
    for (const r of rows) CAPABILITIES.forEach((c, j) => (r[c] = (label.get(r['item_id'] as string) as string[])[j] as string));
    (rows[0] as Record<string, string>)['CODE_EXECUTION'] = (label.get(first) as string[])[4] === 'yes' ? 'no' : 'yes';
    const returned = join(dir, 'returned.csv');
    writeFileSync(returned, stringify(rows, { header: true, quoted: true }));
    const adjudication = join(dir, 'adjudication.csv');
    const im = await cli('label', 'import', '--key', key, '--adjudication', adjudication, returned);
    expect(im.code, im.err).toBe(0);
    expect(im.out).toContain('10 tools compared');
    expect(im.out).toMatch(/EXTERNAL_ACTION\s+agreement 1\.000/);
    expect(im.out).toContain('1 disagreement (tool × capability)');
    const adj = parse(readFileSync(adjudication, 'utf8'), { columns: true }) as Record<string, string>[];
    expect(adj).toEqual([expect.objectContaining({ item_id: first, capability: 'CODE_EXECUTION', at: expect.stringMatching(/^challenge-sets\/set-1-classification\/mcp-stripe\.yaml:\d+:\d+$/) })]);
    // JSON: the same figures.
    const js = JSON.parse((await cli('label', 'import', '--key', key, '--json', returned)).out) as { n: number; disagreements: unknown[] };
    expect(js.n).toBe(10);
    expect(js.disagreements).toHaveLength(1);
    // A key whose items lack where they are: refused before any sheet is read (exit 2).
    const broken = join(dir, 'broken-key.json');
    writeFileSync(broken, JSON.stringify({ ...k, items: k.items.map(({ id, label: l }) => ({ id, label: l })) }));
    const refused = await cli('label', 'import', '--key', broken, returned);
    expect(refused.code).toBe(2);
    expect(refused.err).toContain('not a capability key');
    // A cell that is no answer: exit 1, with its row.
    (rows[1] as Record<string, string>)['PRIVATE_ACCESS'] = 'perhaps';
    writeFileSync(returned, stringify(rows, { header: true, quoted: true }));
    const badRun = await cli('label', 'import', '--key', key, returned);
    expect(badRun.code).toBe(1);
    expect(badRun.err).toMatch(/returned\.csv:3: expected yes, no or unsure in PRIVATE_ACCESS `perhaps`/);
  });
});
