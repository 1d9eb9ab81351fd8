/**
 * `npm run mutation`: how many deliberately broken guards the challenge sets catch.
 *
 * 1. Every mutant of `src/core/*.ts` is generated (scripts/mutation/mutants.mjs); `--sample N
 *    --seed S` keeps N of them, drawn with a seeded generator.
 * 2. Coverage: the built-in guard runs every scenario × mode of the sets once, under V8's precise
 *    block coverage, carried back to the TypeScript through tsc's source maps. A mutant inside a
 *    function is run only against the runs that executed the block it sits in (a classifier mutant,
 *    further, only against scenarios with a tool it classifies differently). A mutant at module level (a term of
 *    the vocabulary, a command name, a regular expression) runs when the module loads, so coverage
 *    cannot tell; it is run against the scenarios whose text holds what it removed (a dropped term's
 *    word stems, a dropped regex alternative's longest literal), or against every run when it removed
 *    no text (a number, a boolean).
 * 3. Each mutant is compiled alone (Oxc's transform) and written into a private copy of
 *    `dist/`. A worker process per slot, kept for many mutants, imports the guard's module graph
 *    afresh for each one (worker.mjs, hooks.mjs) and runs it, stopping at the first run with a step
 *    that does not pass; a hang or a crash ends only that worker, and a new one takes over.
 *    A mutant that outlives its time budget is a timeout (detected, as a hang is noticed). A mutant
 *    the sets let through is then tried on the unit tests of its file (vitest, in the copy, with
 *    the mutated TypeScript, in a unit-test host process per slot that a hang ends by being killed
 *    with its workers, unit-host.mjs): both scores are reported, the sets' alone and the two together.
 * 4. `reports/mutation.json` (every mutant, its status, file:line, diff and what killed it) and
 *    `reports/mutation.md` (score per file and per operator, the survivors with their diffs).
 *
 * Score = (killed + timeout) / (mutants − compile errors − runtime errors − equivalent). Equivalent
 * mutants are listed, each with its reason, in scripts/mutation/equivalent.json; they are not run
 * (about a sixth of a full run's time) unless `--check-equivalent` asks whether the sets kill any.
 */
import { Command } from 'commander';
import { cpSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { SourceMap } from 'node:module';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { existsSync } from 'node:fs';
import { fork } from 'node:child_process';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { stripVTControlCharacters } from 'node:util';
import { transformWithOxc } from 'vite';
import { applyMutant, mutantDiff, mutantsOf, requiredText } from './mutants.mjs';
import { cpuTimer } from './cpu-timer.mjs';
import { WordIndex } from './word-index.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SCHEMA = 'guard-eval/mutation@1';

const program = new Command()
  .name('npm run mutation --')
  .description('mutation testing of src/core with the challenge sets as the killing suite')
  .option('--sample <n>', 'run a seeded sample of n mutants instead of all', (v) => positiveInt('--sample', v))
  .option('--seed <s>', 'seed of the sample', (v) => positiveInt('--seed', v), 1)
  .option('--files <names...>', 'only these core files (e.g. command.ts rules.ts)')
  .option('--lines <from-to>', 'only mutants on these lines (e.g. 76-130), with --files naming one file', lineRange)
  .option('--concurrency <n>', 'worker threads at once', (v) => positiveInt('--concurrency', v), Math.max(1, availableParallelism()))
  .option('--sets <dirs...>', 'scenario folders that make up the killing suite', ['challenge-sets'])
  .option('--out <dir>', 'where to write mutation.json and mutation.md', 'reports')
  .option('--recheck <report>', 'only the mutants an earlier mutation.json lists as survived or reached by nothing (matched by file and diff)')
  .option('--no-unit', 'do not try the unit tests on mutants the sets let through')
  .option('--check-equivalent', 'run the mutants listed as equivalent too, and report any the sets kill (the list is then wrong about them)')
  .option('--no-unit-selection', 'try every unit test of the mutated file, not only those that call the mutated function (a check of the selection)')
  .option('--quiet', 'no progress lines')
  .showHelpAfterError();

function lineRange(v) {
  const m = /^(\d+)(?:-(\d+))?$/.exec(v);
  if (m === null || Number(m[1]) < 1 || (m[2] !== undefined && Number(m[2]) < Number(m[1]))) {
    process.stderr.write(`error: --lines expects a line or a range like 76-130, got \`${v}\`\n`);
    process.exit(2);
  }
  return { from: Number(m[1]), to: Number(m[2] ?? m[1]) };
}

function positiveInt(flag, v) {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) {
    process.stderr.write(`error: ${flag} expects a positive integer, got \`${v}\`\n`);
    process.exit(2);
  }
  return n;
}

/** mulberry32: a small seeded generator, so that a sample is the same on every machine. */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const opts = program.parse().opts();
const log = (s) => {
  if (!opts.quiet) process.stderr.write(`${s}\n`);
};

// ------------------------------------------------------------------------------------------------
// The suite, and what each run of it reaches
// ------------------------------------------------------------------------------------------------
const work = join(ROOT, '.mutation', `run-${process.pid}`);
rmSync(work, { recursive: true, force: true });
// An interrupted run leaves nothing behind: its workers stop and its folder goes (so does one
// that stops on an error).
process.once('exit', () => rmSync(work, { recursive: true, force: true }));
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    try {
      for (const slot of [...workers.keys()]) stopWorker(slot);
      for (const slot of [...hosts.keys()]) stopUnitHost(slot);
    } catch {
      // Interrupted before any worker started.
    }
    process.exit(signal === 'SIGINT' ? 130 : 143);
  });
}
// What the run measures, copied once before anything is read: the compiled guard, its TypeScript,
// the unit tests and the equivalents. Edits or a rebuild in the working tree during the run (it
// takes the better part of an hour) then change nothing; the slots are copied from this snapshot.
const TREE = join(work, 'tree');
if (!existsSync(join(ROOT, 'dist/core'))) {
  process.stderr.write('error: no compiled guard in dist/: run `npm run build` first (`npm run mutation` builds it)\n');
  process.exit(2);
}
for (const f of ['dist', 'src', 'test', 'vitest.config.ts', 'tsconfig.json', 'package.json', 'scripts/mutation/equivalent.json']) cpSync(join(ROOT, f), join(TREE, f), { recursive: true });
const dist = join(TREE, 'dist');
// Coverage starts before the guard's modules load: functions that run while a module loads (the
// vocabulary compiled into tables) are then known, and their mutants treated as module-level.
const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: true });
const coreUrl = pathToFileURL(join(dist, 'core')).href + '/';
const { loadScenarios } = await import(pathToFileURL(join(dist, 'io/dsl.js')).href);
const { runScenario } = await import(pathToFileURL(join(dist, 'harness/runner.js')).href);
const { builtinGuard } = await import(pathToFileURL(join(dist, 'harness/guards.js')).href);
const { formatIssue } = await import(pathToFileURL(join(dist, 'io/errors.js')).href);

const loaded = await loadScenarios(opts.sets.map((d) => join(ROOT, d)));
if (!loaded.ok) {
  process.stderr.write(`${loaded.issues.map(formatIssue).join('\n')}\n`);
  process.exit(2);
}
const scenarios = loaded.scenarios;
/** Every scenario × mode run of the suite, with what it reaches. */
const runs = [];

// V8 reports block coverage in the compiled JavaScript; the source maps tsc writes beside it carry
// each block back to the TypeScript a mutant is placed in. Positions are cached: most repeat.
const maps = new Map();
function tsOffset(file, jsOffset) {
  let m = maps.get(file);
  if (m === undefined) {
    const js = readFileSync(join(dist, 'core', file.slice('src/core/'.length).replace(/\.ts$/, '.js')), 'utf8');
    const tsText = readFileSync(join(TREE, file), 'utf8');
    const starts = (t) => [0, ...[...t.matchAll(/\n/g)].map((x) => x.index + 1)];
    m = { map: new SourceMap(JSON.parse(readFileSync(join(dist, 'core', `${file.slice('src/core/'.length).replace(/\.ts$/, '.js')}.map`), 'utf8'))), js: starts(js), ts: starts(tsText), cache: new Map() };
    maps.set(file, m);
  }
  let v = m.cache.get(jsOffset);
  if (v !== undefined) return v;
  let line = 0;
  for (let lo = 0, hi = m.js.length - 1; lo <= hi; ) {
    const mid = (lo + hi) >> 1;
    if (m.js[mid] <= jsOffset) {
      line = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  const e = m.map.findEntry(line, jsOffset - m.js[line]);
  v = e && e.originalLine !== undefined ? (m.ts[e.originalLine] ?? 0) + e.originalColumn : -1;
  m.cache.set(jsOffset, v);
  return v;
}
/** Per core file, the TypeScript ranges of the named functions that ran while the modules loaded. */
const loadTime = new Map();
{
  const { result } = await session.post('Profiler.takePreciseCoverage');
  for (const script of result) {
    if (!script.url.startsWith(coreUrl)) continue;
    const file = `src/core/${script.url.slice(coreUrl.length).replace(/\.js$/, '.ts')}`;
    const ranges = [];
    for (const f of script.functions) {
      const r = f.ranges[0];
      if (!f.functionName || r === undefined || r.count === 0) continue;
      const a = tsOffset(file, r.startOffset);
      const b = tsOffset(file, r.endOffset);
      if (a >= 0 && b > a) ranges.push([a, b]);
    }
    loadTime.set(file, ranges);
  }
}
/** Whether a mutant acts when its module loads: at module level, or inside a function run then (or built lazily, once). */
const atLoad = (m) => m.static || (loadTime.get(m.file) ?? []).some(([a, b]) => a <= m.start && m.end <= b) || (m.fn !== undefined && lazy.has(`${m.file}#${m.fn}`));

/**
 * Most runs leave the same blocks of a file unexecuted and call the same functions as some earlier
 * run: each such list is kept once and shared (a flat `Int32Array` of `[start, end)` pairs; a
 * frozen set of `file#function` names). Kept apart per run, the suite's coverage was tens of
 * millions of small arrays, and the runner's collector took more time than its work.
 */
const zeroLists = new Map();
const fnSets = new Map();
function shared(map, key, make) {
  let v = map.get(key);
  if (v === undefined) map.set(key, (v = make()));
  return v;
}

const started = process.hrtime.bigint();
for (const scenario of scenarios) {
  for (const mode of scenario.modes) {
    await session.post('Profiler.takePreciseCoverage');
    const t0 = process.hrtime.bigint();
    const r = await runScenario(scenario, mode, { guard: builtinGuard() });
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    const { result } = await session.post('Profiler.takePreciseCoverage');
    // Per core file the run reached: the TypeScript ranges of the blocks it never executed.
    // And the named functions it called: V8 leaves out functions never compiled, so a block
    // inside one is only known to be unexecuted because its function never ran.
    const unexecuted = new Map();
    const called = [];
    for (const script of result) {
      if (!script.url.startsWith(coreUrl)) continue;
      const file = `src/core/${script.url.slice(coreUrl.length).replace(/\.js$/, '.ts')}`;
      const zero = [];
      for (const f of script.functions) {
        if (f.ranges[0]?.count > 0 && f.functionName) called.push(`${file}#${f.functionName}`);
        for (const range of f.ranges) {
          if (range.count !== 0) continue;
          const a = tsOffset(file, range.startOffset);
          const b = tsOffset(file, range.endOffset);
          if (a >= 0 && b > a) zero.push(a, b);
        }
      }
      unexecuted.set(file, shared(zeroLists, `${file}\u0000${zero.join(',')}`, () => Int32Array.from(zero)));
    }
    const fns = shared(fnSets, [...new Set(called)].sort().join('\n'), () => new Set(called));
    const clean = r.status === 'pass' && r.steps.every((s) => s.outcome === 'pass');
    runs.push({ scenario, mode, unexecuted, fns, ms, clean });
  }
}
// A function that runs in one run only may be a lazy initialiser (a table built on first use and
// kept, `GATES ??= build()`): its work then serves every later run, which coverage cannot see. Each
// run that is the only one to call some function is run again, warm: a function it does not call
// again kept its work, and its mutants are treated as acting when the module loads.
const onlyRun = new Map();
for (const r of runs) for (const fn of r.fns) onlyRun.set(fn, onlyRun.has(fn) ? null : r);
const lazy = new Set();
for (const r of new Set([...onlyRun.values()].filter((r) => r !== null))) {
  await session.post('Profiler.takePreciseCoverage');
  await runScenario(r.scenario, r.mode, { guard: builtinGuard() });
  const { result } = await session.post('Profiler.takePreciseCoverage');
  const again = new Set();
  for (const script of result) {
    if (!script.url.startsWith(coreUrl)) continue;
    const file = `src/core/${script.url.slice(coreUrl.length).replace(/\.js$/, '.ts')}`;
    for (const f of script.functions) if (f.ranges[0]?.count > 0 && f.functionName) again.add(`${file}#${f.functionName}`);
  }
  for (const [fn, only] of onlyRun) if (only === r && !again.has(fn)) lazy.add(fn);
}
await session.post('Profiler.stopPreciseCoverage');

// The classifier's only way into a verdict is the classification it gives a tool (guard.ts imports
// classifyTool and nothing else from the classifier's files or vocabulary.ts; the schema reader,
// classifier-schema.ts, is also read by the detectors, so it is not one of them). A mutant of these
// files is therefore first tried on every tool spec of the suite: only the runs of scenarios with a
// tool whose capabilities (or Code Mode flag, or failure to classify) change can notice it.
const CLASSIFIER_FILES = new Set(['classifier', 'classifier-lexicon', 'classifier-tokens', 'classifier-pairing', 'classifier-evidence', 'classifier-discounts', 'vocabulary'].map((f) => `src/core/${f}.ts`));
const { classifyTool } = await import(pathToFileURL(join(dist, 'core/classifier.js')).href);
const specIndex = new Map();
const specs = [];
const classification = (spec) => {
  try {
    const c = classifyTool(spec);
    // What the guard acts on: the capabilities, Code Mode, and whether an empty set is recognised
    // as harmless (allowed) or unknown (the posture): a mutant that only changes the last matters.
    return `${[...c.capabilities].sort().join(',')}|${c.codeMode}|${c.harmless?.kind ?? ''}`;
  } catch {
    return 'throws';
  }
};
for (const r of runs) {
  r.specs = [];
  for (const [name, spec] of Object.entries(r.scenario.tools)) {
    const key = JSON.stringify({ name, ...spec });
    let i = specIndex.get(key);
    if (i === undefined) {
      i = specs.length;
      specIndex.set(key, i);
      specs.push({ spec: { name, ...spec }, original: classification({ name, ...spec }) });
    }
    r.specs.push(i);
  }
}
session.disconnect();
const cleanRuns = runs.filter((r) => r.clean);
const coverageSeconds = Math.round(Number(process.hrtime.bigint() - started) / 1e9);
log(`suite: ${runs.length} scenario × mode runs (${cleanRuns.length} passing, the killing suite), covered in ${coverageSeconds} s; functions built once and kept: ${[...lazy].sort().join(', ') || 'none'}`);

// ------------------------------------------------------------------------------------------------
// Mutants
// ------------------------------------------------------------------------------------------------
const coreDir = join(TREE, 'src/core');
const files = readdirSync(coreDir)
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
  .filter((f) => !opts.files || opts.files.includes(f))
  .sort();
if (opts.files) for (const f of opts.files) if (!files.includes(f)) {
  process.stderr.write(`error: no core file \`${f}\` in src/core\n`);
  process.exit(2);
}
const sources = new Map(files.map((f) => [`src/core/${f}`, readFileSync(join(coreDir, f), 'utf8')]));
let mutants = [];
for (const [file, text] of sources) mutants.push(...mutantsOf(file, text));
if (opts.lines) {
  if (files.length !== 1) {
    process.stderr.write('error: --lines needs --files with exactly one file\n');
    process.exit(2);
  }
  mutants = mutants.filter((m) => m.line >= opts.lines.from && m.line <= opts.lines.to);
}
if (opts.recheck) {
  // The survivors of an earlier run, found again by file and diff (line numbers may have moved).
  let earlier;
  try {
    earlier = JSON.parse(readFileSync(opts.recheck, 'utf8'));
  } catch (e) {
    process.stderr.write(`error: --recheck: cannot read \`${opts.recheck}\` as a mutation report (${e instanceof Error ? e.message : String(e)})\n`);
    process.exit(2);
  }
  if (earlier?.schema !== SCHEMA || !Array.isArray(earlier.mutants)) {
    process.stderr.write(`error: --recheck: \`${opts.recheck}\` is not a ${SCHEMA} report\n`);
    process.exit(2);
  }
  const wanted = new Set(earlier.mutants.filter((m) => m.status === 'survived' || m.status === 'no-coverage').map((m) => `${m.file}\u0000${m.diff}`));
  mutants = mutants.filter((m) => wanted.has(`${m.file}\u0000${mutantDiff(sources.get(m.file), m)}`));
}
mutants.forEach((m, i) => (m.id = i + 1));
const generated = mutants.length;
if (opts.sample !== undefined && opts.sample < mutants.length) {
  const next = rng(opts.seed);
  const pool = [...mutants];
  for (let i = pool.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [pool[i], pool[j]] = [pool[j], pool[i]];
  }
  mutants = pool.slice(0, opts.sample).sort((a, b) => a.id - b.id);
}
/**
 * Equivalent mutants, each with the reason no test can tell it from the original. Keyed by file
 * and diff (the original line and the mutated one), not by line number, so that the list survives
 * edits elsewhere in the file: `[{file, diff, function?, reason}]`, `diff` and `function` as in
 * reports/mutation.json (`function` tells apart the same line in two places).
 */
const equivalentList = JSON.parse(readFileSync(join(TREE, 'scripts/mutation/equivalent.json'), 'utf8'));
/** The reason a mutant is equivalent, when the list names it (and, where given, its function). */
function equivalentReason(m) {
  const diff = mutantDiff(sources.get(m.file), m);
  return equivalentList.find((e) => e.file === m.file && e.diff === diff && (e.function === undefined || e.function === m.fn))?.reason;
}
log(`mutants: ${generated} generated in ${files.length} files${opts.sample !== undefined ? `, a sample of ${mutants.length} (seed ${opts.seed})` : ''}`);

/**
 * The passing runs, cheapest first, by the clean time measured above: ordered by the guard's call
 * count instead (a cost the same on every machine), a sample's killed mutants ran half as many runs
 * again before their first failing one. So which run is named as the killer may differ between two
 * runs of the same sample; whether a mutant is killed does not. The clean time was measured with
 * each catalog's specs already read (the harness reads a catalog once per eval); a mutant's fresh
 * module graph reads them again, so each run also costs its tools. Every selection below keeps this
 * order (it filters this list), so no mutant sorts the suite again.
 */
const byCost = () => [...cleanRuns].sort((a, b) => cost(a) - cost(b));
let cheapestFirst;
/**
 * The runs whose scenario's text holds a word: a stem that a dropped term or regex alternative
 * leaves behind (letters, digits and `_`, see requiredText). A scenario's text is its tools, steps
 * and guard settings (a capability name may appear only in a grant policy), lower-cased, searched
 * as word-index.mjs reads it. Scenarios share their catalog's tools: written out whole, the suite's
 * texts came to 1 GB, and each new word was a search through all of it (about 0.5 s); the index
 * holds each tool once, and answers a word in milliseconds.
 */
let textIndex;
function buildTextIndex() {
  const words = new WordIndex();
  const piece = (value) => words.add(JSON.stringify(value).toLowerCase());
  // A catalog's tool specs are shared objects: each (spec, name) is written out once.
  const toolPieces = new Map();
  const toolPiece = (name, spec) => shared(shared(toolPieces, spec, () => new Map()), name, () => piece({ [name]: spec }));
  const byScenario = new Map();
  for (const r of cleanRuns) {
    let entry = byScenario.get(r.scenario);
    if (entry === undefined) {
      const s = r.scenario;
      entry = { pieces: [piece([s.steps, s.guard ?? null]), ...Object.entries(s.tools).map(([name, spec]) => toolPiece(name, spec))], runs: [] };
      byScenario.set(s, entry);
    }
    entry.runs.push(r);
  }
  return { words, scenarios: [...byScenario.values()] };
}
const runsWithWord = new Map();
function holding(w) {
  let v = runsWithWord.get(w);
  if (v === undefined) {
    textIndex ??= buildTextIndex();
    const has = textIndex.words.holders(w);
    v = new Set();
    // A stem the index cannot answer for (a letter that lower-cases to a combining mark): every run.
    for (const { pieces, runs: rs } of textIndex.scenarios) if (has === undefined || pieces.some((p) => has[p] === 1)) for (const r of rs) v.add(r);
    runsWithWord.set(w, v);
  }
  return v;
}

/**
 * Whether run `r` reached `[start, end)` of `file`: it called the named function around the place
 * (if any), and no block it left unexecuted holds the place.
 */
function reaches(r, file, fn, start, end) {
  const zero = r.unexecuted.get(file);
  if (zero === undefined || (fn !== undefined && !r.fns.has(`${file}#${fn}`))) return false;
  for (let k = 0; k < zero.length; k += 2) if (zero[k] < start && end <= zero[k + 1]) return false;
  return true;
}

/** Source text of every `src/` file, to tell whether an exported constant is read outside its own. */
let srcTexts;
function srcFiles(dir = join(TREE, 'src')) {
  const out = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.isDirectory()) out.push(...srcFiles(join(dir, e.name)));
    else if (e.name.endsWith('.ts')) out.push([`${dir.slice(TREE.length + 1)}/${e.name}`, readFileSync(join(dir, e.name), 'utf8')]);
  }
  return out;
}

/**
 * The places where the value a module-level mutant changes is read, when they tell who it can
 * affect: the mutant sits in the initializer of a top-level \`const\` of a file outside the
 * classifier's (whose mutants the worker already narrows by the tools they classify differently),
 * the constant is read only inside functions that run after the modules load and are not built
 * once and kept, and no other source file names it. A number, a flag or a pattern with no literal
 * text in such a constant then needs only the runs that reach one of those places, as a mutant
 * inside a function does; otherwise (undefined) every run.
 */
function readOnlyIn(m) {
  const b = m.binding;
  if (b === undefined || CLASSIFIER_FILES.has(m.file) || b.uses.length === 0) return undefined;
  for (const u of b.uses) {
    if (u.static || (u.fn !== undefined && lazy.has(`${m.file}#${u.fn}`))) return undefined;
    if ((loadTime.get(m.file) ?? []).some(([a, c]) => a <= u.start && u.end <= c)) return undefined;
  }
  if (b.exported) {
    srcTexts ??= srcFiles();
    // The name as a whole identifier (`$` is an identifier character, and a pattern character).
    const word = new RegExp(`(?<![\\w$])${b.name.replace(/\$/g, '\\$')}(?![\\w$])`, 'u');
    if (srcTexts.some(([f, text]) => f !== m.file && word.test(text))) return undefined;
  }
  return b.uses;
}

/** The runs reaching a place of a file (mutants at one place share them), by `file#fn#start-end`. */
const reachingRuns = new Map();

/** The runs a mutant is tried against, cheapest first (a killing run is found sooner). */
function selectRuns(m) {
  cheapestFirst ??= byCost();
  let chosen;
  if (atLoad(m)) {
    const need = requiredText(m);
    if (need !== undefined) chosen = cheapestFirst.filter((r) => need.some((group) => group.every((w) => holding(w).has(r))));
    else {
      const uses = readOnlyIn(m);
      chosen = uses === undefined ? cheapestFirst : cheapestFirst.filter((r) => uses.some((u) => reaches(r, m.file, u.fn, u.start, u.end)));
    }
  } else {
    const key = `${m.file}#${m.fn}#${m.reach[0]}-${m.reach[1]}#${CLASSIFIER_FILES.has(m.file)}`;
    chosen = reachingRuns.get(key);
    if (chosen === undefined) {
      chosen = cheapestFirst.filter((r) => reaches(r, m.file, m.fn, m.reach[0], m.reach[1]));
      // The guard reads a tool spec once per content and keeps the reading (its classification
      // among it) for every later run with the same spec: coverage credits the classifier's code to
      // the first run only. A classifier mutant is therefore tried on every run with a tool; the
      // worker then keeps the runs with a tool the mutant classifies differently.
      if (CLASSIFIER_FILES.has(m.file)) {
        const reached = new Set(chosen);
        chosen = cheapestFirst.filter((r) => r.specs.length > 0 || reached.has(r));
      }
      reachingRuns.set(key, chosen);
    }
  }
  // Runs that killed earlier mutants of the same file go first, the latest first: neighbouring
  // mutants mostly break the same thing. On a 120-mutant sample (seed 13) the median killed mutant
  // ran 1 run instead of 4, and the killed mutants 30 292 runs in all instead of 42 663.
  const history = killers.get(m.file) ?? [];
  if (history.length === 0) return chosen;
  const chosenSet = new Set(chosen);
  const first = history.filter((r) => chosenSet.has(r));
  if (first.length === 0) return chosen;
  const firstSet = new Set(first);
  return [...first, ...chosen.filter((r) => !firstSet.has(r))];
}

/** Per core file, the runs that killed its mutants so far, the latest first (see selectRuns). */
const killers = new Map();
const KILLERS_KEPT = 64;
function rememberKiller(file, run) {
  const list = (killers.get(file) ?? []).filter((r) => r !== run);
  list.unshift(run);
  killers.set(file, list.slice(0, KILLERS_KEPT));
}

/** Milliseconds a run is expected to take in a mutant's fresh module graph: its clean time, and its tools read. */
const SPEC_READ_MS = 0.1;
function cost(r) {
  return r.ms + SPEC_READ_MS * r.specs.length;
}

/**
 * A mutant's module, compiled alone from its TypeScript by Oxc's transform (through vite, which the
 * tests already use): types are stripped, the rest left as written, as tsc does for `dist/` with
 * the project's ES2022 target. tsc's own `transpileModule` took 20–120 ms a file (the command
 * reader's 71 KB: 120 ms) where Oxc takes about 2 ms, and the runner compiles every mutant on the
 * one thread that also feeds both slots. A mutant Oxc cannot parse is a compile error.
 */
async function compile(m) {
  const src = applyMutant(sources.get(m.file), m);
  try {
    const out = await transformWithOxc(src, m.file, { lang: 'ts', target: 'es2022', sourcemap: false });
    return { js: out.code };
  } catch (e) {
    // Oxc's message is a framed, coloured excerpt: its first line of text names the error.
    const text = stripVTControlCharacters(String(e instanceof Error ? e.message : e));
    return { error: text.split('\n').map((l) => l.trim()).find((l) => /^\[[A-Z_]+\]/.test(l)) ?? text.split('\n')[0] };
  }
}

// ------------------------------------------------------------------------------------------------
// Running
// ------------------------------------------------------------------------------------------------
// In this run's own folder (two runs at once never share one), one slot per worker, each a copy of
// the snapshot's dist/ (and, for the unit tests, of its src/ and test/). The original compiled
// modules are kept in memory, to put back after each mutant.
const originalJs = new Map([...sources.keys()].map((f) => [f, readFileSync(join(dist, 'core', f.slice('src/core/'.length).replace(/\.ts$/, '.js')), 'utf8')]));
const slots = Array.from({ length: Math.min(opts.concurrency, Math.max(1, mutants.length)) }, (_, k) => {
  const root = join(work, `slot-${k}`);
  cpSync(dist, join(root, 'dist'), { recursive: true });
  if (opts.unit) {
    for (const f of ['src', 'test', 'vitest.config.ts', 'tsconfig.json', 'package.json']) cpSync(join(TREE, f), join(root, f), { recursive: true });
  }
  return join(root, 'dist');
});

/**
 * The unit tests that exercise a core file: its own test file, and the guard-level ones. Tried
 * only on mutants the sets let through, with the mutated TypeScript in the slot's copy of `src/`.
 */
const UNIT_TESTS = {
  'walk.ts': ['bounds', 'detectors', 'command', 'fingerprint', 'walk-store', 'test/readme.test.ts'],
  'call.ts': ['bounds', 'test/readme.test.ts'],
  'ledger.ts': ['ledger.model', 'provenance-table', 'test/readme.test.ts'],
  'vocabulary.ts': ['classifier', 'classifier-harmless', 'classifier-service-records', 'classifier-suite', 'classifier-device-settings'],
  'classifier.ts': ['classifier-harmless', 'classifier-discounts', 'classifier-examples', 'classifier-unnamed', 'classifier-suite'],
  // The detectors read the schema's destination fields through it.
  'classifier-schema.ts': ['detectors'],
  'classifier-tokens.ts': ['classifier-examples'],
  // What the classifier sets aside shows only in `classify --explain`.
  'classifier-discounts.ts': ['classifier-discounts', 'test/cli/classify.test.ts'],
  'gate.ts': ['gate', 'test/readme.test.ts'],
  'rules.ts': ['test/readme.test.ts'],
  'config.ts': ['bounds'],
  'command.ts': ['head-lines', 'command-prefix-bounds', 'command-script-bounds'],
  'guard.ts': ['guard-spec-reading'],
  // What a server's tools say together (its product, its reads, its writes) is tested through guards.
  'servers.ts': ['classifier-servers'],
};
/** Test files by name in test/core (`gate` → test/core/gate.test.ts), or by path from the root. */
function unitTestsFor(file) {
  // The classifier's layers share the classifier's tests.
  const own = file.slice('src/core/'.length).replace(/\.ts$/, '');
  const base = own.startsWith('classifier-') ? 'classifier' : own;
  // A file's own tests: `<name>.test.ts` and every `<name>-….test.ts` or `<name>.….test.ts` beside it
  // (those written to kill its mutants, a model, its bounds), and the listed ones.
  const kills = readdirSync(join(TREE, 'test/core'))
    .filter((f) => f.endsWith('.test.ts') && [base, own].some((n) => f.startsWith(`${n}-`) || f.startsWith(`${n}.`)))
    .map((f) => f.slice(0, -'.test.ts'.length));
  const names = new Set([...(UNIT_TESTS[`${base}.ts`] ?? []), ...(UNIT_TESTS[`${own}.ts`] ?? []), base, ...kills, 'guard']);
  return [...names].map((n) => (n.includes('/') ? n : `test/core/${n}.test.ts`)).filter((f) => existsSync(join(TREE, f)));
}
/**
 * Time budget of one run of a mutant: a fixed part plus a multiple of the run's clean time
 * (measured under coverage, so already generous); before its first run, a mutant's fresh module
 * graph is imported within a budget of its own. A run past its budget is a hang: a timeout.
 */
const RUN_BUDGET_MS = 3_000;
const RUN_BUDGET_FACTOR = 10;
const IMPORT_BUDGET_MS = 10_000;
/** Mutants a worker runs before it is replaced: each one's module graph stays in its memory. */
const MUTANTS_PER_WORKER = 150;
const cleanIndex = new Map(cleanRuns.map((r, i) => [r, i]));
/** The persistent worker of each slot (see worker.mjs), started on first use and after a hang or a crash. */
const workers = new Map();

function startWorker(slot) {
  // A child process, not a thread: a mutant can crash V8 itself (an array grown past its largest
  // size aborts the whole process), and that must end only this worker, not the run.
  // A mutant's modules are fresh, so its runs start in V8's interpreter. Compiling each function to
  // baseline code on its first call, with its feedback allocated at once, cut the sets' part of a
  // sample by 14 % and 21 % (`--sample 150 --no-unit`, seeds 13 and 14, each against a run without
  // the flags on the same machine; every mutant's status the same).
  const child = fork(join(ROOT, 'scripts/mutation/worker.mjs'), [slot], { serialization: 'advanced', execArgv: ['--max-old-space-size=4096', '--always-sparkplug', '--no-lazy-feedback-allocation'], stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
  const w = { child, used: 0, stderr: '', pending: undefined, exited: false };
  child.stderr.on('data', (d) => (w.stderr = (w.stderr + d).slice(-2000)));
  w.ready = new Promise((res, rej) => {
    child.once('message', () => res());
    child.once('exit', (code, signal) => rej(new Error(`the mutation worker did not start (${signal ?? `exit code ${code}`}): ${w.stderr.trim().slice(-300)}`)));
  });
  child.send({ init: true, runs: cleanRuns.map((r) => ({ scenario: r.scenario, mode: r.mode, specs: r.specs })), specs });
  child.on('message', (msg) => {
    if (w.pending === undefined || msg.version !== w.pending.version) return;
    if (msg.starting !== undefined) w.pending.starting(msg.starting);
    else w.pending.finish(msg);
  });
  child.on('exit', (code, signal) => {
    w.exited = true;
    // The run itself crashed (a fatal V8 error, an abort): the mutant broke the guard badly
    // enough for any host to notice.
    const line = w.stderr ? `: ${w.stderr.trim().split('\n').find((l) => /error/i.test(l)) ?? ''}` : '';
    w.pending?.finish({ status: 'killed', ran: 0, killedBy: `the run crashed (${signal ?? `exit code ${code}`})${line}`.slice(0, 300) });
  });
  return w;
}

function stopWorker(slot) {
  const w = workers.get(slot);
  workers.delete(slot);
  if (w !== undefined && !w.exited) w.child.kill('SIGKILL');
}

let versions = 0;
async function runMutant(m, slot) {
  const target = join(slot, 'core', m.file.slice('src/core/'.length).replace(/\.ts$/, '.js'));
  const tc = performance.now();
  const c = await compile(m);
  const compileMs = performance.now() - tc;
  if (c.error !== undefined) return { status: 'compile-error', error: c.error };
  const ts0 = performance.now();
  const selected = selectRuns(m);
  const selectMs = performance.now() - ts0;
  if (selected.length === 0) return { status: 'no-coverage', ran: 0 };
  let w = workers.get(slot);
  if (w === undefined || w.exited || w.used >= MUTANTS_PER_WORKER) {
    stopWorker(slot);
    w = startWorker(slot);
    workers.set(slot, w);
  }
  await w.ready;
  w.used++;
  writeFileSync(target, c.js);
  // A hang is judged per run, not per mutant: the worker says which run it starts, and each run
  // gets a budget from its own clean time; before the first, importing a fresh module graph (and,
  // for a classifier mutant, classifying the suite's tools again) gets a budget of its own.
  const version = ++versions;
  const r = await new Promise((done) => {
    const timer = cpuTimer({ pid: w.child.pid }, () => {
      // A hang: the worker is replaced, and the mutant counts as detected.
      stopWorker(slot);
      w.pending?.finish({ status: 'timeout', ran: selected.length });
    });
    timer.arm(IMPORT_BUDGET_MS);
    w.pending = {
      version,
      starting: (index) => timer.arm(RUN_BUDGET_MS + RUN_BUDGET_FACTOR * (cleanRuns[index]?.ms ?? 0)),
      finish: (res) => {
        timer.clear();
        w.pending = undefined;
        const rest = { ...res };
        delete rest.version;
        done(rest);
      },
    };
    w.child.send({ version, file: `core/${m.file.slice('src/core/'.length).replace(/\.ts$/, '.js')}`, classifier: CLASSIFIER_FILES.has(m.file), runs: selected.map((x) => cleanIndex.get(x)) });
  });
  r.compileMs = compileMs;
  r.selectMs = selectMs;
  writeFileSync(target, originalJs.get(m.file));
  if (w.exited) workers.delete(slot);
  if (r.killer !== undefined) {
    rememberKiller(m.file, cleanRuns[r.killer]);
    delete r.killer;
  }
  return r;
}

/**
 * One unit-test host per slot (scripts/mutation/unit-host.mjs), kept for the whole run: a mutant
 * only invalidates its file. A host is a process group of its own, so a hang is ended by killing
 * the group, vitest's workers included.
 */
const hosts = new Map();
function unitHostFor(slot) {
  let h = hosts.get(slot);
  if (h === undefined) {
    const child = fork(join(ROOT, 'scripts/mutation/unit-host.mjs'), [dirname(slot)], { detached: true, stdio: ['ignore', 'ignore', 'ignore', 'ipc'] });
    // A host that exits before it is ready (vitest could not start) answers 'exit'.
    const ready = new Promise((res) => {
      child.once('message', res);
      child.once('exit', () => res('exit'));
    });
    h = { child, ready };
    child.once('exit', () => hosts.get(slot) === h && hosts.delete(slot));
    hosts.set(slot, h);
  }
  return h;
}
function stopUnitHost(slot) {
  const h = hosts.get(slot);
  if (h === undefined) return;
  hosts.delete(slot);
  try {
    process.kill(-h.child.pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}
/**
 * Budget of one unit-test run of a mutant: a fixed part plus a multiple of the clean runs of its
 * test files (a mutant that makes a linear-time test quadratic is then a timeout in seconds, not a
 * minute's wait for the test to fail by itself); the host's start, and the first (clean) run of
 * each test file, get the generous fixed budget.
 */
const UNIT_BUDGET_MS = 180_000;
const UNIT_BUDGET_FIXED_MS = 15_000;
const UNIT_BUDGET_FACTOR = 4;
/** The time of each unit-test file's run, alone, on the unmutated source (the budget's base). */
const unitClean = new Map();

/**
 * Run test files in a slot's host with `mutated` in place of the file's source, within a budget.
 * @returns `{failed}` as the host answers (null when every test passed), or 'timeout'
 */
async function hostRun(slot, file, mutated, groups, budget) {
  const root = dirname(slot);
  const target = join(root, file);
  const h = unitHostFor(slot);
  // The host is a process group of its own (vitest's workers included): its CPU time is the group's.
  let timer;
  const timeout = new Promise((res) => {
    timer = cpuTimer({ group: h.child.pid }, () => res('timeout'));
    timer.arm(budget);
  });
  const answer = (async () => {
    if ((await h.ready) === 'exit') throw new Error(`the unit-test host of ${slot} could not start vitest; try \`npx vitest run\` in the project, or run with --no-unit`);
    const reply = new Promise((res) => {
      const onExit = () => res({ failed: 'unit-test host exited', file: null, times: [] });
      h.child.once('exit', onExit);
      h.child.once('message', (msg) => {
        h.child.off('exit', onExit);
        res(msg);
      });
    });
    h.child.send({ target, source: sources.get(file), mutated, groups: groups.map((g) => g.map((f) => (typeof f === 'string' ? join(root, f) : [join(root, f[0]), f[1]]))) });
    return reply;
  })();
  const r = await Promise.race([answer, timeout]);
  timer.clear();
  if (r === 'timeout') {
    stopUnitHost(slot);
    // The host may have died with the mutant in place.
    writeFileSync(target, sources.get(file));
  }
  return r;
}

/**
 * Which core functions each unit test calls: one run of every unit-test file the mutants in scope
 * may need, on the unmutated source, under V8's function coverage (unit-coverage.mjs), in a host of
 * its own in the first slot's copy. Per test file: `outside`, the functions run outside any test
 * (imports, `beforeAll`); `tests`, each test's id (stable between copies: vitest derives it from the
 * path inside the root) and the functions it called, its own hooks included.
 */
async function unitCoverage(testFiles = [...new Set([...new Set(mutants.map((m) => m.file))].flatMap((f) => unitTestsFor(f)))], name = 'unit-coverage', root = dirname(slots[0])) {
  const out = join(work, name);
  const child = fork(join(ROOT, 'scripts/mutation/unit-host.mjs'), [root, '--coverage', out], { detached: true, stdio: ['ignore', 'ignore', 'ignore', 'ipc'] });
  const answer = await new Promise((res) => {
    child.once('exit', () => res({ failed: 'the coverage host exited' }));
    child.once('message', (m) => {
      if (m === 'exit') return;
      // The host writes its "mutant" in place: here the file as it is.
      const target = join(root, mutants[0].file);
      const text = readFileSync(target, 'utf8');
      child.once('message', res);
      child.send({ target, source: text, mutated: text, groups: [testFiles.map((f) => join(root, f))] });
    });
  });
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
  if (answer.failed !== null) throw new Error(`the unit tests do not pass on the unmutated source (${answer.failed}): run \`npx vitest run ${testFiles.join(' ')}\`, or run with --no-unit`);
  const byFile = new Map();
  for (const f of readdirSync(work).filter((x) => x.startsWith(`${name}.`))) {
    for (const line of readFileSync(join(work, f), 'utf8').split('\n')) {
      if (line === '') continue;
      const r = JSON.parse(line);
      byFile.set(r.file.slice(root.length + 1), { outside: new Set(r.outside), tests: r.tests.map((t) => ({ id: t.id, ms: t.ms, fns: new Set(t.fns) })) });
    }
  }
  return byFile;
}
let unitCoverageMap;
let unitCoverageDone;

/**
 * The unit tests to try a mutant on, as the host takes them: per test file, the whole file, only
 * some of its tests (`[path, ids]`), or none. A mutant inside a function is tried on the tests that
 * called it; on the whole file when the function also ran outside its tests; on every listed file
 * when no test and no file called it at all (a name coverage cannot match is not taken for
 * unreached). A mutant that acts when its module loads is tried on every listed file.
 */
function unitSelection(m, files) {
  const cov = unitCoverageMap;
  if (!opts.unitSelection || atLoad(m) || m.fn === undefined) return files;
  const fn = `${m.file}#${m.fn}`;
  const out = [];
  let seen = false;
  for (const f of files) {
    const c = cov.get(f);
    // A file the pass did not record (no test in it ran): the whole file.
    if (c === undefined) {
      out.push(f);
      continue;
    }
    if (c.outside.has(fn)) {
      seen = true;
      out.push(f);
      continue;
    }
    const ids = c.tests.filter((t) => t.fns.has(fn)).map((t) => t.id);
    if (ids.length > 0) {
      seen = true;
      out.push([f, ids]);
    }
  }
  if (!seen) for (const c of cov.values()) if (c.outside.has(fn) || c.tests.some((t) => t.fns.has(fn))) seen = true;
  return seen ? out : files;
}

/**
 * Tests that took at least this long in the coverage pass run in a group of their own, last: the
 * few property and cost tests that take seconds (a fuzz of hostile call objects, 4 s; the linear-time
 * checks of the command reader and the detectors, 2–3 s) are then paid only by a mutant that every
 * quicker test lets through.
 */
const SLOW_TEST_MS = 250;
/**
 * Split a selection (as `unitSelection` gives it, killers removed) into its quick tests and its slow
 * ones. A whole file with a slow test becomes the list of its recorded tests; without coverage (or
 * with `--no-unit-selection`, whose whole files are the check of the selection), nothing is split.
 */
function splitSlow(selection, exclude) {
  const cov = unitCoverageMap;
  if (!opts.unitSelection || cov === undefined) return [selection, []];
  const quick = [];
  const slow = [];
  for (const x of selection) {
    const file = typeof x === 'string' ? x : x[0];
    const tests = cov.get(file)?.tests;
    const ids = typeof x === 'string' ? tests?.map((t) => t.id).filter((id) => !exclude.has(id)) : x[1];
    const slowIds = new Set((tests ?? []).filter((t) => t.ms >= SLOW_TEST_MS).map((t) => t.id));
    if (ids === undefined || !ids.some((id) => slowIds.has(id))) {
      quick.push(x);
      continue;
    }
    const q = ids.filter((id) => !slowIds.has(id));
    if (q.length > 0) quick.push([file, q]);
    slow.push([file, ids.filter((id) => slowIds.has(id))]);
  }
  return [quick, slow];
}

/** Per core file, the unit tests (`{file, id}`) that killed its mutants so far, the latest first. */
const unitKillers = new Map();
/** How many of them a mutant tries first, before the rest of its tests. */
const UNIT_KILLERS_FIRST = 3;

/**
 * The unit tests of a mutant's file: the test file that last killed a mutant of the same file
 * alone first, then the others side by side. Measured on a 120-mutant sample, where the unit phase
 * was 41 % of the run: the killed mutants' unit phase took 141 s with every file side by side and
 * 92 s one file at a time, the survivors' 76 s side by side and 133 s one at a time.
 * @returns a status when the unit tests notice the mutant, undefined when they all pass
 */
async function runUnit(m, slot, files = unitTestsFor(m.file), wide = false) {
  const root = dirname(slot);
  // The first time a test file is needed, it runs once on the unmutated source, alone: the time
  // that takes (the host warmed up) sets the budget of every mutant's run of it.
  const unmeasured = files.map((x) => (typeof x === 'string' ? x : x[0])).filter((f) => !unitClean.has(f));
  if (unmeasured.length > 0) {
    const clean = await hostRun(slot, m.file, sources.get(m.file), unmeasured.map((f) => [f]), UNIT_BUDGET_MS);
    if (clean === 'timeout' || clean.failed !== null) {
      throw new Error(`the unit tests of ${m.file} do not pass on the unmutated source (${clean === 'timeout' ? 'timeout' : clean.failed}): run \`npx vitest run ${unmeasured.join(' ')}\`, or run with --no-unit`);
    }
    for (const [[path], ms] of clean.times) unitClean.set(path.slice(root.length + 1), ms);
  }
  if (opts.unitSelection) unitCoverageMap ??= await (unitCoverageDone ??= unitCoverage());
  const selected = wide ? files : unitSelection(m, files);
  // Reached by no unit test (and named, so that coverage can tell): nothing to run.
  if (selected.length === 0) return undefined;
  const name = (x) => (typeof x === 'string' ? x : x[0]);
  // The tests that last killed mutants of the same file go first, alone: a mutant next to one they
  // caught is mostly caught by them too. Then every other selected test, side by side, the slow ones
  // last.
  const byFile = new Map(selected.map((x) => [name(x), x]));
  const first = (unitKillers.get(m.file) ?? [])
    .filter((t) => {
      const x = byFile.get(t.file);
      return x !== undefined && (typeof x === 'string' || x[1].includes(t.id));
    })
    .slice(0, UNIT_KILLERS_FIRST);
  const firstIds = new Set(first.map((t) => t.id));
  const firstGroup = [...new Set(first.map((t) => t.file))].map((f) => [f, first.filter((t) => t.file === f).map((t) => t.id)]);
  const rest = selected.map((x) => (typeof x === 'string' ? x : [x[0], x[1].filter((id) => !firstIds.has(id))])).filter((x) => typeof x === 'string' || x[1].length > 0);
  const [quick, slow] = splitSlow(rest, firstIds);
  const groups = [firstGroup, quick, slow].filter((g) => g.length > 0);
  const budget = Math.min(UNIT_BUDGET_MS, UNIT_BUDGET_FIXED_MS + UNIT_BUDGET_FACTOR * selected.reduce((sum, x) => sum + unitClean.get(name(x)), 0));
  const r = await hostRun(slot, m.file, applyMutant(sources.get(m.file), m), groups, budget);
  if (r === 'timeout') return { status: 'timeout', killedBy: `unit tests (timeout: over ${Math.round(budget / 1000)} s)` };
  if (r.failed === null) return undefined;
  if (r.file !== null && r.testId !== null) {
    const killer = { file: r.file.slice(root.length + 1), id: r.testId };
    unitKillers.set(m.file, [killer, ...(unitKillers.get(m.file) ?? []).filter((x) => x.id !== killer.id)].slice(0, 32));
  }
  return { status: 'killed-unit', killedBy: `unit tests: ${r.failed}` };
}

/**
 * The other core test files: a mutant that its own file's tests let through is then tried on the
 * tests of any other file under test/core that call the mutated function (a test of the guard's
 * configuration kills a mutant of the guard's registration, which the guard's own tests never
 * reach). Their coverage is taken once, when the first such mutant needs it; only a mutant inside a
 * named function is tried (a module-level one could reach every test).
 */
let wideCoverageMap;
let wideCoverageDone;
function wideTestsFor(m) {
  if (!opts.unitSelection || atLoad(m) || m.fn === undefined) return [];
  const own = new Set(unitTestsFor(m.file));
  const fn = `${m.file}#${m.fn}`;
  const out = [];
  for (const [f, c] of wideCoverageMap) {
    if (own.has(f)) continue;
    if (c.outside.has(fn)) out.push(f);
    else {
      const ids = c.tests.filter((t) => t.fns.has(fn)).map((t) => t.id);
      if (ids.length > 0) out.push([f, ids]);
    }
  }
  return out;
}
async function runWideUnit(m, slot) {
  if (!opts.unitSelection || atLoad(m) || m.fn === undefined) return undefined;
  const all = readdirSync(join(TREE, 'test/core')).filter((f) => f.endsWith('.test.ts')).map((f) => `test/core/${f}`).sort();
  // In this slot's copy, which holds no mutant between runs (another slot's may hold one now).
  wideCoverageMap ??= await (wideCoverageDone ??= unitCoverage(all, 'wide-coverage', dirname(slot)));
  const selected = wideTestsFor(m);
  if (selected.length === 0) return undefined;
  return runUnit(m, slot, selected, true);
}

// How long this process's event loop was held up at worst: a worker's messages wait that long (see
// cpu-timer.mjs), so a large figure explains a timeout that a second run does not repeat.
const loopDelay = monitorEventLoopDelay({ resolution: 20 });
loopDelay.enable();
const results = new Array(mutants.length);
let next = 0;
let done = 0;
const t0 = Date.now();
function progress() {
  done++;
  if (!opts.quiet && (done % 25 === 0 || done === mutants.length)) log(`  ${done}/${mutants.length} mutants, ${Math.round((Date.now() - t0) / 1000)} s`);
}
const finished = Promise.all(
  slots.map(async (slot) => {
    for (let i = next++; i < mutants.length; i = next++) {
      const m = mutants[i];
      const eq = equivalentReason(m);
      // A listed equivalent is not run: whatever the sets did to it, it is left out of the score
      // (a kill would only show the list wrong about it, which --check-equivalent looks for).
      if (eq !== undefined && !opts.checkEquivalent) {
        results[i] = { status: 'equivalent', reason: eq };
        progress();
        continue;
      }
      const t = Date.now();
      let r = await runMutant(m, slot);
      const setsMs = Date.now() - t;
      if (opts.unit && eq === undefined && (r.status === 'survived' || r.status === 'no-coverage')) {
        r = { ...r, ...((await runUnit(m, slot)) ?? (await runWideUnit(m, slot)) ?? {}), unitMs: Date.now() - t - setsMs };
      }
      r.ms = Date.now() - t;
      results[i] = eq === undefined ? r : r.status === 'survived' || r.status === 'no-coverage' ? { status: 'equivalent', reason: eq, ms: r.ms } : { ...r, listedEquivalent: eq };
      progress();
    }
  }),
);
let failure;
await finished.catch((e) => (failure = e));
for (const slot of [...hosts.keys()]) stopUnitHost(slot);
for (const slot of [...workers.keys()]) stopWorker(slot);
rmSync(work, { recursive: true, force: true });
if (failure !== undefined) {
  // The run cannot judge mutants (the unit tests fail on the unmutated code, vitest cannot start).
  process.stderr.write(`error: ${failure instanceof Error ? failure.message : String(failure)}\n`);
  process.exit(2);
}

// ------------------------------------------------------------------------------------------------
// Reports
// ------------------------------------------------------------------------------------------------
const DETECTED = new Set(['killed', 'timeout', 'killed-unit']);
const BY_SETS = new Set(['killed', 'timeout']);
const INVALID = new Set(['compile-error', 'runtime-error', 'equivalent']);
function tally(rows) {
  const t = { mutants: rows.length, killed: 0, timeout: 0, killedByUnit: 0, survived: 0, noCoverage: 0, compileError: 0, runtimeError: 0, equivalent: 0 };
  for (const r of rows) {
    const key = { killed: 'killed', timeout: 'timeout', 'killed-unit': 'killedByUnit', survived: 'survived', 'no-coverage': 'noCoverage', 'compile-error': 'compileError', 'runtime-error': 'runtimeError', equivalent: 'equivalent' }[r.status];
    t[key]++;
  }
  const valid = rows.filter((r) => !INVALID.has(r.status)).length;
  const pct = (n) => (valid === 0 ? null : Math.round((10_000 * n) / valid) / 100);
  // A timeout is counted with the suite that produced it: the sets, unless the unit tests hung.
  t.setsScore = pct(rows.filter((r) => BY_SETS.has(r.status) && !(r.status === 'timeout' && r.killedBy?.startsWith('unit'))).length);
  t.score = pct(rows.filter((r) => DETECTED.has(r.status)).length);
  return t;
}
const rows = mutants.map((m, i) => ({
  id: m.id,
  file: m.file,
  line: m.line,
  col: m.col,
  operator: m.operator,
  static: m.static,
  ...(m.fn !== undefined ? { function: m.fn } : {}),
  status: results[i].status,
  diff: mutantDiff(sources.get(m.file), m),
  runs: results[i].ran ?? 0,
  ...(results[i].killedBy ? { killedBy: results[i].killedBy } : {}),
  ...(results[i].error ? { error: results[i].error } : {}),
  ...(results[i].reason ? { reason: results[i].reason } : {}),
  ...(results[i].listedEquivalent ? { listedEquivalent: results[i].listedEquivalent } : {}),
}));
const group = (key) => {
  const m = new Map();
  for (const r of rows) m.set(r[key], [...(m.get(r[key]) ?? []), r]);
  return [...m].sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, rs]) => ({ [key]: k, ...tally(rs) }));
};
const report = {
  schema: SCHEMA,
  suite: { sets: opts.sets, runs: runs.length, passingRuns: cleanRuns.length },
  sample: opts.sample !== undefined ? { size: mutants.length, of: generated, seed: opts.seed } : null,
  totals: tally(rows),
  byFile: group('file'),
  byOperator: group('operator'),
  mutants: rows,
};
mkdirSync(resolve(ROOT, opts.out), { recursive: true });
writeFileSync(resolve(ROOT, opts.out, 'mutation.json'), `${JSON.stringify(report, null, 1)}\n`);
writeFileSync(resolve(ROOT, opts.out, 'mutation.md'), renderMarkdown(report));
// Times are kept apart from the results, which are the same on every run of the same inputs.
const times = mutants.map((m, i) => ({ id: m.id, file: m.file, line: m.line, status: results[i].status, ms: results[i].ms ?? 0, ...Object.fromEntries(['compileMs', 'selectMs', 'importMs', 'workMs'].filter((k) => results[i][k] !== undefined).map((k) => [k, Math.round(results[i][k])])), ...(results[i].unitMs !== undefined ? { unitMs: results[i].unitMs } : {}) }));
writeFileSync(resolve(ROOT, opts.out, 'mutation-times.json'), `${JSON.stringify({ schema: 'guard-eval/mutation-times@1', wallSeconds: Math.round((Date.now() - t0) / 1000), coverageSeconds, eventLoopDelayMaxMs: Math.round(loopDelay.max / 1e6), mutants: times }, null, 1)}\n`);
log(`score ${report.totals.score}% by the sets and the unit tests, ${report.totals.setsScore}% by the sets alone (of ${report.totals.mutants - report.totals.compileError - report.totals.runtimeError - report.totals.equivalent} valid mutants); ${report.totals.survived} survived, ${report.totals.noCoverage} reached by nothing`);
if (opts.checkEquivalent) log(`listed as equivalent: ${rows.filter((r) => r.status === 'equivalent').length} let through by the sets, ${rows.filter((r) => r.listedEquivalent !== undefined).length} detected (see the report)`);
log(`written: ${join(opts.out, 'mutation.json')}, ${join(opts.out, 'mutation.md')}, ${join(opts.out, 'mutation-times.json')} (${Math.round((Date.now() - t0) / 1000)} s for the mutants, after ${coverageSeconds} s of coverage)`);

function renderMarkdown(r) {
  const line = (cells) => `| ${cells.join(' | ')} |`;
  const head = ['mutants', 'killed by sets', 'timeout', 'killed by unit tests', 'survived', 'no coverage', 'invalid', 'equivalent', 'score (sets)', 'score (sets + unit)'];
  const p = (x) => (x === null ? 'n/a' : `${x.toFixed(1)} %`);
  const cells = (t) => [t.mutants, t.killed, t.timeout, t.killedByUnit, t.survived, t.noCoverage, t.compileError + t.runtimeError, t.equivalent, p(t.setsScore), p(t.score)];
  const out = [
    '# Mutation testing of src/core',
    '',
    `Killing suite: ${r.suite.sets.join(', ')} (${r.suite.passingRuns} scenario × mode runs). ${r.sample ? `A sample of ${r.sample.size} of ${r.sample.of} mutants, seed ${r.sample.seed}.` : `All ${r.totals.mutants} mutants.`} Regenerate with \`npm run mutation${r.sample ? ` -- --sample ${r.sample.size} --seed ${r.sample.seed}` : ''}\`.`,
    '',
    `**Score: ${p(r.totals.setsScore)} by the challenge sets alone, ${p(r.totals.score)} by the sets and the unit tests** (killed and timed-out mutants over all but the invalid and equivalent ones; a mutant nothing reaches counts as survived). Goals: ≥ 80 % and ≥ 90 %.`,
    '',
    '## By file',
    '',
    line(['file', ...head]),
    line(['---', ...head.map(() => '---:')]),
    ...r.byFile.map((f) => line([`\`${f.file}\``, ...cells(f)])),
    line(['**total**', ...cells(r.totals)]),
    '',
    '## By operator',
    '',
    line(['operator', ...head]),
    line(['---', ...head.map(() => '---:')]),
    ...r.byOperator.map((o) => line([`\`${o.operator}\``, ...cells(o)])),
    '',
    '## Survivors',
    '',
  ];
  const wrong = r.mutants.filter((m) => m.listedEquivalent !== undefined);
  if (wrong.length > 0) {
    out.splice(out.length - 2, 0, '## Listed as equivalent, but detected', '', 'Each is in scripts/mutation/equivalent.json, and a test tells it from the original: take it off the list.', '');
    for (const m of wrong) out.splice(out.length - 2, 0, `- \`${m.file}:${m.line}:${m.col}\` ${m.operator}: ${m.killedBy ?? m.status}`);
    out.splice(out.length - 2, 0, '');
  }
  const survivors = r.mutants.filter((m) => m.status === 'survived' || m.status === 'no-coverage');
  if (survivors.length === 0) out.push('None.');
  for (const m of survivors) {
    out.push(`- \`${m.file}:${m.line}:${m.col}\` ${m.operator}${m.status === 'no-coverage' ? ' (reached by no scenario)' : ''}${m.function ? ` in \`${m.function}\`` : ''}`, '', '  ```diff', ...m.diff.split('\n').map((l) => `  ${l}`), '  ```');
  }
  return `${out.join('\n')}\n`;
}
