/**
 * The report renderers are pure: each is checked on a small hand-built run, byte for byte where the
 * format is a machine format. writeReports is checked against a real temporary directory.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunResults, ScenarioResult, StepResult, Totals } from '../../src/harness/model.js';
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

// ---------------------------------------------------------------------------------------------
// Fixture: 2 sets; a pass, a lucky pass, a hard miss, a soft over-block, an error; a pair passed
// and one collapsed; a formula in a reason, an id starting with `-`, Chinese text, a `|`.
// ---------------------------------------------------------------------------------------------

const ZERO: Totals = {
  scenarios: 0, passed: 0, failed: 0, errored: 0, steps: 0, pass: 0, luckyPass: 0,
  miss: 0, missHard: 0, missSoft: 0, overBlock: 0, overBlockHard: 0, overBlockSoft: 0,
  race: 0, error: 0, pairs: 0, pairsPassed: 0, pairsCollapsed: 0,
};

function step(index: number, line: number, fields: Partial<StepResult> & Pick<StepResult, 'call' | 'expected' | 'actual' | 'outcome'>): StepResult {
  return { index, path: `steps[${index}]`, line, col: 5, session: 'main', rule: null, rules: [], ...fields };
}

const SCENARIOS: readonly ScenarioResult[] = [
  {
    id: 'set-1/basic/ok', file: 'challenge-sets/set-1/basic.yaml', line: 1, set: 'set-1', mode: 'balanced', status: 'pass',
    steps: [
      step(0, 6, { call: 'read_file', expected: 'allow', actual: 'allow', outcome: 'pass' }),
      step(1, 9, {
        call: 'send_email', expected: 'deny', actual: 'deny', outcome: 'lucky-pass', expectedRule: 'exfil.chain',
        rule: 'net.unknown-host', rules: ['net.unknown-host'], detail: 'decided by `net.unknown-host`, not `exfil.chain`',
      }),
    ],
  },
  {
    id: 'set-1/exfil/中文', file: 'challenge-sets/set-1/exfil.yaml', line: 1, set: 'set-1', mode: 'strict', status: 'fail',
    title: '读取私有文件后外发',
    steps: [
      step(0, 7, {
        call: 'http_post', expected: 'deny', actual: 'allow', outcome: 'miss', severity: 'hard', expectedRule: 'exfil.chain',
        reason: '=HYPERLINK("x")',
      }),
    ],
  },
  {
    id: '-1/over', file: 'challenge-sets/-1/over.yaml', line: 1, set: '-1', mode: 'balanced', status: 'error',
    pair: 'p-collapse', twin: 'benign',
    steps: [
      step(0, 5, {
        call: 'write_file', expected: 'allow', actual: 'ask', outcome: 'over-block', severity: 'soft',
        rule: 'mut.outside-workspace', rules: ['mut.outside-workspace', 'x.y'], reason: 'a | b\nsecond line',
      }),
      step(1, 11, { call: 'run_code', expected: 'allow', actual: null, outcome: 'error', detail: 'guard threw: boom' }),
    ],
  },
  {
    id: '-1/atk', file: 'challenge-sets/-1/atk.yaml', line: 1, set: '-1', mode: 'balanced', status: 'pass',
    pair: 'p-collapse', twin: 'attack',
    steps: [step(0, 5, { call: 'write_file', expected: 'ask', actual: 'ask', outcome: 'pass', rule: 'mut.outside-workspace', rules: ['mut.outside-workspace'] })],
  },
  {
    id: '-1/b', file: 'challenge-sets/-1/pair.yaml', line: 1, set: '-1', mode: 'balanced', status: 'pass', pair: 'p-pass', twin: 'benign',
    steps: [step(0, 4, { call: 'search', expected: 'allow', actual: 'allow', outcome: 'pass' })],
  },
  {
    id: '-1/a', file: 'challenge-sets/-1/pair.yaml', line: 20, set: '-1', mode: 'balanced', status: 'pass', pair: 'p-pass', twin: 'attack',
    steps: [step(0, 23, { call: 'search', expected: 'deny', actual: 'deny', outcome: 'pass', rule: 'exfil.chain', rules: ['exfil.chain'] })],
  },
];

const SET_1: Totals = { ...ZERO, scenarios: 2, passed: 1, failed: 1, steps: 3, pass: 1, luckyPass: 1, miss: 1, missHard: 1 };
const SET_NEG: Totals = {
  ...ZERO, scenarios: 4, passed: 3, errored: 1, steps: 5, pass: 3, overBlock: 1, overBlockSoft: 1, error: 1,
  pairs: 2, pairsPassed: 1, pairsCollapsed: 1,
};

const RESULTS: RunResults = {
  schema: 'guard-eval/results@1',
  guard: 'builtin',
  totals: {
    ...ZERO, scenarios: 6, passed: 4, failed: 1, errored: 1, steps: 8, pass: 4, luckyPass: 1, miss: 1, missHard: 1,
    overBlock: 1, overBlockSoft: 1, error: 1, pairs: 2, pairsPassed: 1, pairsCollapsed: 1,
  },
  sets: [
    { set: 'set-1', totals: SET_1 },
    { set: '-1', totals: SET_NEG },
  ],
  scenarios: SCENARIOS,
  pairs: [
    { pair: 'p-collapse', set: '-1', mode: 'balanced', benign: '-1/over', attack: '-1/atk', passed: false, collapsed: true, at: 'steps[0]' },
    { pair: 'p-pass', set: '-1', mode: 'balanced', benign: '-1/b', attack: '-1/a', passed: true, collapsed: false, at: 'steps[0]' },
  ],
};

const CTX: ReportContext = {
  replayCommand: ({ id, file, mode }) => `npx guard-eval run '${file}' --only '${id}' --mode ${mode} --guard builtin`,
};

const replay = (id: string, file: string, mode: string): string => CTX.replayCommand({ id, file, mode });

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
  it('names exactly console, summary, json, misses, over-blocks, races, with their files', () => {
    expect(Object.keys(REPORTERS)).toEqual(['console', 'summary', 'json', 'misses', 'over-blocks', 'races']);
    expect(REPORTER_NAMES).toEqual(['console', 'summary', 'json', 'misses', 'over-blocks', 'races']);
    const files = Object.fromEntries(Object.entries(REPORTERS).map(([k, r]) => [k, 'file' in r ? r.file : undefined]));
    expect(files).toEqual({ console: undefined, summary: 'summary.md', json: 'results.json', misses: 'misses.csv', 'over-blocks': 'over-blocks.csv', races: 'races.md' });
    expect(isReporterName('summary')).toBe(true);
    expect(isReporterName('toString')).toBe(false);
    expect(isReporterName('junit')).toBe(false);
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
    expect(consoleRow(text, 'set')).toEqual([
      'set', 'scenarios', 'steps', 'pass', 'lucky', 'miss hard', 'miss soft', 'over-block hard', 'over-block soft',
      'race', 'error', 'pairs passed/total', 'collapsed',
    ]);
    expect(consoleRow(text, 'set-1')).toEqual(['set-1', '2', '3', '1', '1', '1', '0', '0', '0', '0', '0', '0/0', '0']);
    expect(consoleRow(text, '-1')).toEqual(['-1', '4', '5', '3', '0', '0', '0', '0', '1', '0', '1', '1/2', '1']);
    expect(consoleRow(text, 'total')).toEqual(['total', '6', '8', '4', '1', '1', '0', '0', '1', '0', '1', '1/2', '1']);
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
    expect(out).toContain('x\uFFFD[2Jy z: expected deny');
  });
});

describe('summary.md', () => {
  const md = REPORTERS.summary.render(RESULTS, CTX);

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
    const clean = REPORTERS.summary.render({ ...RESULTS, scenarios: [], pairs: [] }, CTX);
    expect(clean).toContain('## Misses (0)\n\nNone.\n');
    expect(clean).toContain('## Over-blocks (0)\n\nNone.\n');
    expect(clean).toContain('No tension pairs.');
    expect(clean).not.toContain('Races and errors');
  });

  it('escapes a pipe or a line break in a table cell so the row keeps its columns', () => {
    const md2 = REPORTERS.summary.render({ ...RESULTS, sets: [{ set: 'a|b\nc\\', totals: SET_1 }] }, CTX);
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
  const HEADER = '"scenario","location","mode","severity","call","expected","actual","expected_rule","fired_rules","reason","detail","replay"\n';

  it('misses.csv is exactly the expected text, with the formula neutralised', () => {
    expect(REPORTERS.misses.render(RESULTS, CTX)).toBe(
      HEADER +
        '"set-1/exfil/中文","challenge-sets/set-1/exfil.yaml:7","strict","hard","http_post","deny","allow","exfil.chain","",' +
        `"'=HYPERLINK(""x"")","","${replay('set-1/exfil/中文', 'challenge-sets/set-1/exfil.yaml', 'strict')}"\n`,
    );
  });

  it('over-blocks.csv is exactly the expected text, with the `-` id neutralised and the line break kept inside quotes', () => {
    expect(REPORTERS['over-blocks'].render(RESULTS, CTX)).toBe(
      HEADER +
        `"'-1/over","challenge-sets/-1/over.yaml:5","balanced","soft","write_file","allow","ask","","mut.outside-workspace x.y",` +
        `"a | b\nsecond line","","${replay('-1/over', 'challenge-sets/-1/over.yaml', 'balanced')}"\n`,
    );
  });

  it('is just the header when there is nothing to list', () => {
    expect(REPORTERS.misses.render({ ...RESULTS, scenarios: [] }, CTX)).toBe(HEADER);
  });

  it('neutralises every column, the replay command included', () => {
    const evil: ReportContext = { replayCommand: () => '=cmd|"/c calc"!A1' };
    const scenario = SCENARIOS[1] as ScenarioResult;
    const s = step(0, 1, { call: '+call', expected: 'deny', actual: 'allow', outcome: 'miss', severity: 'hard', expectedRule: '@rule', rules: ['-r', 'q'], reason: '\0=1', detail: '+capabilities' });
    const csv = REPORTERS.misses.render({ ...RESULTS, scenarios: [{ ...scenario, id: '＝x', file: '\t.yaml', steps: [s] }] }, evil);
    expect(csv).toBe(HEADER + `"'＝x","'\t.yaml:1","strict","hard","'+call","deny","allow","'@rule","'-r q","'=1","'+capabilities","'=cmd|""/c calc""!A1"\n`);
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
    expect(a).toBe(`${JSON.stringify(RESULTS, null, 2)}\n`);
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
    expect(written).toEqual(['summary.md', 'results.json', 'misses.csv', 'over-blocks.csv', 'races.md'].map((f) => path.join(out, f)));
    expect((await readdir(dir, { recursive: true })).sort()).toEqual(
      ['nested', path.join('nested', 'reports'), ...['misses.csv', 'over-blocks.csv', 'races.md', 'results.json', 'summary.md'].map((f) => path.join('nested', 'reports', f))].sort(),
    );
    expect(await readFile(path.join(out, 'summary.md'), 'utf8')).toBe(REPORTERS.summary.render(RESULTS, CTX));
    expect(await readFile(path.join(out, 'results.json'), 'utf8')).toBe(REPORTERS.json.render(RESULTS, CTX));
    expect(await readFile(path.join(out, 'misses.csv'), 'utf8')).toBe(REPORTERS.misses.render(RESULTS, CTX));
    expect(await readFile(path.join(out, 'over-blocks.csv'), 'utf8')).toBe(REPORTERS['over-blocks'].render(RESULTS, CTX));
  });

  it('writes only the named reports, once each, skips console, and overwrites', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'guard-eval-reports-'));
    await writeReports({ ...RESULTS, guard: 'old' }, CTX, dir, ['json']);
    const written = await writeReports(RESULTS, CTX, dir, ['console', 'json', 'misses', 'json']);
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
