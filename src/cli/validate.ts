/** `guard-eval validate [paths...]`: load every scenario file and report every problem. */
import { loadCliScenarios } from './scenarios.js';
import { formatIssue } from '../io/errors.js';
import type { CliIO } from './main.js';

/**
 * @returns 0 when every file loads (warnings allowed); bad files throw InputError (exit 2)
 */
export async function validateCommand(paths: readonly string[], io: CliIO): Promise<number> {
  const { scenarios, warnings } = await loadCliScenarios(paths, ['challenge-sets', 'scenarios']);
  for (const w of warnings) io.stderr(`warning: ${formatIssue(w)}\n`);
  const files = new Set(scenarios.map((s) => s.loc.file));
  io.stdout(`ok: ${scenarios.length} scenario${scenarios.length === 1 ? '' : 's'} in ${files.size} file${files.size === 1 ? '' : 's'}\n`);
  return 0;
}
