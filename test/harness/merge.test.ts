/**
 * Merging shard results: the real challenge sets run unsharded and in shards, merged back byte for
 * byte (results.json and every report), and inconsistent parts refused with clear errors.
 */
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mergeReportsCommand } from '../../src/cli/merge-reports.js';
import { replayCommand } from '../../src/harness/reports/replay.js';
import { builtinGuard } from '../../src/harness/guards.js';
import { MergeError, mergeResults } from '../../src/harness/merge.js';
import type { RunResults, Scenario, ScenarioResult } from '../../src/harness/model.js';
import { REPORTERS } from '../../src/harness/reports/index.js';
import { renderJson } from '../../src/harness/reports/json.js';
import { assembleResults, runScenarios } from '../../src/harness/runner.js';
import { selectShard } from '../../src/harness/shard.js';
import { writeReports } from '../../src/harness/write-reports.js';
import { loadSets } from '../load-sets.js';
import { InputError, formatIssue } from '../../src/io/errors.js';

let scenarios: Scenario[] = [];
let unsharded: RunResults;
/** `renderJson(unsharded)`, rendered once (tens of MB). */
let expectedJson = '';
/**
 * Shard results by shard count. The 3 parts are run for real over their shards' scenarios. The 7
 * parts are assembled from the unsharded run's scenario results (each scenario × mode run has
 * fresh sessions, so its result does not depend on what else ran: the 3 real parts check that),
 * which keeps this file's run time to two passes over the sets.
 */
const sharded = new Map<number, RunResults[]>();
let tmp: string;

const run = (list: readonly Scenario[]): Promise<RunResults> => runScenarios(list, { guard: builtinGuard() });
const shardsOf = (n: number): Scenario[][] => Array.from({ length: n }, (_, k) => selectShard(scenarios, { index: k + 1, count: n }));

beforeAll(async () => {
  const loaded = await loadSets(['challenge-sets', 'scenarios/examples']);
  if (!loaded.ok) throw new Error(loaded.issues.map(formatIssue).join('\n'));
  scenarios = loaded.scenarios;
  unsharded = await run(scenarios);
  expectedJson = renderJson(unsharded);
  const three: RunResults[] = [];
  for (const list of shardsOf(3)) three.push(await run(list));
  sharded.set(3, three);
  sharded.set(
    7,
    shardsOf(7).map((list) => {
      const ids = new Set(list.map((s) => s.id));
      return assembleResults(unsharded.guard, unsharded.scenarios.filter((r) => ids.has(r.id)));
    }),
  );
  tmp = await mkdtemp(path.join(tmpdir(), 'guard-eval-merge-'));
  // The sets run several times over: seconds on a quiet machine, minutes on a busy one.
}, 600_000);

afterAll(async () => {
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe('merging the real challenge sets', () => {
  it('runs what the merge has to get right: many scenarios per file, several modes, pairs', () => {
    const perFile = new Map<string, number>();
    for (const s of scenarios) perFile.set(s.loc.file, (perFile.get(s.loc.file) ?? 0) + 1);
    expect([...perFile.values()].filter((k) => k > 1).length).toBeGreaterThan(50);
    expect(scenarios.filter((s) => s.modes.length > 1).length).toBeGreaterThan(100);
    expect(unsharded.pairs.length).toBeGreaterThan(100);
    // No two scenarios start on one line of a file: (file, line) orders them exactly.
    expect(new Set(scenarios.map((s) => `${s.loc.file}:${s.loc.line}`)).size).toBe(scenarios.length);
  });

  it('splits into shards that each hold some of the runs', () => {
    for (const [n, parts] of sharded) {
      expect(parts).toHaveLength(n);
      const runs = parts.map((p) => p.scenarios.length);
      expect(runs.reduce((a, b) => a + b, 0)).toBe(unsharded.scenarios.length);
      const mean = unsharded.scenarios.length / n;
      for (const r of runs) expect(Math.abs(r - mean) / mean, `runs per shard: ${runs.join(' ')}`).toBeLessThan(0.25);
    }
  });

  it.each([3, 7])('merges %i shards into the unsharded results, byte for byte', (n) => {
    const parts = sharded.get(n) as RunResults[];
    expect(renderJson(mergeResults(parts))).toBe(expectedJson);
    // The parts' order does not matter.
    expect(renderJson(mergeResults([...parts].reverse()))).toBe(expectedJson);
  });

  it('merges 1 shard: the whole run, unchanged', () => {
    // Shard 1/1 is every scenario in load order, so its run is the unsharded run itself.
    expect(selectShard(scenarios, { index: 1, count: 1 })).toEqual(scenarios);
    expect(renderJson(mergeResults([unsharded]))).toBe(expectedJson);
  });

  it('merges merged results again, and accepts an empty part', () => {
    const parts = sharded.get(7) as RunResults[];
    const ab = mergeResults(parts.slice(0, 4));
    const cd = mergeResults(parts.slice(4));
    const empty = assembleResults(unsharded.guard, []);
    expect(renderJson(mergeResults([cd, empty, ab]))).toBe(expectedJson);
  });

  it('merges parts split by mode rather than by shard', () => {
    const only = (keep: (r: ScenarioResult) => boolean): RunResults => assembleResults(unsharded.guard, unsharded.scenarios.filter(keep));
    const parts = [only((r) => r.mode === 'strict'), only((r) => r.mode === 'balanced'), only((r) => r.mode === 'permissive')];
    expect(renderJson(mergeResults(parts))).toBe(expectedJson);
  });
});

describe('mergeResults refuses inconsistent parts', () => {
  const parts = (): RunResults[] => sharded.get(3) as RunResults[];
  const expectMergeError = (input: RunResults[], message: RegExp, labels?: string[]): void => {
    let error: unknown;
    try {
      mergeResults(input, labels);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(MergeError);
    expect((error as Error).message).toMatch(message);
  };

  it('no part at all', () => {
    expectMergeError([], /nothing to merge/);
  });

  it('another schema', () => {
    const [a, b] = parts() as [RunResults, RunResults];
    expectMergeError([a, { ...b, schema: 'guard-eval/results@1' as RunResults['schema'] }], /part 2: schema `guard-eval\/results@1`, expected `guard-eval\/results@2`/);
  });

  it('another guard', () => {
    const [a, b] = parts() as [RunResults, RunResults];
    expectMergeError([a, { ...b, guard: 'allow-all' }], /a\/results\.json ran guard `builtin` but b\/results\.json ran guard `allow-all`/, ['a/results.json', 'b/results.json']);
  });

  it('one scenario × mode in two parts, or twice in one', () => {
    const [a, b] = parts() as [RunResults, RunResults];
    expectMergeError([a, b, a], /scenario `[^`]+` in mode \w+ is in part 1 scenarios\[0\] and in part 3 scenarios\[0\]/);
    const first = a.scenarios[0] as ScenarioResult;
    expectMergeError([{ ...a, scenarios: [first, first] }], /is in part 1 scenarios\[0\] and in part 1 scenarios\[1\]/);
  });

  it('a tension pair whose twins ran in different parts', () => {
    const attack = unsharded.scenarios.find((r) => r.twin === 'attack') as ScenarioResult;
    const isAttack = (r: ScenarioResult): boolean => r.id === attack.id;
    const without = assembleResults(unsharded.guard, unsharded.scenarios.filter((r) => !isAttack(r)));
    const alone = assembleResults(unsharded.guard, unsharded.scenarios.filter(isAttack));
    expectMergeError([without, alone], new RegExp(`pair \`${attack.pair}\` is split in mode \\w+: \`[^\`]+\` is in part 1, \`${attack.id}\` in part 2`));
  });

  it('two twins of one kind', () => {
    const benign = unsharded.scenarios.find((r) => r.twin === 'benign') as ScenarioResult;
    const other = { ...benign, id: `${benign.id}-copy` };
    expectMergeError([assembleResults(unsharded.guard, [benign, other])], /has two benign twins/);
  });

  it('one scenario from different files or lines', () => {
    // The runs of the scenarios that run in more than one mode, counting each id's runs in one pass.
    const runsOf = new Map<string, number>();
    for (const r of unsharded.scenarios) runsOf.set(r.id, (runsOf.get(r.id) ?? 0) + 1);
    const multi = unsharded.scenarios.filter((r) => (runsOf.get(r.id) as number) > 1);
    const [m1, m2] = multi as [ScenarioResult, ScenarioResult];
    expectMergeError([assembleResults('builtin', [m1]), assembleResults('builtin', [{ ...m2, line: m2.line + 1 }])], /scenario `[^`]+` has line `\d+` in part 1 scenarios\[0\] but `\d+` in part 2 scenarios\[0\]/);
  });

  it('a part not in the order a run writes', () => {
    const a = parts()[0] as RunResults;
    expectMergeError([{ ...a, scenarios: [...a.scenarios].reverse() }], /part 1 scenarios\[1\] .* comes after .*: not the order a run writes/);
  });
});

describe('ties on one line (results carry no column)', () => {
  const r = (id: string, line: number, mode: ScenarioResult['mode'] = 'balanced'): ScenarioResult => ({ id, file: 'flow.yaml', line, set: 'x', mode, status: 'pass', steps: [] });

  it('keep the order of the part that holds both, and the parts’ order across parts', () => {
    const one = assembleResults('builtin', [r('b', 1), r('a', 1), r('c', 2, 'permissive'), r('c', 2, 'strict')]);
    expect(mergeResults([one]).scenarios.map((s) => `${s.id}/${s.mode}`)).toEqual(['b/balanced', 'a/balanced', 'c/permissive', 'c/strict']);
    const p1 = assembleResults('builtin', [r('z', 1)]);
    const p2 = assembleResults('builtin', [r('y', 1), r('c', 2, 'strict')]);
    const p3 = assembleResults('builtin', [r('c', 2, 'permissive')]);
    expect(mergeResults([p2, p3, p1]).scenarios.map((s) => `${s.id}/${s.mode}`)).toEqual(['y/balanced', 'z/balanced', 'c/permissive', 'c/strict']);
  });
});

describe('guard-eval merge-reports', () => {
  const ctx = { replayCommand: replayCommand('builtin', undefined) };
  /** The CLI tests read and write a smaller slice of the runs: set-1 (one scenario a file) and set-6 (pairs). */
  const slice = (r: RunResults): RunResults => assembleResults(r.guard, r.scenarios.filter((x) => x.set === 'set-1' || x.set === 'set-6'));
  const io = (): { out: string[]; err: string[]; io: { stdout: (s: string) => void; stderr: (s: string) => void } } => {
    const out: string[] = [];
    const err: string[] = [];
    return { out, err, io: { stdout: (s) => out.push(s), stderr: (s) => err.push(s) } };
  };
  const inputError = async (p: Promise<unknown>): Promise<InputError> => {
    const e = await p.then(
      () => undefined,
      (x: unknown) => x,
    );
    expect(e).toBeInstanceOf(InputError);
    return e as InputError;
  };

  it('writes every report exactly as the unsharded run writes it, and prints the console table', async () => {
    const whole = path.join(tmp, 'whole');
    const expected = slice(unsharded);
    await writeReports(expected, ctx, whole);
    const dirs: string[] = [];
    for (const [k, part] of (sharded.get(3) as RunResults[]).entries()) {
      dirs.push(path.join(tmp, `shard-${k + 1}`));
      await writeReports(slice(part), ctx, dirs[k] as string);
    }
    const out = path.join(tmp, 'merged');
    const c = io();
    expect(await mergeReportsCommand(dirs, { out }, c.io)).toBe(0);
    const files = (await readdir(whole)).sort();
    expect((await readdir(out)).sort()).toEqual(files);
    expect(files).toContain('results.json');
    for (const f of files) expect(await readFile(path.join(out, f), 'utf8'), f).toBe(await readFile(path.join(whole, f), 'utf8'));
    const printed = c.out.join('');
    expect(printed).toContain(REPORTERS.console.render(expected, ctx));
    expect(printed).toMatch(/\nreports: .*results\.json/);

    const quiet = io();
    expect(await mergeReportsCommand(dirs, { out, quiet: true }, quiet.io)).toBe(0);
    expect(quiet.out.join('')).toBe('');
    const json = io();
    await mergeReportsCommand(dirs, { out, json: true }, json.io);
    expect(json.out.join('')).toBe(renderJson(expected));
  });

  it('exits 1 when the merged run has a failing outcome, as run does', async () => {
    const [first, ...rest] = slice(unsharded).scenarios as [ScenarioResult, ...ScenarioResult[]];
    const step = first.steps[0];
    const failing = assembleResults('builtin', [{ ...first, status: 'fail', steps: [{ ...step, outcome: 'miss', severity: 'hard' } as ScenarioResult['steps'][number], ...first.steps.slice(1)] }, ...rest]);
    const dir = path.join(tmp, 'failing');
    await writeReports(failing, ctx, dir);
    expect(await mergeReportsCommand([dir], { out: path.join(tmp, 'failing-out'), quiet: true }, io().io)).toBe(1);
  });

  it('writes reports with no context given: replay commands name the guard the results name', async () => {
    const [first, ...rest] = slice(unsharded).scenarios as [ScenarioResult, ...ScenarioResult[]];
    const step = first.steps[0];
    const failing = assembleResults('memoryless', [{ ...first, status: 'fail', steps: [{ ...step, outcome: 'miss', severity: 'hard' } as ScenarioResult['steps'][number], ...first.steps.slice(1)] }, ...rest]);
    const [bare, given] = [path.join(tmp, 'no-context'), path.join(tmp, 'context')];
    await writeReports(failing, {}, bare);
    await writeReports(failing, { replayCommand: replayCommand('memoryless') }, given);
    const misses = await readFile(path.join(bare, 'misses.csv'), 'utf8');
    expect(misses).toContain('--guard memoryless');
    expect(misses).toBe(await readFile(path.join(given, 'misses.csv'), 'utf8'));
  });

  it('refuses a missing file, bad JSON and another schema at the file’s path', async () => {
    const missing = path.join(tmp, 'nowhere');
    let e = await inputError(mergeReportsCommand([missing], { out: path.join(tmp, 'x') }, io().io));
    expect(e.code).toBe('RESULTS_INVALID');
    expect(e.message).toContain(`${path.join(missing, 'results.json')}: no such file`);

    const bad = path.join(tmp, 'bad');
    await writeReports(assembleResults('builtin', []), ctx, bad);
    await writeFile(path.join(bad, 'results.json'), '{"schema": "guard-eval/results@1",', 'utf8');
    e = await inputError(mergeReportsCommand([bad], { out: path.join(tmp, 'x') }, io().io));
    expect(e.code).toBe('RESULTS_INVALID');
    expect(e.message).toMatch(new RegExp(`^${path.join(bad, 'results.json').replace(/[.\\]/g, '\\$&')}: not JSON`));

    const small = slice(unsharded);
    await writeFile(path.join(bad, 'results.json'), JSON.stringify({ ...small, schema: 'guard-eval/results@0' }), 'utf8');
    e = await inputError(mergeReportsCommand([bad], { out: path.join(tmp, 'x') }, io().io));
    expect(e.message).toContain('results.json: schema: expected `guard-eval/results@2` (or `guard-eval/results@1`), got "guard-eval/results@0"');

    const broken = JSON.parse(renderJson(small)) as { scenarios: { mode: string; steps: { outcome: string }[] }[] };
    (broken.scenarios[2] as { mode: string }).mode = 'lenient';
    ((broken.scenarios[5] as { steps: { outcome: string }[] }).steps[0] as { outcome: string }).outcome = 'maybe';
    await writeFile(path.join(bad, 'results.json'), JSON.stringify(broken), 'utf8');
    e = await inputError(mergeReportsCommand([bad], { out: path.join(tmp, 'x') }, io().io));
    expect(e.issues.map((i) => i.message)).toEqual(['scenarios[2].mode: expected one of permissive, balanced, strict, got "lenient"', 'scenarios[5].steps[0].outcome: expected one of pass, lucky-pass, miss, over-block, race, error, known, fixed, got "maybe"']);
  });

  it('refuses no folder, and parts that do not merge (exit 2 through InputError)', async () => {
    expect((await inputError(mergeReportsCommand([], { out: path.join(tmp, 'x') }, io().io))).code).toBe('USAGE');
    const a = path.join(tmp, 'guard-a');
    const b = path.join(tmp, 'guard-b');
    await writeReports(slice(sharded.get(3)?.[0] as RunResults), ctx, a);
    await writeReports({ ...slice(sharded.get(3)?.[1] as RunResults), guard: 'deny-all' }, ctx, b);
    const e = await inputError(mergeReportsCommand([a, b], { out: path.join(tmp, 'x') }, io().io));
    expect(e.code).toBe('RESULTS_INCONSISTENT');
    expect(e.message).toContain(`${path.join(a, 'results.json')} ran guard \`builtin\` but ${path.join(b, 'results.json')} ran guard \`deny-all\``);
  });
});
