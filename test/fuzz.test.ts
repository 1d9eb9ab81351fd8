/**
 * Seeded fuzzing of the inputs users and agents control: mangled copies of the real scenario files
 * (the DSL must answer with issues, never an exception or its internal-error path), hostile guard
 * calls (the decision is total: never a throw, never an allow on an internal error) and tampered
 * returned label sheets (issues with rows, never an exception other than a clean InputError).
 *
 * `npm test` runs a small slice; `npm run fuzz` runs the long one (`FUZZ_RUNS`, `FUZZ_SEED`) and
 * writes `reports/fuzz.json`: per target, the inputs tried, hangs (an input over 10 s), inputs
 * rejected as malformed, internal errors and the peak RSS; a crash fails the run. A failure prints fast-check's seed and path to replay it.
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createGuard } from '../src/core/guard.js';
import type { ToolSpec } from '../src/core/types.js';
import { buildSheet } from '../src/harness/label-sheet.js';
import { parseScenarioText } from '../src/io/dsl.js';
import type { CatalogLookup } from '../src/io/dsl-scenario.js';
import { InputError } from '../src/io/errors.js';
import { parseSheetCsv, renderSheetCsv, validateReturnedSheet } from '../src/io/label-csv.js';
import { parseToolSpecs } from '../src/io/toolspecs.js';

const RUNS = Number(process.env['FUZZ_RUNS'] ?? 60);
const SEED = Number(process.env['FUZZ_SEED'] ?? 20261202);
const REPORT = process.env['FUZZ_REPORT'];
const HANG_MS = 10_000;

interface Tally {
  inputs: number;
  hangs: number;
  /** Inputs the code under test rejected as malformed (the guard: an invalid call, denied). */
  rejected: number;
  /** Inputs that reached an internal-error path (recorded and failed closed, but a bug). */
  internalErrors: number;
}
const tallies: Record<string, Tally> = {};
let peakRss = 0;
const tally = (name: string): Tally => (tallies[name] ??= { inputs: 0, hangs: 0, rejected: 0, internalErrors: 0 });
const sample = (): void => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
};

const catalogs = new Map<string, CatalogLookup>();
function readCatalog(name: string): CatalogLookup {
  const cached = catalogs.get(name);
  if (cached !== undefined) return cached;
  let result: CatalogLookup;
  try {
    const file = path.join('scenarios/catalog', `${name}.yaml`);
    const parsed = parseToolSpecs(readFileSync(file, 'utf8'), file);
    result = parsed.ok ? { ok: true, tools: Object.fromEntries(parsed.tools.map((t) => [t.spec.name, t.spec])) } : { ok: false, message: 'bad catalog' };
  } catch {
    result = { ok: false, message: `no catalog \`${name}\`` };
  }
  catalogs.set(name, result);
  return result;
}

const SET_FILES = readdirSync('challenge-sets', { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.yaml') && !f.endsWith('manifest.yaml') && !f.includes('catalog'))
  .sort()
  .map((f) => path.join('challenge-sets', f));

/** Hostile fragments spliced into texts. */
const HOSTILE = ['\u0000', '\u001b[2J', '\u202e', '\ud800', '&a', '*a', '<<: *a', '{', '[', ']', '}', ': ', '- ', '!!binary', '!!js/function', '? ', '|\n', '>-\n', '\t', '\r', '"', "'", '#', '%YAML 1.1\n---\n', '...\n', 'x'.repeat(5000), '[['.repeat(300), 'expect: {', 'steps: []', 'repeat: {times: 1000000, steps: []}', 'batch: []', 'id: "@x"'];

/** One seeded mangling of a text: splice, delete, duplicate or swap lines, insert a hostile fragment. */
const mangle = (text: string): fc.Arbitrary<string> =>
  fc.array(fc.tuple(fc.nat(4), fc.nat(), fc.nat(), fc.constantFrom(...HOSTILE)), { minLength: 1, maxLength: 4 }).map((ops) => {
    let lines = text.split('\n');
    for (const [op, a, b, frag] of ops) {
      const i = a % Math.max(1, lines.length);
      const j = b % Math.max(1, lines.length);
      if (op === 0) lines.splice(i, 1);
      else if (op === 1) lines.splice(i, 0, lines[j] ?? '');
      else if (op === 2) [lines[i], lines[j]] = [lines[j] ?? '', lines[i] ?? ''];
      else if (op === 3) lines[i] = `${(lines[i] ?? '').slice(0, b % 40)}${frag}${(lines[i] ?? '').slice(b % 40)}`;
      else lines = lines.slice(0, i);
    }
    return lines.join('\n');
  });

function timed<T>(t: Tally, f: () => T): T {
  const start = performance.now();
  const r = f();
  if (performance.now() - start > HANG_MS) t.hangs++;
  t.inputs++;
  return r;
}

describe(`fuzz (seed ${SEED}, ${RUNS} runs per target)`, () => {
  it('mangled scenario files: issues at a position, never an exception or the internal-error path', () => {
    const t = tally('dsl');
    const texts = SET_FILES.map((f) => readFileSync(f, 'utf8'));
    fc.assert(
      fc.property(
        fc.nat(texts.length - 1).chain((k) => mangle(texts[k] as string).map((m) => [k, m] as const)),
        ([k, text]) => {
          const r = timed(t, () => parseScenarioText(text, SET_FILES[k] as string, readCatalog));
          sample();
          const internal = r.issues.filter((i) => /^cannot read this file:/.test(i.message));
          if (internal.length > 0) t.internalErrors++;
          expect(internal, 'the DSL fell into its internal-error path').toEqual([]);
          for (const i of r.issues) expect(typeof i.pos.file).toBe('string');
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('hostile guard calls: a verdict every time, never an allow from an internal error', () => {
    const t = tally('guard');
    const tools: ToolSpec[] = [
      { name: 'fetch_url', description: 'Fetch a public web page', annotations: { openWorldHint: true, readOnlyHint: true } },
      { name: 'crm_lookup', description: 'Look up a customer record in the CRM' },
      { name: 'send_email', description: 'Send an e-mail to any address' },
      { name: 'run_shell', description: 'Run a shell command on the build machine' },
    ];
    const guard = createGuard({ salt: 'fuzz', tools });
    const arg = fc.anything({ maxDepth: 4, withBigInt: true, withNullPrototype: true, withTypedArray: true, withSparseArray: true, withBoxedValues: true, withMap: true, withSet: true });
    fc.assert(
      fc.property(fc.array(fc.record({ tool: fc.oneof(fc.constantFrom(...tools.map((x) => x.name)), fc.string()), args: arg, result: fc.option(arg) }), { minLength: 1, maxLength: 6 }), (calls) => {
        const session = guard.session(`s${t.inputs}`);
        for (const c of calls) {
          const d = timed(t, () => session.decide({ tool: c.tool, args: c.args }));
          expect(['allow', 'ask', 'deny']).toContain(d.verdict);
          const failed = d.rules.find((r) => r.id === 'guard.internal-error');
          if (failed !== undefined) {
            if (failed.reason.startsWith('invalid call')) t.rejected++;
            else t.internalErrors++;
            expect(d.verdict).not.toBe('allow');
          }
          if (c.result !== null) timed(t, () => session.record({ tool: c.tool, turn: d.turn }, { result: c.result }));
        }
        sample();
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('tampered returned sheets: issues with rows, or a clean InputError', async () => {
    const t = tally('sheets');
    const { loadScenariosOrThrow } = await import('../src/io/dsl.js');
    const { scenarios } = await loadScenariosOrThrow(['scenarios/examples']);
    const sheet = buildSheet(scenarios, { seed: 'fuzz', sample: 30 });
    const filled = renderSheetCsv(sheet.rows.map((r, i) => ({ ...r, verdict: ['allow', 'ask', 'deny'][i % 3] as string })));
    fc.assert(
      fc.property(mangle(filled), (text) => {
        timed(t, () => {
          try {
            const parsed = parseSheetCsv(text, 'sheet.csv');
            const r = validateReturnedSheet(parsed.rows, sheet.key);
            for (const i of r.issues) expect(i.row === null || Number.isSafeInteger(i.row)).toBe(true);
          } catch (e) {
            expect(e).toBeInstanceOf(InputError);
          }
        });
        sample();
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('misbehaving MCP servers: import-tools exits 0 or 2 with a message, never an internal error, and a catalog it writes loads', async () => {
    const t = tally('mcp');
    const { cli } = await import('./cli/cli.js');
    const { loadToolSpecs } = await import('../src/io/toolspecs.js');
    const { mkdtempSync, readdirSync: list } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const runs = Math.max(4, Math.floor(RUNS / 15));
    for (let k = 0; k < runs; k++) {
      const out = mkdtempSync(path.join(tmpdir(), 'guard-eval-fuzz-mcp-'));
      const start = performance.now();
      const r = await cli('import-tools', '--out', out, '--timeout', '400', '--deadline', '3000', '--', process.execPath, 'test/fixtures/mcp-random-server.mjs', String(SEED + k));
      if (performance.now() - start > HANG_MS) t.hangs++;
      t.inputs++;
      if (r.code === 2) t.rejected++;
      expect([0, 2], `server seed ${SEED + k}: ${r.err}`).toContain(r.code);
      expect(r.err, `server seed ${SEED + k}`).not.toMatch(/internal error|\n\s+at /);
      if (r.code === 0) for (const f of list(out)) await loadToolSpecs(path.join(out, f));
      sample();
    }
    if (REPORT !== undefined) {
      writeFileSync(REPORT, `${JSON.stringify({ schema: 'guard-eval/fuzz@1', seed: SEED, runsPerTarget: RUNS, peakRssMB: Math.round(peakRss / 2 ** 20), targets: tallies }, null, 2)}\n`);
    }
  });
});
