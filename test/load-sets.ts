/**
 * The challenge sets as the set-wide tests load them: through the suite's parse cache (vitest.config.ts
 * names its folder in `GUARD_EVAL_CACHE`), so that each of them does not parse every file again.
 */
import { cacheDir } from '../src/io/parse-cache.js';
import { loadScenarios } from '../src/io/dsl.js';

export function loadSets(paths: readonly string[]): ReturnType<typeof loadScenarios> {
  const cache = cacheDir(process.cwd(), process.env);
  return loadScenarios(paths, cache === undefined ? {} : { cache });
}
