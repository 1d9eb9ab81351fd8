/**
 * The unit-test phase of one slot, in a process of its own: a vitest instance kept for the whole
 * run, to which the runner sends one mutant at a time. The runner starts it in a process group of
 * its own, so that a mutant that loops forever inside a test (where vitest's cancel cannot reach)
 * is stopped by killing the group, vitest's workers included, and a fresh host takes over.
 *
 * Message in: `{target, source, mutated, groups}`: write `mutated` to `target`, run the groups of
 * test files one after another up to the first that fails, write `source` back. A group lists
 * paths, or `[path, ids]` to run only those tests of the file (vitest's test ids). Message out:
 * `{failed, file, testId, times}`: the first failing test (`file > name`) or an unhandled error,
 * null when every test passed; the failing file's path and test's id (or null); `[paths, ms]` for
 * each group that passed.
 *
 * Started with `--coverage <out>`, the host instead runs the files of its one message once, on the
 * unmutated source, recording which core functions each test calls (unit-coverage.mjs), and
 * answers `{failed}` (null when every test passed) when the records are written.
 */
import { writeFileSync } from 'node:fs';
import { URL, fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { Writable } from 'node:stream';
import { createVitest } from 'vitest/node';
import { keptForks, setInvalidates } from './kept-fork.mjs';

const root = process.argv[2];
const coverageOut = process.argv[3] === '--coverage' ? process.argv[4] : undefined;
// The recorder, in vitest's workers (which inherit this environment), writes next to this path.
if (coverageOut !== undefined) process.env.GUARD_EVAL_UNIT_COVERAGE = coverageOut;
// Failing tests are the expected outcome here: their reports go nowhere.
const sink = new Writable({ write: (_chunk, _enc, done) => done() });
// Within one run of a group of files, one worker keeps the module graph from file to file
// (`isolate: false`); the host keeps vite's transforms between mutants (a mutant's file is
// invalidated). Between runs vitest 4 would start a new worker process, which imports the project
// and its libraries afresh: about 300–400 ms a run on this machine whatever the tests (a file with
// 9 ms of tests: 370 ms a run). The mutant runs keep one worker instead (kept-fork.mjs), which
// evaluates afresh only what the mutant can reach; the coverage pass runs once, in vitest's own.
const options = { root, watch: false, reporters: [], silent: true, bail: coverageOut === undefined ? 1 : 0, pool: coverageOut === undefined ? keptForks : 'forks', maxWorkers: 1, isolate: false };
if (coverageOut !== undefined) options.setupFiles = [fileURLToPath(new URL('./unit-coverage.mjs', import.meta.url))];
const vitest = await createVitest('test', options, {}, { stdout: sink, stderr: sink });
await vitest.standalone();

/**
 * `file` and every module that imports it, directly or through others, as vite's module graph of
 * the host knows them (every module the worker has fetched): what a change of `file` reaches.
 */
function importersOf(file) {
  const out = new Set([file]);
  for (const project of vitest.projects) {
    for (const env of Object.values(project.vite.environments)) {
      const todo = [...(env.moduleGraph.getModulesByFile(file) ?? [])];
      const seen = new Set(todo);
      while (todo.length > 0) {
        const m = todo.pop();
        if (m.file) out.add(m.file);
        for (const i of m.importers) {
          if (!seen.has(i)) {
            seen.add(i);
            todo.push(i);
          }
        }
      }
    }
  }
  return out;
}
/** What the worker still holds of the last mutant: the files its code reached. */
let dirty = new Set();

process.on('message', async ({ target, source, mutated, groups }) => {
  writeFileSync(target, mutated);
  vitest.invalidateFile(target);
  setInvalidates([...new Set([...dirty, ...importersOf(target)])]);
  let failed = null;
  let file = null;
  let testId = null;
  const times = [];
  try {
    // One group of files at a time (vitest runs a group's files side by side), in the order given,
    // up to the first that fails: the mutant stays in place across them.
    for (const group of groups) {
      const files = group.map((g) => (typeof g === 'string' ? g : g[0]));
      const t = performance.now();
      const project = vitest.getRootProject();
      const r = await vitest.runTestSpecifications(group.map((g) => (typeof g === 'string' ? project.createSpecification(g) : project.createSpecification(g[0], { testIds: g[1] }))));
      // Only this run's modules: the result also lists modules of earlier runs.
      const bad = r.testModules.filter((m) => files.includes(m.moduleId)).find((m) => !m.ok());
      if (bad !== undefined) {
        const test = [...bad.children.allTests()].find((x) => x.result().state === 'failed');
        failed = `${bad.moduleId.slice(root.length + 1)}${test ? ` > ${test.fullName}` : ''}`;
        file = bad.moduleId;
        testId = test?.id ?? null;
      } else if (r.unhandledErrors.length > 0) {
        failed = String(r.unhandledErrors[0]).slice(0, 200);
      }
      if (failed !== null) break;
      times.push([files, performance.now() - t]);
    }
  } catch (e) {
    failed = String(e).slice(0, 200);
  } finally {
    writeFileSync(target, source);
    vitest.invalidateFile(target);
    // Read after the run: it may have brought in more modules that import the file.
    dirty = mutated === source ? new Set() : importersOf(target);
  }
  process.send({ failed, file, testId, times });
});
process.send({ ready: true });
