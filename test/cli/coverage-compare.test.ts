/** `guard-eval coverage` and `guard-eval compare`, as a user runs them. */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseGuardList } from '../../src/cli/compare.js';
import { cli } from './cli.js';

const tmp = (): string => mkdtempSync(join(tmpdir(), 'guard-eval-cov-'));

const TAGGED = `version: 1
id: set-9/boundary
tags: [boundary:chain.eit-pta]
catalog: [crm]
steps:
  - call: crm_lookup
    args: {customer_id: 1}
    expect: allow
`;

describe('guard-eval coverage', () => {
  it('prints the matrix, writes coverage.md, and exits 1 below the floor', async () => {
    const out = tmp();
    const r = await cli('coverage', 'scenarios/examples', '--min', '1', '--out', out);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/chain\.eit-pat\s+│\s+\d+/);
    expect(r.out).toMatch(/cells? below the floor of 1/);
    const md = readFileSync(join(out, 'coverage.md'), 'utf8');
    expect(md).toContain('| `chain.eit-pat` |');
    expect(md).toContain('Floor: 1 per cell.');
    expect((await cli('coverage', 'scenarios/examples', '--min', '0', '--out', tmp(), '--quiet')).code).toBe(0);
    const json = JSON.parse((await cli('coverage', 'scenarios/examples', '--out', tmp(), '--json')).out);
    expect(json.schema).toBe('guard-eval/coverage@1');
  });

  it('a boundary tag naming no rule, or a bad floor, is exit 2 with where and a suggestion', async () => {
    const dir = tmp();
    const file = join(dir, 'b.yaml');
    writeFileSync(file, TAGGED);
    const r = await cli('coverage', file, '--out', tmp());
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${file}:1:1`);
    expect(r.err).toContain('did you mean `chain.eit-pat`');
    expect((await cli('coverage', file, '--min', 'lots')).code).toBe(2);
  });
});

describe('guard-eval compare', () => {
  it('runs each guard and prints the guard × set table', async () => {
    const out = tmp();
    const r = await cli('compare', 'scenarios/examples', '--guard', 'builtin,allow-all', '--markdown', '--out', out);
    expect(r.code).toBe(0);
    const lines = r.out.trim().split('\n');
    expect(lines[0]).toMatch(/^\| guard \| examples \| .*\| all \| failed runs \| pairs passed \|$/);
    expect(lines[2]).toMatch(/^\| builtin (\| 0\.0% \/ 0\.0% )+\| 0\/\d+ \| 1\/1 \|$/);
    expect(lines[3]).toMatch(/^\| allow-all \| [1-9]\d*\.\d% \/ 0\.0% \|/);
    expect(readFileSync(join(out, 'compare.md'), 'utf8')).toContain(lines[2]);
  });

  it('bad input is exit 2 with a one-line message, never an internal error or a table', async () => {
    const cases: [string[], string][] = [
      [['--guard', 'builtin,alow-all'], '--guard: unknown guard `alow-all` (did you mean `allow-all`?) (one of '],
      [['--guard', ','], '--guard: expected a comma-separated list of guards (one of '],
      [['--guard-timeout', 'soon'], '--guard-timeout: expected a positive number of milliseconds, e.g. `30000`, got `soon`'],
      [['--guard', './no-such-guard.mjs'], '--guard: no guard module at `./no-such-guard.mjs`'],
    ];
    for (const [opts, message] of cases) {
      const out = tmp();
      const r = await cli('compare', 'scenarios/examples', ...opts, '--out', out, '--markdown');
      expect(r.code, opts.join(' ')).toBe(2);
      expect(r.out).toBe('');
      expect(r.err.startsWith(message), r.err).toBe(true);
      expect(r.err.trim().split('\n')).toHaveLength(1);
      expect(r.err).not.toMatch(/internal error|\n\s+at /);
      expect(existsSync(join(out, 'compare.md'))).toBe(false);
    }
    const missing = await cli('compare', 'no/such/dir', '--guard', 'builtin', '--out', tmp());
    expect(missing).toMatchObject({ code: 2, out: '' });
    expect(missing.err).toBe('no/such/dir: no such file or folder\n');
    expect(missing.err).not.toMatch(/internal error|\n\s+at /);
  });

  it('names unknown guards with a suggestion', () => {
    expect(parseGuardList('all')).toContain('window-12');
    expect(parseGuardList('builtin, memoryless,builtin')).toEqual(['builtin', 'memoryless']);
    expect(() => parseGuardList('builtin,alow-all')).toThrow(/unknown guard `alow-all`.*did you mean `allow-all`/);
    expect(() => parseGuardList(',')).toThrow(/comma-separated/);
  });
});
