/**
 * Scenario loading as every command does it: the project's `catalogs:` folders searched after the
 * `catalog/` folders beside each file, and, when a command names no paths and the working directory
 * has no `challenge-sets/`, the challenge sets this package ships (so that an installed package runs
 * its own sets from any folder).
 */
import { existsSync } from 'node:fs';
import { DEFAULT_CATALOG_DIRS, PACKAGE_CHALLENGE_SETS, loadScenariosOrThrow } from '../io/dsl.js';
import type { InputIssue } from '../io/errors.js';
import type { Scenario } from '../harness/model.js';
import { loadProjectConfig } from '../io/project-config.js';
import { cacheDir } from '../io/parse-cache.js';

/**
 * Load the scenarios under `paths`, or under `defaults` when none is given (a default folder the
 * working directory lacks is left out; `challenge-sets` then stands for the package's own).
 * @throws InputError on any problem of any file (exit 2)
 */
export async function loadCliScenarios(paths: readonly string[], defaults: readonly string[]): Promise<{ scenarios: Scenario[]; warnings: InputIssue[] }> {
  const config = await loadProjectConfig();
  let chosen = paths;
  if (chosen.length === 0) {
    const present = defaults.filter((d) => existsSync(d));
    chosen = present.length > 0 ? present : defaults.includes('challenge-sets') ? [PACKAGE_CHALLENGE_SETS] : defaults;
  }
  // Parsed files are kept between runs (node_modules/.cache/guard-eval; GUARD_EVAL_CACHE=off for none).
  const cache = cacheDir(process.cwd(), process.env);
  return loadScenariosOrThrow(chosen, { catalogDirs: [...config.catalogs, ...DEFAULT_CATALOG_DIRS], ...(cache !== undefined ? { cache } : {}) });
}
