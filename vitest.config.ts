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
    // No parse cache: a test reads what its files say now, never entries an earlier run left in
    // node_modules/.cache (the cache's own tests point GUARD_EVAL_CACHE at a folder of their own).
    env: { GUARD_EVAL_CACHE: 'off' },
  },
});
