import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    // Property tests print their seed on failure; the pool stays small for 2-core CI machines.
    testTimeout: 60_000,
  },
});
