import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    // Mutation runs keep copies of the tree there while they run.
    exclude: ['**/node_modules/**', '.mutation/**'],
    // Property tests print their seed on failure.
    testTimeout: 60_000,
    // One worker per core. Left unset, a run uses one core fewer than the machine has: one worker on a
    // 2-core CI machine, where the suite then took 254 s of wall time against 146 s with two (CPU time
    // about the same, every test passing).
    maxWorkers: '100%',
    // A worker keeps its module graph from one test file to the next instead of importing the
    // project afresh for each: the suite's CPU time went from 368 s to 274 s (wall 308 s to 245 s)
    // on 2 cores, every test passing, also with the files shuffled. So a test must not count on
    // fresh module state, and one that stubs a global restores it (`vi.unstubAllGlobals`).
    isolate: false,
    // The parse cache in a folder of the suite's own (`GUARD_EVAL_CACHE` set outside wins; `off` parses
    // every file). An entry is found by a hash of the file's text and of the reading code, so a test
    // never reads what an earlier version of a file or of the reader said; the tests that load or run
    // whole sets parse them once per run instead of once per file (cold, the first of them still
    // parses everything). The cache's own tests point it at folders of their own.
    env: { GUARD_EVAL_CACHE: process.env.GUARD_EVAL_CACHE ?? fileURLToPath(new URL('node_modules/.cache/guard-eval-test', import.meta.url)) },
  },
});
