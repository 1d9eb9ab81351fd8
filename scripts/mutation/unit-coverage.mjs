/**
 * A vitest setup file for the mutation runner's unit-test coverage pass (unit-host.mjs, `coverage`):
 * which functions of `src/core` each test calls, so that a mutant the challenge sets let through is
 * tried on the tests that reach it rather than on every test of its file.
 *
 * V8's precise coverage (function level, with call counts) is taken before and after each test: what
 * ran during a test (its own hooks included) is that test's; what ran outside every test (the file's
 * imports, `beforeAll`, `afterAll`) is the file's, and a mutant there is tried on the whole file.
 * Each worker process writes one JSON line per test file to `<GUARD_EVAL_UNIT_COVERAGE>.<pid>`:
 * `{file, outside: [fn…], tests: [{id, name, ms, fns: [fn…]}]}`, a function named `src/core/x.ts#name`,
 * `ms` the test's time (its hooks included, under coverage: only its order among tests counts).
 */
import { appendFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { performance } from 'node:perf_hooks';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';

const out = process.env.GUARD_EVAL_UNIT_COVERAGE;
const CORE = /\/src\/core\/([^/?#]+)\.ts(?:[?#].*)?$/;

if (out) {
  const state = (globalThis.__guardEvalUnitCoverage ??= { session: undefined });
  if (state.session === undefined) {
    state.session = new Session();
    state.session.connect();
    await state.session.post('Profiler.enable');
    await state.session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
  }
  const session = state.session;
  /** The core functions called since the last take (a take resets the counts). */
  const take = async () => {
    const { result } = await session.post('Profiler.takePreciseCoverage');
    const fns = new Set();
    for (const script of result) {
      const m = CORE.exec(script.url);
      if (m === null) continue;
      for (const f of script.functions) if (f.functionName && f.ranges[0]?.count > 0) fns.add(`src/core/${m[1]}.ts#${f.functionName}`);
    }
    return fns;
  };
  const outside = new Set();
  const tests = [];
  let file;
  let started = 0;
  const addOutside = (fns) => {
    for (const f of fns) outside.add(f);
  };
  // The file's imports ran before this hook.
  beforeAll(async () => addOutside(await take()));
  beforeEach(async () => {
    addOutside(await take());
    started = performance.now();
  });
  afterEach(async ({ task }) => {
    const ms = Math.round(performance.now() - started);
    file ??= task.file.filepath;
    tests.push({ id: task.id, name: task.fullName ?? task.name, ms, fns: [...(await take())].sort() });
  });
  afterAll(async () => {
    addOutside(await take());
    // A file none of whose tests ran (all skipped) has no record: the runner then runs it whole.
    if (file !== undefined) appendFileSync(`${out}.${process.pid}`, `${JSON.stringify({ file, outside: [...outside].sort(), tests })}\n`);
  });
}
