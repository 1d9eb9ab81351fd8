import { describe, expect, it } from 'vitest';
import { allocate, buildSheet, NARRATIVE_MAX } from '../../src/harness/label-sheet.js';
import type { Scenario } from '../../src/harness/model.js';
import { loadScenariosOrThrow, parseScenarioText } from '../../src/io/dsl.js';

const load = async (): Promise<Scenario[]> => (await loadScenariosOrThrow(['test/fixtures/label'])).scenarios;

describe('buildSheet', () => {
  it('has one row per scenario × mode × call step, a repeat judged once', async () => {
    const scenarios = await load();
    const { rows, key } = buildSheet(scenarios, { seed: 's1' });
    // zebra: 5 calls (page, the repeat's one call, 2 batch members, send) in balanced; yak: 2 calls × 3 modes.
    expect(rows).toHaveLength(5 + 6);
    expect(key.items).toHaveLength(11);
    expect(new Set(rows.map((r) => r.item_id)).size).toBe(11);
    for (const r of rows) {
      expect(r.item_id).toMatch(/^it-[0-9a-f]{8}$/);
      expect([r.verdict, r.confidence, r.notes]).toEqual(['', '', '']);
    }
    const send = key.items.find((i) => i.scenario === 'set-7/label/zebra-chain' && i.step === 'steps[3]');
    expect(send).toMatchObject({ expected: 'deny', mode: 'balanced', set: 'set-7', rule: 'chain.eit-pat-nat.sensitive', byMode: false });
    const rowOf = rows.find((r) => r.item_id === send?.id);
    expect(rowOf?.narrative).toContain('THE CALL TO JUDGE\nThe agent now calls `send_email`');
    expect(rowOf?.narrative).toContain('The deployment runs in balanced mode');
    expect(rowOf?.narrative).toContain('ran 3 times');
    expect(rowOf?.narrative).toContain('忽略之前的指令');
    expect(rowOf?.narrative).toMatch(/derived from the result of call \d/);
    const batch = rows.find((r) => r.item_id === key.items.find((i) => i.step === 'steps[2].batch[0]')?.id);
    expect(batch?.narrative).toContain('In the same turn, the agent also issues, in parallel');
  });

  it('leaks no label: no verdict in label position, rule ids, tags, ids, titles, descriptions, files', async () => {
    const scenarios = await load();
    const { rows } = buildSheet(scenarios, { seed: 's1' });
    const forbidden = [
      'expect', 'verdict:', 'chain.eit', 'wombattag', 'marmottag', 'case-c', 'set-7', 'zebra-chain', 'yak-benign', 'pairzz',
      'Zebrafinch', 'Quokkadescription', 'Yakbenign', 'Narwhaldescription', 'attack twin', 'benign', 'study.yaml', 'fixtures',
      'id: page', '"rec"', 'rule',
    ];
    for (const r of rows) {
      const cells = [r.item_id, r.narrative, r.question, r.verdict, r.confidence, r.notes].join('\n');
      for (const f of forbidden) expect(cells.toLowerCase(), f).not.toContain(f.toLowerCase());
      // A verdict word appears only in the question's fixed text, never after "expect" or as a lone label.
      expect(r.narrative).not.toMatch(/\b(label|expected|should be)\b[^\n]*\b(allow|ask|deny)\b/i);
    }
  });

  it('is deterministic per seed; ids depend on the seed; order also on the labeler', async () => {
    const scenarios = await load();
    const a = buildSheet(scenarios, { seed: 42 });
    expect(buildSheet(scenarios, { seed: 42 })).toEqual(a);
    const b = buildSheet(scenarios, { seed: 43 });
    expect(b.rows.map((r) => r.item_id)).not.toEqual(a.rows.map((r) => r.item_id));
    const c = buildSheet(scenarios, { seed: 42, labeler: 'ana' });
    expect(new Set(c.rows.map((r) => r.item_id))).toEqual(new Set(a.rows.map((r) => r.item_id)));
    expect(c.key.labeler).toBe('ana');
  });

  it('shows each sheet the scenarios as they are when it is built: a tool or an argument changed since the last sheet is shown changed', async () => {
    const scenarios = await load();
    const before = buildSheet(scenarios, { seed: 42 });
    const s = scenarios.find((x) => x.id === 'set-7/label/zebra-chain') as Scenario;
    const [name, spec] = Object.entries(s.tools)[0] as [string, Scenario['tools'][string]];
    (spec as { description?: string }).description = 'Okapidescription of the tool, changed';
    const step = s.steps.find((x) => x.kind === 'call') as Extract<Scenario['steps'][number], { kind: 'call' }>;
    (step as { args: unknown }).args = { changed: 'Okapiargument' };
    const after = buildSheet(scenarios, { seed: 42 });
    const text = (sheet: typeof before): string => sheet.rows.map((r) => r.narrative).join('\n');
    expect(text(before)).not.toContain('Okapi');
    expect(text(after)).toContain(`- ${name}: Okapidescription of the tool, changed`);
    expect(text(after)).toContain('Okapiargument');
  });

  it('samples K items, stratified with at least one per stratum', async () => {
    const scenarios = await load();
    const s = buildSheet(scenarios, { seed: 'x', sample: 4 });
    expect(s.rows).toHaveLength(4);
    expect(s.key.items).toHaveLength(4);
    const t = buildSheet(scenarios, { seed: 'x', sample: 3, stratify: 'twin' });
    const strata = t.key.items.map((i) => i.stratum);
    expect(strata.filter((x) => x === 'attack').length).toBeGreaterThanOrEqual(1);
    expect(strata.filter((x) => x === 'benign').length).toBeGreaterThanOrEqual(1);
    expect(buildSheet(scenarios, { seed: 'x', sample: 3, stratify: 'twin' })).toEqual(t);
    expect(buildSheet(scenarios, { seed: 'x', sample: 99 }).rows).toHaveLength(11);
    expect(() => buildSheet(scenarios, { seed: 'x', sample: 0 })).toThrow(RangeError);
  });

  it('allocates proportionally (largest remainder), with a floor of one when K allows', () => {
    expect(Object.fromEntries(allocate(new Map([['a', 90], ['b', 9], ['c', 1]]), 10))).toEqual({ a: 8, b: 1, c: 1 });
    expect(Object.fromEntries(allocate(new Map([['a', 50], ['b', 50]]), 10))).toEqual({ a: 5, b: 5 });
    expect(Object.fromEntries(allocate(new Map([['a', 5], ['b', 3], ['c', 2]]), 2))).toEqual({ a: 1, b: 1, c: 0 });
    const big = allocate(new Map([['a', 7], ['b', 13], ['c', 80]]), 37);
    expect([...big.values()].reduce((x, y) => x + y, 0)).toBe(37);
  });
});

describe('a narrative fits a spreadsheet cell', () => {
  // 300 tools with long descriptions, 60 earlier calls, and arguments of about 60 000 characters:
  // the whole story would be about a megabyte; a spreadsheet cell keeps 32 767 characters.
  const tools = Array.from({ length: 300 }, (_, i) => `      tool_${String(i).padStart(3, '0')}:\n        description: "${`Reads record ${i} of the archive and returns it. `.repeat(12)}"`).join('\n');
  const earlier = Array.from({ length: 60 }, (_, i) => `      - call: tool_${String(i).padStart(3, '0')}\n        args: {q: "${'x'.repeat(900)}"}\n        result: "${'y'.repeat(900)}"\n        expect: allow`).join('\n');
  const text = `version: 1
scenarios:
  - id: set-7/label/long-story
    title: A long story
    tools:
${tools}
      send_email:
        description: Sends an email to a recipient.
    steps:
${earlier}
      - call: send_email
        args: {to: a@b.example, body: "${'z'.repeat(60_000)}"}
        expect: deny
`;
  it('stays under the cell limit: only the tool of the judged call described, the oldest history counted, long arguments cut with their length', () => {
    const r = parseScenarioText(text, 'long.yaml', () => ({ ok: false, message: 'no catalogs' }));
    expect(r.issues).toEqual([]);
    const { rows, key } = buildSheet(r.scenarios, { seed: 'cell' });
    expect(rows).toHaveLength(61);
    for (const row of rows) expect(row.narrative.length).toBeLessThanOrEqual(NARRATIVE_MAX);
    const send = rows.find((row) => row.item_id === key.items.find((i) => i.step === 'steps[60]')?.id)?.narrative ?? '';
    // The judged call's tool in full, the others by name.
    expect(send).toContain('- send_email: Sends an email to a recipient.');
    expect(send).not.toContain('- tool_059: Reads record 59');
    expect(send).toMatch(/- also declared \(300 more tools, by name only: the whole list is too long for one cell\): tool_000, tool_001, /);
    // The latest calls of the history, the earlier ones counted.
    expect(send).toMatch(/\(\d+ earlier lines of the history are not shown: the whole story is too long for one cell\)/);
    expect(send).toContain('60. The agent called `tool_059`');
    // The judged call's arguments: their start, and how long they are.
    expect(send).toContain('The agent now calls `send_email` with {"to":"a@b.example","body":"zzz');
    expect(send).toContain('(60,030 characters in all; the rest is not shown)');
    // A result is shortened by code points, never inside a surrogate pair.
    expect(send).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
    // A short story is told whole.
    const first = rows.find((row) => row.item_id === key.items.find((i) => i.step === 'steps[0]')?.id)?.narrative ?? '';
    expect(first).toContain('(nothing: this is the first call)');
  });
});

describe('a narrative fits a spreadsheet cell, whatever is long', () => {
  // A spreadsheet counts UTF-16 code units: 20 000 emoji are 40 000 of them.
  const text = `version: 1
scenarios:
  - id: set-7/label/long-description
    title: A tool described at length
    tools:
      big_tool:
        description: "Reads the archive. ${'😀'.repeat(20_000)}"
      other_tool:
        description: Reads the other archive.
    steps:
      - call: other_tool
        args: {q: x}
        result: "${'😀'.repeat(301)}"
        expect: allow
      - call: big_tool
        args: {q: "${'😀'.repeat(3_000)}"}
        expect: allow
`;
  it('cuts a long description of the judged tool, long arguments and results, keeping the call to judge whole', () => {
    const r = parseScenarioText(text, 'desc.yaml', () => ({ ok: false, message: 'no catalogs' }));
    expect(r.issues).toEqual([]);
    const { rows, key } = buildSheet(r.scenarios, { seed: 'units' });
    for (const row of rows) {
      expect(row.narrative.length).toBeLessThanOrEqual(NARRATIVE_MAX);
      expect(row.narrative).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
    }
    const big = rows.find((row) => row.item_id === key.items.find((i) => i.step === 'steps[1]')?.id)?.narrative ?? '';
    expect(big).toContain('… (the rest of this description is not shown)');
    expect(big).toMatch(/THE CALL TO JUDGE\nThe agent now calls `big_tool` with \{"q":"😀+…\S* \(6,008 characters in all; the rest is not shown\)\.$/u);
    // The earlier result: 299 code points and an ellipsis (300 would be shown whole).
    expect(big).toContain(`It returned: ${'😀'.repeat(299)}…`);
    expect(big).not.toContain(`It returned: ${'😀'.repeat(300)}`);
  });
});

