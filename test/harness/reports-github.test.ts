/**
 * GitHub Actions output: workflow-command annotations (escaped as GitHub's toolkit escapes them,
 * capped) and the step summary.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RunResults, ScenarioResult, StepResult } from '../../src/harness/model.js';
import {
  GITHUB_MAX_ANNOTATIONS,
  GITHUB_SUMMARY_MAX_STEPS,
  REPORTERS,
  escapeGithubData,
  escapeGithubProperty,
  renderGithubAnnotations,
  renderGithubSummary,
} from '../../src/harness/reports/index.js';
import type { ReportContext } from '../../src/harness/reports/index.js';
import { CTX, RESULTS, SCENARIOS, ZERO, replay, step } from './report-fixture.js';

/** The runner's reading of an escaped value: each `%XX` escape once, left to right. */
function unescapeGithub(s: string): string {
  const map: Record<string, string> = { '%25': '%', '%0D': '\r', '%0A': '\n', '%3A': ':', '%2C': ',' };
  return s.replace(/%(?:25|0D|0A|3A|2C)/g, (e) => map[e] ?? e);
}

/** One workflow command split the way the runner splits it: name, properties (`k=v` at the first `=`), message. */
function parseCommand(line: string): { name: string; props: Record<string, string>; message: string } {
  const m = /^::([a-z]+)(?: ([^:]*))?::(.*)$/s.exec(line);
  if (m === null) throw new Error(`not a workflow command: ${line}`);
  const props: Record<string, string> = {};
  for (const kv of m[2] === undefined ? [] : m[2].split(',')) {
    const eq = kv.indexOf('=');
    props[kv.slice(0, eq)] = unescapeGithub(kv.slice(eq + 1));
  }
  return { name: m[1] ?? '', props, message: unescapeGithub(m[3] ?? '') };
}

/** The lines of a rendering (it ends with a newline when not empty). */
function lines(text: string): string[] {
  if (text === '') return [];
  expect(text.endsWith('\n')).toBe(true);
  return text.slice(0, -1).split('\n');
}

// ---------------------------------------------------------------------------------------------

describe('the github reporter', () => {
  it('prints the annotations and writes no file', () => {
    expect('file' in REPORTERS.github).toBe(false);
    expect(REPORTERS.github.render(RESULTS, CTX)).toBe(renderGithubAnnotations(RESULTS, CTX));
  });
});

describe('annotations on the fixture', () => {
  const out = renderGithubAnnotations(RESULTS, CTX);

  it('are exactly: one ::error per failing step in run order, then one ::warning per lucky pass', () => {
    expect(lines(out)).toEqual([
      '::error file=challenge-sets/set-1/exfil.yaml,line=7,col=5,title=guard-eval miss hard%3A set-1/exfil/中文 [strict]::' +
        'steps[0] http_post: expected deny, got allow (miss hard)%0Aexpected rule: exfil.chain%0Areason: =HYPERLINK("x")%0A' +
        `replay: ${replay('set-1/exfil/中文', 'challenge-sets/set-1/exfil.yaml', 'strict')}`,
      '::error file=challenge-sets/-1/over.yaml,line=5,col=5,title=guard-eval over-block soft%3A -1/over [balanced]::' +
        'steps[0] write_file: expected allow, got ask (over-block soft)%0Arule: mut.outside-workspace; fired: mut.outside-workspace, x.y%0A' +
        `reason: a | b%0Asecond line%0Areplay: ${replay('-1/over', 'challenge-sets/-1/over.yaml', 'balanced')}`,
      '::error file=challenge-sets/-1/over.yaml,line=11,col=5,title=guard-eval error%3A -1/over [balanced]::' +
        `steps[1] run_code: expected allow, got none (error)%0Adetail: guard threw: boom%0Areplay: ${replay('-1/over', 'challenge-sets/-1/over.yaml', 'balanced')}`,
      '::warning file=challenge-sets/set-1/basic.yaml,line=9,col=5,title=guard-eval lucky pass%3A set-1/basic/ok [balanced]::' +
        'steps[1] send_email: expected deny, got deny (lucky-pass)%0Arule: net.unknown-host; expected rule: exfil.chain%0A' +
        `detail: decided by \`net.unknown-host\`, not \`exfil.chain\`%0Areplay: ${replay('set-1/basic/ok', 'challenge-sets/set-1/basic.yaml', 'balanced')}`,
    ]);
  });

  it('are empty when every step passes', () => {
    const clean = SCENARIOS.filter((s) => s.steps.every((x) => x.outcome === 'pass'));
    expect(renderGithubAnnotations({ ...RESULTS, scenarios: clean }, CTX)).toBe('');
  });

  it('pass a race\'s order to the replay command', () => {
    const ctx: ReportContext = { replayCommand: ({ id, order }) => `replay ${id}${order === undefined ? '' : ` --order '${order}'`}` };
    const race = step(0, 8, { call: 'c', expected: 'allow', actual: 'allow', outcome: 'race', interleaving: { batch: 'steps[0]', order: 'd2 d1 c1 c2' } });
    const [line] = lines(renderGithubAnnotations({ ...RESULTS, scenarios: [{ ...(SCENARIOS[0] as ScenarioResult), steps: [race] }] }, ctx));
    expect(parseCommand(line ?? '').message).toContain("replay: replay set-1/basic/ok --order 'steps[0]=d2 d1 c1 c2'");
  });
});

describe('the annotation cap', () => {
  const scenario = SCENARIOS[1] as ScenarioResult;
  const failing = (n: number): StepResult[] =>
    Array.from({ length: n }, (_, i) => step(i, 100 + i, { call: `t${i}`, expected: 'deny', actual: 'ask', outcome: 'miss', severity: 'soft' }));
  const lucky = (n: number): StepResult[] =>
    Array.from({ length: n }, (_, i) => step(1000 + i, 2000 + i, { call: `l${i}`, expected: 'deny', actual: 'deny', outcome: 'lucky-pass' }));

  it('is 50, GitHub\'s per-job limit', () => {
    expect(GITHUB_MAX_ANNOTATIONS).toBe(50);
  });

  it('emits at most 50 annotations, errors first, then one notice with the count of the rest', () => {
    // Lucky passes listed before the misses in run order still come after them.
    const steps = [...lucky(5), ...failing(GITHUB_MAX_ANNOTATIONS + 7)];
    const out = lines(renderGithubAnnotations({ ...RESULTS, scenarios: [{ ...scenario, steps }] }, CTX));
    expect(out).toHaveLength(GITHUB_MAX_ANNOTATIONS + 1);
    expect(out.slice(0, GITHUB_MAX_ANNOTATIONS).every((l) => l.startsWith('::error '))).toBe(true);
    expect(out[GITHUB_MAX_ANNOTATIONS - 1]).toContain(',line=149,');
    expect(out.at(-1)).toBe('::notice::… and 12 more annotations: summary.md lists every failing step');
  });

  it('emits exactly 50 without a notice, and says "annotation" for one more', () => {
    const exact = lines(renderGithubAnnotations({ ...RESULTS, scenarios: [{ ...scenario, steps: failing(GITHUB_MAX_ANNOTATIONS) }] }, CTX));
    expect(exact).toHaveLength(GITHUB_MAX_ANNOTATIONS);
    expect(exact.some((l) => l.startsWith('::notice'))).toBe(false);
    const one = lines(renderGithubAnnotations({ ...RESULTS, scenarios: [{ ...scenario, steps: [...failing(GITHUB_MAX_ANNOTATIONS), ...lucky(1)] }] }, CTX));
    expect(one.at(-1)).toBe('::notice::… and 1 more annotation: summary.md lists every failing step');
  });
});

// ---------------------------------------------------------------------------------------------

describe('workflow-command escaping', () => {
  it('escapes as the toolkit does', () => {
    expect(escapeGithubData('100% done\r\nnext: a, b')).toBe('100%25 done%0D%0Anext: a, b');
    expect(escapeGithubProperty('100% done\r\nnext: a, b')).toBe('100%25 done%0D%0Anext%3A a%2C b');
    expect(escapeGithubData('%0A')).toBe('%250A');
    expect(escapeGithubProperty('::')).toBe('%3A%3A');
  });

  const UNITS = fc.oneof(
    fc.constantFrom('%', '%0A', '%25', '%3A', '%2C', '%0D', '\r', '\n', '\r\n', ':', '::', ',', '=', ' ', '😀', '中', '\u2028', '\u0085', '\u0000'),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
  );
  const TEXT = fc.string({ unit: UNITS, maxLength: 40 });

  it('round-trips, and leaves no raw CR, LF or bare `%` in a message, nor a raw `:` or `,` in a property', () => {
    fc.assert(
      fc.property(TEXT, (s) => {
        const data = escapeGithubData(s);
        const prop = escapeGithubProperty(s);
        expect(unescapeGithub(data)).toBe(s);
        expect(unescapeGithub(prop)).toBe(s);
        expect(data).not.toMatch(/[\r\n]/);
        expect(prop).not.toMatch(/[\r\n:,]/);
        expect(data).not.toMatch(/%(?!25|0D|0A)/);
        expect(prop).not.toMatch(/%(?!25|0D|0A|3A|2C)/);
      }),
      { seed: 20260312, numRuns: 1000 },
    );
  });

  it('arbitrary scenario text gives one command per step whose fields read back as written', () => {
    fc.assert(
      fc.property(fc.record({ id: TEXT, file: TEXT, call: TEXT, reason: TEXT, detail: TEXT }), (r) => {
        const ctx: ReportContext = { replayCommand: ({ id, file }) => `run ${file} --only ${id}` };
        const steps = [
          step(0, 7, { call: r.call, expected: 'deny', actual: 'allow', outcome: 'miss', severity: 'hard', reason: r.reason, detail: r.detail }),
          step(1, 9, { call: r.call, expected: 'ask', actual: 'ask', outcome: 'lucky-pass', col: 3 }),
        ];
        const run: ScenarioResult = { id: r.id, file: r.file, line: 1, set: 's', mode: 'strict', status: 'fail', steps };
        const out = lines(renderGithubAnnotations({ ...RESULTS, scenarios: [run] }, ctx));
        expect(out).toHaveLength(2);
        const [miss, lucky] = out.map(parseCommand);
        expect(miss?.name).toBe('error');
        // Like the toolkit, an empty property is left out.
        const file = r.file === '' ? {} : { file: r.file };
        expect(miss?.props).toEqual({ ...file, line: '7', col: '5', title: `guard-eval miss hard: ${r.id} [strict]` });
        expect(miss?.message).toBe(
          `steps[0] ${r.call}: expected deny, got allow (miss hard)\nreason: ${r.reason}\ndetail: ${r.detail}\nreplay: run ${r.file} --only ${r.id}`,
        );
        expect(lucky?.name).toBe('warning');
        expect(lucky?.props).toEqual({ ...file, line: '9', col: '3', title: `guard-eval lucky pass: ${r.id} [strict]` });
      }),
      { seed: 20260313, numRuns: 300 },
    );
  });
});

// ---------------------------------------------------------------------------------------------

describe('the step summary', () => {
  const md = renderGithubSummary(RESULTS, CTX);

  it('says whether the run passed, with the guard and the totals', () => {
    expect(md.startsWith('## guard-eval: failed\n\nGuard: `builtin`. Scenario runs: 6 (4 passed, 1 failed, 1 errored).')).toBe(true);
    expect(md).toContain('Misses: 1 (1 hard), over-blocks: 1 (0 hard), races: 0, errors: 1, lucky passes: 1. Tension pairs: 1 of 2 passed.');
    expect(md.endsWith('\n')).toBe(true);
    expect(md.endsWith('\n\n')).toBe(false);
  });

  it('has the per-set table', () => {
    expect(md).toContain('| set-1 | 2 | 3 | 1 | 1 | 1 | 0 | 0 | 0 | 0 | 0 | 0/0 | 0 |\n| -1 | 4 | 5 | 3 | 0 | 0 | 0 | 0 | 1 | 0 | 1 | 1/2 | 1 |\n| total |');
  });

  it('lists every failing step with its replay command, escaped, and not the lucky pass', () => {
    expect(md).toContain('### Failing steps (3)\n\n- `challenge-sets/set-1/exfil.yaml:7` `set-1/exfil/中文` [strict] `http_post`: expected deny, got allow (miss hard)\n');
    expect(md).toContain('  - reason: a \\| b second line\n');
    expect(md).toContain(`  - replay: \`${replay('-1/over', 'challenge-sets/-1/over.yaml', 'balanced')}\`\n`);
    expect(md).toContain('- `challenge-sets/-1/over.yaml:11` `-1/over` [balanced] `run_code`: expected allow, got none (error)\n');
    expect(md).not.toContain('send_email');
  });

  it('says passed and None. when nothing failed', () => {
    const clean: RunResults = { ...RESULTS, totals: ZERO, sets: [], scenarios: [], pairs: [] };
    const out = renderGithubSummary(clean, CTX);
    expect(out.startsWith('## guard-eval: passed\n')).toBe(true);
    expect(out.endsWith('### Failing steps (0)\n\nNone.\n')).toBe(true);
  });

  it(`lists at most ${GITHUB_SUMMARY_MAX_STEPS} failing steps, then says how many more`, () => {
    const steps = Array.from({ length: GITHUB_SUMMARY_MAX_STEPS + 3 }, (_, i) => step(i, 10 + i, { call: `t${i}`, expected: 'deny', actual: 'allow', outcome: 'miss', severity: 'hard' }));
    const out = renderGithubSummary({ ...RESULTS, scenarios: [{ ...(SCENARIOS[1] as ScenarioResult), steps }] }, CTX);
    expect(out).toContain(`### Failing steps (${GITHUB_SUMMARY_MAX_STEPS + 3})`);
    expect(out.split('\n').filter((l) => l.startsWith('- `'))).toHaveLength(GITHUB_SUMMARY_MAX_STEPS);
    expect(out.endsWith('\n… and 3 more: summary.md lists every one.\n')).toBe(true);
  });

  it('keeps a hostile set name inside its table cell', () => {
    const out = renderGithubSummary({ ...RESULTS, sets: [{ set: 'a|b\n# c', totals: ZERO }] }, CTX);
    expect(out).toContain('| a\\|b<br># c | 0 |');
  });
});
