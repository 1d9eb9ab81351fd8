/**
 * Text from scenarios, tool specs and sheets never reaches a terminal or a report as a control
 * character: ESC, BEL, C1 controls and bidirectional overrides are shown escaped everywhere.
 */
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeIO } from '../../src/cli/main.js';
import { escapeControls } from '../../src/harness/reports/cells.js';
import { cli } from './cli.js';

/** What may never appear raw in output meant for a terminal or a Markdown reader. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const RAW = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

const EVIL = String.raw`version: 1
scenarios:
  - id: "set-9/evil/ring\a-\e]0;pwned\a-\u202Egnp"
    title: "Title \e[2J cleared \x85 next"
    tools:
      "bad\e[31mtool":
        description: "Reads a public web page \e[2J and returns its text"
        inputSchema: {type: object, properties: {url: {type: string}}}
    steps:
      - call: "bad\e[31mtool"
        args: {url: "https://x.example/\e[2J\u2066"}
        result: "page \e]8;;https://evil.example\a link"
        expect: deny
`;

describe('hostile text', () => {
  it('every command shows control characters of its input escaped, on the terminal and in every report', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'guard-eval-hostile-'));
    const file = join(dir, 'evil.yaml');
    writeFileSync(file, EVIL);
    const tools = join(dir, 'tools.yaml');
    writeFileSync(tools, String.raw`- name: "read\e[2Jpage"
  description: "Reads a public web page \a\e]0;x\a and returns its text"
  inputSchema: {type: object}
`);
    const runs = [
      await cli('validate', file),
      await cli('run', file, '--out', join(dir, 'out')),
      await cli('explain', file, '--id', 'set-9/evil/ring\u0007-\u001b]0;pwned\u0007-\u202egnp'),
      await cli('explain', file),
      await cli('classify', tools),
      await cli('coverage', file, '--out', join(dir, 'cov')),
      await cli('label', 'export', file, '--out', join(dir, 'sheet.csv'), '--key', join(dir, 'key.json'), '--labeler', 'a\u001b[2Jb'),
    ];
    for (const [i, r] of runs.entries()) {
      expect(RAW.test(r.out), `run ${i} stdout: ${JSON.stringify(r.out.slice(0, 400))}`).toBe(false);
      expect(RAW.test(r.err), `run ${i} stderr: ${JSON.stringify(r.err.slice(0, 400))}`).toBe(false);
    }
    expect(runs[1]?.out).toContain('set-9/evil/ring\\u0007-\\u001b]0;pwned\\u0007-\\u202egnp');
    for (const d of ['out', 'cov']) {
      for (const f of readdirSync(join(dir, d))) {
        const text = readFileSync(join(dir, d, f), 'utf8');
        const bad = f.endsWith('.csv') ? text.replace(/\r\n/g, '\n') : text;
        expect(RAW.test(bad), `${d}/${f}`).toBe(false);
      }
    }
    // results.json holds the same values: the escapes are JSON's own.
    const results = JSON.parse(readFileSync(join(dir, 'out', 'results.json'), 'utf8')) as { scenarios: { id: string }[] };
    expect(results.scenarios[0]?.id).toBe('set-9/evil/ring\u0007-\u001b]0;pwned\u0007-\u202egnp');
    expect(RAW.test(readFileSync(join(dir, 'sheet.csv'), 'utf8').replace(/\r\n/g, '\n'))).toBe(false);
  });

  it('safeIO lets through line breaks, tabs and a leading CR only (property)', () => {
    const seed = 1202;
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (s) => {
        let seen = '';
        const io = safeIO({ stdout: (x) => (seen += x), stderr: (x) => (seen += x) });
        io.stdout(s);
        const body = seen.startsWith('\r') && s.startsWith('\r') ? seen.slice(1) : seen;
        expect(RAW.test(body.replace(/[\n\t]/g, ''))).toBe(false);
        // Nothing is lost: the escapes are unambiguous for what they replace.
        expect(seen.length).toBeGreaterThanOrEqual(s.length);
      }),
      { seed, numRuns: 2000 },
    );
    expect(escapeControls('a\u001bb\u202ec\n', '\n')).toBe('a\\u001bb\\u202ec\n');
    expect(JSON.parse(escapeControls(JSON.stringify({ k: 'x\u0085\u2028\ud800y' })))).toEqual({ k: 'x\u0085\u2028\ud800y' });
  });
});
