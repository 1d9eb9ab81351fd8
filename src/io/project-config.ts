/**
 * `guard-eval.config.yaml`: the project's committed settings for the regression gate.
 *
 * ```yaml
 * gate:
 *   baseline: reports/baseline.json   # the committed baseline (default)
 *   minPassRate: 1                    # fraction of scenario × mode runs that must pass (default 0)
 *   overBlockBudget:                  # new over-blocks tolerated per set (default 0 each)
 *     set-1: 0
 * catalogs: [tools/catalog]           # more folders of tool catalogs, searched after the
 *                                     # `catalog/` folders beside a scenario file (default none)
 * ```
 *
 * The gate's floor and budgets come from this file only: no flag or environment variable loosens
 * them, so a change under review cannot relax its own gate without the diff showing it.
 */
import { readFile } from 'node:fs/promises';
import { isMap } from 'yaml';
import { didYouMean } from '../core/suggest.js';
import { DEFAULT_GATE_POLICY } from '../harness/gate.js';
import type { GatePolicy } from '../harness/gate.js';
import { DEFAULT_MAX_EXPANDED_NODES } from './dsl.js';
import { parseYaml } from './dsl-yaml.js';
import { InputError } from './errors.js';
import type { InputIssue } from './errors.js';

export const PROJECT_CONFIG_FILE = 'guard-eval.config.yaml';
export const DEFAULT_BASELINE = 'reports/baseline.json';

export interface ProjectConfig {
  readonly gate: GatePolicy & { readonly baseline: string };
  /** Folders of tool catalogs (`catalogs:`), relative to the working directory. */
  readonly catalogs: readonly string[];
  /** Where the settings came from: the file, or `defaults` when there is none. */
  readonly source: string;
}

const TOP_KEYS = ['gate', 'catalogs'];
const GATE_KEYS = ['baseline', 'minPassRate', 'overBlockBudget'];

/**
 * Read the project configuration (a missing file gives the defaults).
 * @throws InputError with every problem at its file:line:col
 */
export async function loadProjectConfig(file = PROJECT_CONFIG_FILE): Promise<ProjectConfig> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { gate: { ...DEFAULT_GATE_POLICY, baseline: DEFAULT_BASELINE }, catalogs: [], source: 'defaults' };
    throw new InputError('CONFIG_UNREADABLE', [{ pos: { file }, message: `cannot read the file (${(e as Error).message})` }]);
  }
  const parsed = parseYaml(text, file, DEFAULT_MAX_EXPANDED_NODES);
  const view = parsed.view;
  if (view === undefined || parsed.issues.length > 0) throw new InputError('CONFIG_INVALID', parsed.issues.length > 0 ? parsed.issues : [{ pos: { file }, message: 'cannot read the file' }]);
  const issues: InputIssue[] = [...view.issues];
  const root = view.deref(view.root);
  let baseline = DEFAULT_BASELINE;
  let minPassRate = DEFAULT_GATE_POLICY.minPassRate;
  const overBlockBudget: Record<string, number> = {};
  const catalogs: string[] = [];
  if (root !== null && !isMap(root)) issues.push({ pos: view.pos(root), message: 'expected a map with `gate`' });
  if (isMap(root)) {
    for (const e of view.entries(root)) {
      if (e.key === undefined || !TOP_KEYS.includes(e.key)) {
        issues.push({ pos: view.pos(e.keyNode, root), message: `unknown key \`${e.key ?? '?'}\`${didYouMean(e.key ?? '', TOP_KEYS)} (the file sets \`gate\` and \`catalogs\`)` });
        continue;
      }
      if (e.key === 'catalogs') {
        const list = view.value(e.value);
        if (Array.isArray(list) && list.every((d) => typeof d === 'string' && d.trim() !== '')) catalogs.push(...(list as string[]));
        else issues.push({ pos: view.pos(e.value ?? e.keyNode, root), message: 'expected a list of folder paths, e.g. `[tools/catalog]`' });
        continue;
      }
      const gate = view.deref(e.value);
      if (!isMap(gate)) {
        issues.push({ pos: view.pos(e.value, e.keyNode), message: 'expected a map: `baseline`, `minPassRate`, `overBlockBudget`' });
        continue;
      }
      for (const g of view.entries(gate)) {
        const at = view.pos(g.value ?? g.keyNode, gate);
        const v = view.value(g.value);
        if (g.key === 'baseline') {
          if (typeof v === 'string' && v.trim() !== '') baseline = v;
          else issues.push({ pos: at, message: 'expected the baseline file path, a string' });
        } else if (g.key === 'minPassRate') {
          if (typeof v === 'number' && v >= 0 && v <= 1) minPassRate = v;
          else issues.push({ pos: at, message: `expected a fraction from 0 to 1 (1 = every run must pass), got \`${String(v)}\`` });
        } else if (g.key === 'overBlockBudget') {
          const m = view.deref(g.value);
          if (!isMap(m)) {
            issues.push({ pos: at, message: 'expected a map from set id to the number of new over-blocks tolerated' });
            continue;
          }
          for (const b of view.entries(m)) {
            const n = view.value(b.value);
            if (b.key === undefined) issues.push({ pos: view.pos(b.keyNode, m), message: 'expected a set id' });
            else if (typeof n === 'number' && Number.isSafeInteger(n) && n >= 0) overBlockBudget[b.key] = n;
            else issues.push({ pos: view.pos(b.value ?? b.keyNode, m), message: `expected a non-negative integer, got \`${String(n)}\`` });
          }
        } else {
          issues.push({ pos: view.pos(g.keyNode, gate), message: `unknown key \`${g.key ?? '?'}\`${didYouMean(g.key ?? '', GATE_KEYS)} (gate sets ${GATE_KEYS.map((k) => `\`${k}\``).join(', ')})` });
        }
      }
    }
  }
  if (issues.length > 0) throw new InputError('CONFIG_INVALID', issues);
  return { gate: { baseline, minPassRate, overBlockBudget }, catalogs, source: file };
}
