/** index.html, compare.html and the frontier: what they show, and that scenario text never becomes markup. */
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { parseHTML } from 'linkedom';
import { afterEach, describe, expect, it } from 'vitest';
import { frontierPoints } from '../../src/harness/frontier.js';
import type { RunResults, ScenarioResult } from '../../src/harness/model.js';
import { OUTCOMES } from '../../src/harness/model.js';
import { closeUpDomain, plotPoints, renderCompareHtml } from '../../src/harness/reports/compare-html.js';
import type { reportData } from '../../src/harness/reports/html.js';
import { HTML_MAX_STATIC_FAILURES, escapeHtml, fillSlots, renderHtml, scriptJson } from '../../src/harness/reports/html.js';
import { shellQuote } from '../../src/harness/reports/replay.js';
import { cli } from '../cli/cli.js';
import { CTX, RESULTS, ZERO, step } from './report-fixture.js';

const dataOf = (html: string): ReturnType<typeof reportData> => {
  const m = /<script type="application\/json" id="report-data">([\s\S]*?)<\/script>/.exec(html);
  if (m === null) throw new Error('no data block');
  return JSON.parse(m[1] as string) as ReturnType<typeof reportData>;
};

/** A run with `n` scenarios of one step each: benign ones allowed, attacks escaping or not. */
function runOf(guard: string, steps: { expected: 'allow' | 'ask' | 'deny'; actual: 'allow' | 'ask' | 'deny' }[]): RunResults {
  const scenarios: ScenarioResult[] = steps.map((s, i) => ({
    id: `set-x/s${i}`, file: 'x.yaml', line: 1, set: 'set-x', mode: 'balanced', status: 'pass',
    steps: [step(0, 3, { call: 't', expected: s.expected, actual: s.actual, outcome: 'pass' })],
  }));
  return { schema: 'guard-eval/results@2', guard, totals: { ...ZERO, scenarios: steps.length }, sets: [], scenarios, pairs: [] };
}

describe('index.html', () => {
  it('is the same bytes for the same results, and embeds every run, step and pair', () => {
    const a = renderHtml(RESULTS, CTX);
    expect(renderHtml(RESULTS, CTX)).toBe(a);
    const data = dataOf(a);
    expect(data.runs).toHaveLength(RESULTS.scenarios.length);
    expect(data.runs.map((r) => (r[11] as unknown[]).length)).toEqual(RESULTS.scenarios.map((s) => s.steps.length));
    expect(data.pairs).toHaveLength(RESULTS.pairs.length);
    // Each step's outcome is an index into the embedded outcome list, in the model's order.
    expect(data.outcomes).toEqual(OUTCOMES);
    const outcomes = data.runs.flatMap((r) => (r[11] as unknown[][]).map((st) => data.outcomes[st[6] as number]));
    expect(outcomes).toEqual(RESULTS.scenarios.flatMap((s) => s.steps.map((st) => st.outcome)));
    // A pair points at its twins' runs.
    const p = data.pairs[0] as unknown[];
    expect(data.s[(data.runs[p[3] as number] as unknown[])[0] as number]).toBe('-1/over');
    expect(data.s[(data.runs[p[4] as number] as unknown[])[0] as number]).toBe('-1/atk');
  });

  it('rebuilds each replay and explain command exactly, ids holding a slot word included, and keeps a command the template cannot make', () => {
    // Ids and files that hold the templates' own slot words must not be filled again.
    const odd = ['a/zqFILEq9f3a', 'zqMODEq9f3a b', "it's zqIDq9f3a"];
    const results: RunResults = { ...RESULTS, guardSpec: 'exec:./g zqIDq9f3a', scenarios: RESULTS.scenarios.map((s, i) => (i < odd.length ? { ...s, id: odd[i] as string, file: `${odd[i]}.yaml` } : s)) };
    const data = dataOf(renderHtml(results, CTX));
    const at = (r: unknown[], k: number): string => data.s[r[k] as number] as string;
    data.runs.forEach((r, i) => {
      const run = results.scenarios[i] as ScenarioResult;
      const replay = r[10] === -1 ? fillSlots(data.replay, at(r, 12), at(r, 13), run.mode) : at(r, 10);
      expect(replay).toBe(CTX.replayCommand({ id: run.id, file: run.file, mode: run.mode }));
      const explain = r[16] === -1 ? fillSlots(data.explain, at(r, 14), at(r, 13), run.mode) : at(r, 16);
      expect(explain).toBe(`npx guard-eval explain ${shellQuote(run.id)} ${shellQuote(run.file)} --mode ${run.mode} --guard 'exec:./g zqIDq9f3a'`);
    });
    const own = { replayCommand: ({ id }: { id: string }) => (id === '-1/b' ? 'custom' : `run ${id}`) };
    const data2 = dataOf(renderHtml(RESULTS, own));
    expect(data2.runs.filter((r) => r[10] !== -1).map((r) => data2.s[r[10] as number])).toContain('custom');
  });

  it('lists the failing steps without a script: file:line, outcome and replay command', () => {
    const html = renderHtml(RESULTS, CTX);
    const statics = html.slice(html.indexOf('<h2>Failing steps</h2>'), html.indexOf('<script type="application/json"'));
    expect(statics).toContain('challenge-sets/set-1/exfil.yaml:7');
    expect(statics).toContain('miss hard');
    expect(statics).toContain(escapeHtml(CTX.replayCommand({ id: '-1/over', file: 'challenge-sets/-1/over.yaml', mode: 'balanced' })));
    expect(statics).toContain('over-block soft');
  });

  it('lists at most HTML_MAX_STATIC_FAILURES failing steps statically, and says how many there are', () => {
    const n = HTML_MAX_STATIC_FAILURES + 3;
    const run = runOf('g', Array.from({ length: n }, () => ({ expected: 'deny' as const, actual: 'allow' as const })));
    const failing = { ...run, scenarios: run.scenarios.map((s) => ({ ...s, status: 'fail' as const, steps: s.steps.map((st) => ({ ...st, outcome: 'miss' as const, severity: 'hard' as const })) })) };
    const html = renderHtml(failing, CTX);
    expect(html).toContain(`The first ${HTML_MAX_STATIC_FAILURES} of ${n}`);
    const statics = html.slice(html.indexOf('<h2>Failing steps</h2>'), html.indexOf('<script type="application/json"'));
    expect(statics.match(/miss hard/g)).toHaveLength(HTML_MAX_STATIC_FAILURES);
  });

  it('never lets scenario text close the data block or become markup', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string(), (id, title) => {
        const evil = `${id}</script><script>alert(1)</script><!--`;
        const results: RunResults = { ...RESULTS, scenarios: RESULTS.scenarios.map((s, i) => (i === 1 ? { ...s, id: evil, title: `<img src=x onerror=alert(1)>${title}` } : s)) };
        const html = renderHtml(results, CTX);
        // Exactly the page's own two script blocks, and no tag from the text.
        expect(html.match(/<script/g)).toHaveLength(2);
        expect(html).not.toContain('<img');
        const data = dataOf(html);
        expect(data.s).toContain(evil);
      }),
      { seed: 180, numRuns: 60 },
    );
  });

  it('JSON in a script block has no `<` and parses back to the same value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const text = scriptJson(v);
        expect(text).not.toContain('<');
        expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(v)));
      }),
      { seed: 181 },
    );
  });
});

describe('frontierPoints', () => {
  it('counts benign steps allowed and attack steps allowed, per mode', () => {
    const run = runOf('g', [
      { expected: 'allow', actual: 'allow' },
      { expected: 'allow', actual: 'ask' },
      { expected: 'deny', actual: 'allow' },
      { expected: 'ask', actual: 'ask' },
      { expected: 'deny', actual: 'deny' },
    ]);
    expect(frontierPoints(run)).toEqual([{ guard: 'g', mode: 'balanced', config: 'default', benign: 2, benignAllowed: 1, attacks: 3, attacksEscaped: 1, x: 0.5, y: 1 / 3 }]);
  });

  it('counts a repeated step once: benign allowed only when every iteration was, an attack escaped when any was', () => {
    const tally = (allow: number, iterations: number) => ({ iterations, outcomes: {}, verdicts: { allow, deny: iterations - allow }, worst: 'steps[0].repeat[0].steps[0]' });
    const run = runOf('g', [{ expected: 'allow', actual: 'allow' }, { expected: 'deny', actual: 'deny' }]);
    const scenarios = run.scenarios.map((s, i) => ({ ...s, steps: s.steps.map((st) => ({ ...st, repeat: i === 0 ? tally(9, 10) : tally(1, 10) })) }));
    const [p] = frontierPoints({ ...run, scenarios });
    expect(p).toMatchObject({ benign: 1, benignAllowed: 0, attacks: 1, attacksEscaped: 1 });
  });

  it('puts allow-all at (1, 1) and deny-all at (0, 0), and every guard inside the square', () => {
    const verdict = fc.constantFrom('allow' as const, 'ask' as const, 'deny' as const);
    fc.assert(
      fc.property(fc.array(verdict, { minLength: 1, maxLength: 40 }), fc.array(verdict, { minLength: 1, maxLength: 40 }), (labels, answers) => {
        const steps = labels.map((expected, i) => ({ expected, actual: answers[i % answers.length] ?? 'allow' }));
        const [p] = frontierPoints(runOf('g', steps));
        expect(p?.x).toBeGreaterThanOrEqual(0);
        expect(p?.x).toBeLessThanOrEqual(1);
        expect(p?.y).toBeGreaterThanOrEqual(0);
        expect(p?.y).toBeLessThanOrEqual(1);
        expect((p?.benign ?? 0) + (p?.attacks ?? 0)).toBe(labels.length);
        const all = frontierPoints(runOf('a', labels.map((expected) => ({ expected, actual: 'allow' as const }))))[0];
        const none = frontierPoints(runOf('d', labels.map((expected) => ({ expected, actual: 'deny' as const }))))[0];
        if ((all?.benign ?? 0) > 0) expect(all?.x).toBe(1);
        if ((all?.attacks ?? 0) > 0) expect(all?.y).toBe(1);
        expect([none?.x, none?.y]).toEqual([0, 0]);
      }),
      { seed: 182 },
    );
  });
});

describe('compare.html', () => {
  const runs = [
    { results: runOf('builtin', [{ expected: 'allow', actual: 'allow' }, { expected: 'deny', actual: 'deny' }]), label: 'builtin', href: 'runs/1-builtin/index.html' },
    { results: runOf('allow-all', [{ expected: 'allow', actual: 'allow' }, { expected: 'deny', actual: 'allow' }]), label: 'allow-all', href: 'runs/2-allow-all/index.html' },
    { results: runOf('mine', [{ expected: 'allow', actual: 'allow' }, { expected: 'allow', actual: 'ask' }, { expected: 'deny', actual: 'deny' }]), label: 'mine <b>', href: 'runs/3-mine/index.html' },
  ];

  it('draws one linked mark per run × mode, baselines apart, and the same bytes each time', async () => {
    const html = await renderCompareHtml(runs);
    expect(await renderCompareHtml(runs)).toBe(html);
    const figure = html.slice(html.indexOf('id="frontier"'), html.indexOf('</figure>'));
    const points = plotPoints(runs);
    expect(points).toHaveLength(3);
    const links = [...figure.matchAll(/<a [^>]*href="([^"]+)"/g)].map((m) => m[1]);
    expect(links.sort()).toEqual(points.map((p) => p.href).sort());
    expect(figure.match(/class="frontier-point baseline"/g)).toHaveLength(1);
    // The label is text everywhere: no <b> element, in the table or the plot's attributes.
    expect(parseHTML(html).document.querySelectorAll('b')).toHaveLength(0);
    expect(html).toContain('mine &#60;b&#62;');
  });

  it('zooms the close-up on the guards under test, with a margin, inside the square', () => {
    const domain = closeUpDomain(plotPoints(runs));
    expect(domain).toEqual({ x: [48, 100], y: [0, 5] });
    expect(closeUpDomain(plotPoints(runs.slice(1, 2)))).toBeUndefined();
  });
});

describe('guard-eval report', () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir !== undefined) await rm(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it('writes compare.html and a page per run from saved results, a folder standing for its results.json', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'guard-eval-report-'));
    await writeFile(path.join(dir, 'results.json'), JSON.stringify(RESULTS));
    const out = path.join(dir, 'out');
    const r = await cli('report', dir, path.join(dir, 'results.json'), '--out', out);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const files = (await readdir(out, { recursive: true })).filter((f) => f.endsWith('.html')).sort();
    expect(files).toEqual(['compare.html', path.join('runs', '1-builtin-guard-eval-report-' + path.basename(dir).slice('guard-eval-report-'.length), 'index.html'), path.join('runs', '2-builtin-guard-eval-report-' + path.basename(dir).slice('guard-eval-report-'.length), 'index.html')].sort());
    const compare = await readFile(path.join(out, 'compare.html'), 'utf8');
    expect(compare).toContain('runs/1-builtin');
  });

  it('records the masked findings a guard reports, and shows them on the page', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'guard-eval-report-'));
    const r = await cli('run', 'scenarios/examples/chinese.yaml', '--out', dir, '--quiet');
    expect(r.code, r.err).toBe(0);
    const results = JSON.parse(await readFile(path.join(dir, 'results.json'), 'utf8')) as RunResults;
    const findings = results.scenarios.flatMap((s) => s.steps.flatMap((st) => st.findings ?? []));
    expect(findings).toContainEqual({ detector: 'pii.cn-resident-id', path: 'content', preview: '…2X (18 chars)' });
    // Masked: no run of six digits of the resident id leaves the guard.
    expect(JSON.stringify(findings)).not.toMatch(/\d{6}/);
    const data = dataOf(await readFile(path.join(dir, 'index.html'), 'utf8'));
    expect(data.s).toContain('pii.cn-resident-id at content (…2X (18 chars))');
  });

  it('carries the explain trace of a failing run under the built-in guard, and none for another guard', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'guard-eval-report-'));
    // The example with one label made wrong: the concurrent CRM read labelled deny.
    const text = (await readFile('scenarios/examples/batch.yaml', 'utf8')).replace('id: examples/batch/parallel-reads', 'id: t/mislabelled').replace(/expect: allow( +# concurrent)/, 'expect: deny$1');
    await writeFile(path.join(dir, 'f.yaml'), text);
    const r = await cli('run', path.join(dir, 'f.yaml'), '--out', path.join(dir, 'out'), '--quiet');
    expect(r.code, r.err).toBe(1);
    const data = dataOf(await readFile(path.join(dir, 'out', 'index.html'), 'utf8'));
    const trace = data.s[(data.runs[0] as unknown[])[15] as number] as string;
    expect(trace).toContain('t/mislabelled [balanced]');
    expect(trace).toMatch(/crm_lookup[\s\S]*chain before: external content seen: no[\s\S]*expected: deny {3}miss \(hard\) {3}<- FAILED/);
    const other = await cli('run', path.join(dir, 'f.yaml'), '--guard', 'memoryless', '--out', path.join(dir, 'out2'), '--quiet');
    expect(other.code).toBe(1);
    const data2 = dataOf(await readFile(path.join(dir, 'out2', 'index.html'), 'utf8'));
    expect((data2.runs[0] as unknown[])[15]).toBe(-1);
  });

  it('exits 2 naming the file when a results.json is missing or malformed', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'guard-eval-report-'));
    await writeFile(path.join(dir, 'bad.json'), '{"schema": "guard-eval/results@2"}');
    const missing = await cli('report', path.join(dir, 'nope.json'), '--out', path.join(dir, 'out'));
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('nope.json');
    const bad = await cli('report', path.join(dir, 'bad.json'), '--out', path.join(dir, 'out'));
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('bad.json');
    expect(bad.err).not.toMatch(/\n\s+at /);
    const none = await cli('report', '--out', path.join(dir, 'out'));
    expect(none.code).toBe(2);
  });
});
