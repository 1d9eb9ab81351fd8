/**
 * The report renderers are pure: each is checked on a small hand-built run, byte for byte where the
 * format is a machine format. writeReports is checked against a real temporary directory.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunResults, ScenarioResult } from '../../src/harness/model.js';
import {
  CONSOLE_MAX_FAILURES,
  REPORTERS,
  REPORTER_NAMES,
  inlineCode,
  isReporterName,
  markdownCell,
  renderMarkdownTable,
  safeCell,
} from '../../src/harness/reports/index.js';
import type { ReportContext } from '../../src/harness/reports/index.js';
import { writeReports } from '../../src/harness/write-reports.js';
import { CTX, RESULTS, SCENARIOS, SET_1, replay, step } from './report-fixture.js';

/** The cells of a console table row whose first cell is `label` (cli-table3 draws `│` between cells). */
function consoleRow(text: string, label: string): string[] | undefined {
  for (const line of text.split('\n')) {
    const cells = line.split('│').slice(1, -1).map((c) => c.trim());
    if (cells[0] === label) return cells;
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------

describe('the registry', () => {
  it('names exactly console, markdown, json, junit, github, misses, over-blocks, races, html, with their files', () => {
    const names = ['console', 'markdown', 'json', 'junit', 'github', 'misses', 'over-blocks', 'races', 'html'];
    expect(Object.keys(REPORTERS)).toEqual(names);
    expect(REPORTER_NAMES).toEqual(names);
    const files = Object.fromEntries(Object.entries(REPORTERS).map(([k, r]) => [k, 'file' in r ? r.file : undefined]));
    expect(files).toEqual({
      console: undefined, markdown: 'summary.md', json: 'results.json', junit: 'junit.xml', github: undefined, misses: 'misses.csv', 'over-blocks': 'over-blocks.csv', races: 'races.md', html: 'index.html',
    });
    expect(new Set(Object.values(files).filter((f) => f !== undefined)).size).toBe(7);
    expect(isReporterName('markdown')).toBe(true);
    expect(isReporterName('junit')).toBe(true);
    expect(isReporterName('toString')).toBe(false);
    expect(isReporterName('xml')).toBe(false);
  });

  it('every renderer is deterministic and leaves its input alone', () => {
    const before = structuredClone(RESULTS);
    for (const r of Object.values(REPORTERS)) expect(r.render(RESULTS, CTX)).toBe(r.render(structuredClone(RESULTS), CTX));
    expect(RESULTS).toEqual(before);
  });
});

describe('console', () => {
  const text = REPORTERS.console.render(RESULTS, CTX);

  it('has the header and the right counts per set and in total', () => {
    expect(consoleRow(text, 'set')).toEqual(['set', 'runs', 'fail', 'steps', 'pass', 'lucky', 'miss', 'over-block', 'race', 'err', 'known', 'pairs']);
    expect(consoleRow(text, 'set-1')).toEqual(['set-1', '2', '1', '3', '1', '1', '1/0', '0/0', '0', '0', '0', '0/0']);
    expect(consoleRow(text, '-1')).toEqual(['-1', '4', '1', '5', '3', '0', '0/0', '0/1', '0', '1', '0', '1/2']);
    expect(consoleRow(text, 'total')).toEqual(['total', '6', '2', '8', '4', '1', '1/0', '0/1', '0', '1', '0', '1/2']);
    // It fits 100 columns; summary.md keeps one column per count.
    expect(Math.max(...text.split('\n').filter((l) => !/^\S+:\d+ {2}/.test(l)).map((l) => l.length))).toBeLessThanOrEqual(100);
    expect(text.startsWith('guard: builtin\n')).toBe(true);
  });

  it('has no colours and no trailing newline', () => {
    expect(text).not.toContain('\u001b');
    expect(text.endsWith('\n')).toBe(false);
  });

  it('lists each failing step on one line, in run order, and not the passes', () => {
    const failing = text.split('\n').filter((l) => /^\S+:\d+ {2}/.test(l));
    expect(failing).toEqual([
      'challenge-sets/set-1/exfil.yaml:7  set-1/exfil/中文 [strict]  http_post: expected deny, got allow (miss hard)',
      'challenge-sets/-1/over.yaml:5  -1/over [balanced]  write_file: expected allow, got ask (over-block soft) mut.outside-workspace',
      'challenge-sets/-1/over.yaml:11  -1/over [balanced]  run_code: expected allow, got none (error) — guard threw: boom',
    ]);
  });

  it('lists at most 20 failing steps, then says how many more', () => {
    const many = 23;
    const scenario = SCENARIOS[1] as ScenarioResult;
    const steps = Array.from({ length: many }, (_, i) => step(i, 100 + i, { call: `t${i}`, expected: 'deny', actual: 'ask', outcome: 'miss', severity: 'soft' }));
    const out = REPORTERS.console.render({ ...RESULTS, scenarios: [{ ...scenario, steps }] }, CTX);
    const lines = out.split('\n');
    expect(lines.filter((l) => l.includes('(miss soft)'))).toHaveLength(CONSOLE_MAX_FAILURES);
    expect(lines.at(-1)).toBe(`… and ${many - CONSOLE_MAX_FAILURES} more`);
    expect(out).toContain('exfil.yaml:119  ');
    expect(out).not.toContain('exfil.yaml:120  ');
  });

  it('keeps scenario text on one line and drops terminal control sequences', () => {
    const scenario = SCENARIOS[1] as ScenarioResult;
    const evil = step(0, 3, { call: 'x\u001b[2Jy\nz', expected: 'deny', actual: 'allow', outcome: 'miss', severity: 'hard' });
    const out = REPORTERS.console.render({ ...RESULTS, scenarios: [{ ...scenario, steps: [evil] }] }, CTX);
    expect(out).not.toContain('\u001b');
    expect(out).toContain('x\\u001b[2Jy z: expected deny');
  });
});

describe('summary.md', () => {
  const md = REPORTERS.markdown.render(RESULTS, CTX);

  it('has the title, the guard and the totals', () => {
    expect(md.startsWith('# guard-eval results\n\nGuard: `builtin`\n')).toBe(true);
    expect(md).toContain('- scenarios: 6 (4 passed, 1 failed, 1 errored)\n');
    expect(md).toContain('- tension pairs: 1 of 2 passed, 1 collapsed\n');
    expect(md.endsWith('\n')).toBe(true);
    expect(md.endsWith('\n\n')).toBe(false);
  });

  it('has the per-set table with the same columns as the console', () => {
    expect(md).toContain(
      [
        '| set | scenarios | steps | pass | lucky | miss hard | miss soft | over-block hard | over-block soft | race | error | pairs passed/total | collapsed |',
        '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
        '| set-1 | 2 | 3 | 1 | 1 | 1 | 0 | 0 | 0 | 0 | 0 | 0/0 | 0 |',
        '| -1 | 4 | 5 | 3 | 0 | 0 | 0 | 0 | 1 | 0 | 1 | 1/2 | 1 |',
        '| total | 6 | 8 | 4 | 1 | 1 | 0 | 0 | 1 | 0 | 1 | 1/2 | 1 |',
      ].join('\n'),
    );
  });

  it('has the pairs, passed and collapsed', () => {
    expect(md).toContain('| p-collapse | -1 | balanced | -1/over | -1/atk | no | yes | steps\\[0\\] |');
    expect(md).toContain('| p-pass | -1 | balanced | -1/b | -1/a | yes | no | steps\\[0\\] |');
  });

  it('lists the misses and over-blocks with location, id, mode, verdicts, rules and the replay command in backticks', () => {
    expect(md).toContain(
      [
        '## Misses (1)',
        '',
        '- `challenge-sets/set-1/exfil.yaml:7` `set-1/exfil/中文` [strict] `http_post`: expected deny, got allow (miss hard)',
        '  - rule: none; expected rule: `exfil.chain`',
        '  - reason: =HYPERLINK("x")',
        `  - replay: \`${replay('set-1/exfil/中文', 'challenge-sets/set-1/exfil.yaml', 'strict')}\``,
      ].join('\n'),
    );
    expect(md).toContain(
      [
        '## Over-blocks (1)',
        '',
        '- `challenge-sets/-1/over.yaml:5` `-1/over` [balanced] `write_file`: expected allow, got ask (over-block soft)',
        '  - rule: `mut.outside-workspace`; fired: `mut.outside-workspace`, `x.y`',
        '  - reason: a \\| b second line',
        `  - replay: \`${replay('-1/over', 'challenge-sets/-1/over.yaml', 'balanced')}\``,
      ].join('\n'),
    );
    expect(md).toContain('## Races and errors (1)\n\n- `challenge-sets/-1/over.yaml:11` `-1/over` [balanced] `run_code`: expected allow, got none (error)\n');
    // The lucky pass is not a failure.
    expect(md).not.toContain('send_email');
  });

  it('says so when there is nothing to list', () => {
    const clean = REPORTERS.markdown.render({ ...RESULTS, scenarios: [], pairs: [] }, CTX);
    expect(clean).toContain('## Misses (0)\n\nNone.\n');
    expect(clean).toContain('## Over-blocks (0)\n\nNone.\n');
    expect(clean).toContain('No tension pairs.');
    expect(clean).not.toContain('Races and errors');
  });

  it('escapes a pipe or a line break in a table cell so the row keeps its columns', () => {
    const md2 = REPORTERS.markdown.render({ ...RESULTS, sets: [{ set: 'a|b\nc\\', totals: SET_1 }] }, CTX);
    expect(md2).toContain('| a\\|b<br>c\\\\ | 2 | 3 |');
  });
});

describe('Markdown helpers', () => {
  it('renderMarkdownTable escapes cells and pads short rows', () => {
    expect(renderMarkdownTable(['a', 'b'], [['x|y'], ['1\r\n2', '*3*']], ['left', 'right'])).toBe(
      '| a | b |\n| --- | ---: |\n| x\\|y |  |\n| 1<br>2 | \\*3\\* |',
    );
  });

  it('an escaped cell has no unescaped pipe and no line break', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        const cell = markdownCell(s);
        expect(cell).not.toMatch(/[\r\n]/);
        // Every `|` is preceded by an odd number of backslashes.
        for (const m of cell.matchAll(/(\\*)\|/g)) expect((m[1] ?? '').length % 2).toBe(1);
      }),
      { seed: 20261202 },
    );
  });

  it('inlineCode fences backticks and keeps the text on one line', () => {
    expect(inlineCode('a')).toBe('`a`');
    expect(inlineCode('a`b')).toBe('``a`b``');
    expect(inlineCode('`x`')).toBe('`` `x` ``');
    expect(inlineCode('a\nb')).toBe('`a b`');
    expect(inlineCode('')).toBe('` `');
  });
});

describe('misses.csv and over-blocks.csv', () => {
  const HEADER = '"scenario","location","mode","severity","call","expected","actual","expected_rule","fired_rules","capabilities","reason","detail","replay"\n';

  it('misses.csv is exactly the expected text, with the formula neutralised', () => {
    expect(REPORTERS.misses.render(RESULTS, CTX)).toBe(
      HEADER +
        '"set-1/exfil/中文","challenge-sets/set-1/exfil.yaml:7","strict","hard","http_post","deny","allow","exfil.chain","","",' +
        `"'=HYPERLINK(""x"")","","${replay('set-1/exfil/中文', 'challenge-sets/set-1/exfil.yaml', 'strict')}"\n`,
    );
  });

  it('over-blocks.csv is exactly the expected text, with the `-` id neutralised and the line break kept inside quotes', () => {
    expect(REPORTERS['over-blocks'].render(RESULTS, CTX)).toBe(
      HEADER +
        `"'-1/over","challenge-sets/-1/over.yaml:5","balanced","soft","write_file","allow","ask","","mut.outside-workspace x.y","",` +
        `"a | b\nsecond line","","${replay('-1/over', 'challenge-sets/-1/over.yaml', 'balanced')}"\n`,
    );
  });

  it('is just the header when there is nothing to list', () => {
    expect(REPORTERS.misses.render({ ...RESULTS, scenarios: [] }, CTX)).toBe(HEADER);
  });

  it('neutralises every column, the replay command included', () => {
    const evil: ReportContext = { replayCommand: () => '=cmd|"/c calc"!A1' };
    const scenario = SCENARIOS[1] as ScenarioResult;
    const s = step(0, 1, { call: '+call', expected: 'deny', actual: 'allow', outcome: 'miss', severity: 'hard', expectedRule: '@rule', rules: ['-r', 'q'], capabilities: ['-EXTERNAL_ACTION', 'X'], reason: '\0=1', detail: '+capabilities' });
    const csv = REPORTERS.misses.render({ ...RESULTS, scenarios: [{ ...scenario, id: '＝x', file: '\t.yaml', steps: [s] }] }, evil);
    expect(csv).toBe(HEADER + `"'＝x","'\t.yaml:1","strict","hard","'+call","deny","allow","'@rule","'-r q","'-EXTERNAL_ACTION X","'=1","'+capabilities","'=cmd|""/c calc""!A1"\n`);
  });
});

describe('safeCell', () => {
  const DANGEROUS = ['=', '+', '-', '@', '\t', '\r', '\0', '＝', '＋', '－', '＠'];
  const LEADS = ['', ' ', '\t ', '\0'];
  const BODIES = ['', '1', '1+2', 'SUM(A1:A2)', 'cmd|"/c calc"!A1', '中文'];

  it.each(DANGEROUS.flatMap((p) => LEADS.map((lead) => [JSON.stringify(lead), JSON.stringify(p), lead, p] as const)))(
    'lead %s then %s gets an apostrophe and loses its NULs',
    (_l, _p, lead, p) => {
      for (const body of BODIES) {
        const raw = `${lead}${p}${body}`;
        const out = safeCell(raw);
        expect(out.startsWith("'")).toBe(true);
        expect(out).toBe(`'${raw.replaceAll('\0', '')}`);
        expect(out).not.toContain('\0');
      }
    },
  );

  it('gives negative-looking text the apostrophe: every column is text', () => {
    expect(safeCell('-1')).toBe("'-1");
    expect(safeCell('-1/over')).toBe("'-1/over");
    expect(safeCell('+33 1 23')).toBe("'+33 1 23");
  });

  it('leaves safe strings unchanged', () => {
    for (const s of ['', 'abc', 'set-1/x', '1-2', 'a=b', 'a@b.c', '中文', '读取 = 外发', ' hello', '\nfoo', "'already", '123', 'x\ty', 'ab\r\ncd']) {
      expect(safeCell(s)).toBe(s);
    }
  });

  it('also looks past other leading whitespace (NBSP, ideographic space)', () => {
    expect(safeCell('\u00a0=1')).toBe("'\u00a0=1");
    expect(safeCell('\u3000＝1')).toBe("'\u3000＝1");
  });

  it('strips NULs everywhere, is idempotent, and a kept cell never starts a formula', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\n', '\0', ' ', '＝', '＠', 'a', '1', '中', "'") }), (s) => {
        const out = safeCell(s);
        expect(out).not.toContain('\0');
        expect(safeCell(out)).toBe(out);
        const stripped = s.replaceAll('\0', '');
        if (out === stripped) {
          expect(s).not.toMatch(/^[\s\0]*[=+\-@＝＋－＠]/u);
          expect(s).not.toMatch(/^[\s\0]*[\t\r\0]/u);
        } else {
          expect(out).toBe(`'${stripped}`);
        }
      }),
      { seed: 20261203 },
    );
  });
});

describe('results.json', () => {
  it('round-trips to the results and ends with one newline', () => {
    const text = REPORTERS.json.render(RESULTS, CTX);
    expect(JSON.parse(text)).toStrictEqual(RESULTS);
    expect(text.endsWith('}\n')).toBe(true);
  });

  it('is byte-identical across renders and keeps the runner key order', () => {
    const a = REPORTERS.json.render(RESULTS, CTX);
    expect(REPORTERS.json.render(JSON.parse(a) as RunResults, CTX)).toBe(a);
    expect(Object.keys(JSON.parse(a) as object)).toEqual(['schema', 'guard', 'totals', 'sets', 'scenarios', 'pairs']);
    // The same value, laid out with each step and each pair on a line of its own.
    expect(JSON.parse(a)).toEqual(JSON.parse(JSON.stringify(RESULTS)));
    const lines = a.split('\n');
    for (const s of RESULTS.scenarios) for (const st of s.steps) expect(lines).toContain(`        ${JSON.stringify(st)}${st === s.steps[s.steps.length - 1] ? '' : ','}`);
    for (const p of RESULTS.pairs) expect(lines.some((l) => l.trim().replace(/,$/, '') === JSON.stringify(p))).toBe(true);
  });

  it('is written in pieces, none larger than about one scenario run, that parse back to the results', () => {
    const pieces = [...(REPORTERS.json.chunks?.(RESULTS, CTX) ?? [])];
    expect(JSON.parse(pieces.join(''))).toEqual(JSON.parse(JSON.stringify(RESULTS)));
    // A writer holding a piece at a time holds at most one run's steps, never the whole file.
    const largestRun = Math.max(...RESULTS.scenarios.map((r) => JSON.stringify(r).length));
    for (const p of pieces) expect(p.length).toBeLessThanOrEqual(largestRun + 200);
    expect(pieces.length).toBeGreaterThan(RESULTS.scenarios.length);
  });
});

describe('writeReports', () => {
  let dir = '';
  afterEach(async () => {
    if (dir !== '') await rm(dir, { recursive: true, force: true });
    dir = '';
  });

  it('writes the file reports into a new directory, and nothing else', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'guard-eval-reports-'));
    const out = path.join(dir, 'nested', 'reports');
    const written = await writeReports(RESULTS, CTX, out);
    const files = ['summary.md', 'results.json', 'junit.xml', 'misses.csv', 'over-blocks.csv', 'races.md', 'index.html'];
    expect(written).toEqual(files.map((f) => path.join(out, f)));
    expect((await readdir(dir, { recursive: true })).sort()).toEqual(['nested', path.join('nested', 'reports'), ...files.map((f) => path.join('nested', 'reports', f))].sort());
    expect(await readFile(path.join(out, 'summary.md'), 'utf8')).toBe(REPORTERS.markdown.render(RESULTS, CTX));
    expect(await readFile(path.join(out, 'results.json'), 'utf8')).toBe(REPORTERS.json.render(RESULTS, CTX));
    expect(await readFile(path.join(out, 'misses.csv'), 'utf8')).toBe(REPORTERS.misses.render(RESULTS, CTX));
    expect(await readFile(path.join(out, 'over-blocks.csv'), 'utf8')).toBe(REPORTERS['over-blocks'].render(RESULTS, CTX));
    expect(await readFile(path.join(out, 'junit.xml'), 'utf8')).toBe(REPORTERS.junit.render(RESULTS, CTX));
  });

  it('writes only the named reports, once each, skips console and github, and overwrites', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'guard-eval-reports-'));
    await writeReports({ ...RESULTS, guard: 'old' }, CTX, dir, ['json']);
    const written = await writeReports(RESULTS, CTX, dir, ['console', 'github', 'json', 'misses', 'json']);
    expect(written).toEqual([path.join(dir, 'results.json'), path.join(dir, 'misses.csv')]);
    expect((await readdir(dir)).sort()).toEqual(['misses.csv', 'results.json']);
    expect(await readFile(path.join(dir, 'results.json'), 'utf8')).toBe(REPORTERS.json.render(RESULTS, CTX));
  });

  it('writes nothing for console alone or an empty list', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'guard-eval-reports-'));
    expect(await writeReports(RESULTS, CTX, dir, ['console'])).toEqual([]);
    expect(await writeReports(RESULTS, CTX, dir, [])).toEqual([]);
    expect(await readdir(dir)).toEqual([]);
  });
});

describe('replay commands', () => {
  it('quote the guard spec and write to a folder of their own', async () => {
    const { replayCommand } = await import('../../src/harness/reports/replay.js');
    const cmd = replayCommand('exec:python3 my guard.py', 'ci/guard config.yaml')({ id: 'set-2/a', file: 'challenge-sets/set-2/a.yaml', mode: 'strict' });
    expect(cmd).toBe("npx guard-eval run challenge-sets/set-2/a.yaml --only set-2/a --mode strict --guard 'exec:python3 my guard.py' --guard-config 'ci/guard config.yaml' --out reports/replay");
  });
});
