import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    // Mutation runs keep copies of the tree there while they run.
    exclude: ['**/node_modules/**', '.mutation/**'],
    // Property tests print their seed on failure; the pool stays small for 2-core CI machines.
    testTimeout: 60_000,
  },
});
