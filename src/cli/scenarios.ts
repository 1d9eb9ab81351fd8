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
import { ParseCache, cacheDir } from '../io/parse-cache.js';
import { keptClassifications, restoreClassifications } from '../core/spec-reading.js';
import type { Classification } from '../core/types.js';

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

/** Whether this process restored, and kept, classifications already (see {@link keepClassificationsAcrossRuns}). */
let restored = false;
let keptOnce = false;

/**
 * The classifications of tool specs a run makes, kept in the parse cache for the next run: a
 * classification depends only on the spec's content and the classifier, whose source keys the
 * cache, so a run over unchanged sets classifies nothing again. Restored and kept once per process:
 * a process that runs many times (a test suite calling the CLI in-process) would otherwise read and
 * rewrite the whole entry on every run.
 * @returns what to call once the run is done: it keeps this run's classifications when there are new ones
 */
export function keepClassificationsAcrossRuns(): () => void {
  const dir = cacheDir(process.cwd(), process.env);
  if (dir === undefined || keptOnce) return () => undefined;
  const cache = new ParseCache(dir);
  const key = cache.key('classifications', '', '');
  let before = 0;
  if (!restored) {
    restored = true;
    const kept = cache.get(key);
    // Each entry is checked where it is restored; a damaged one is left out.
    if (Array.isArray(kept)) {
      restoreClassifications(kept as [string, Classification][]);
      before = kept.length;
    }
  }
  return () => {
    keptOnce = true;
    const now = keptClassifications();
    if (now.length > before) cache.set(key, now);
  };
}
