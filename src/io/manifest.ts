/**
 * A challenge set's `manifest.yaml`: its id, name, version and scenario count.
 *
 * ```yaml
 * id: set-2          # the set: every scenario id under this folder starts with `set-2/`
 * name: chains
 * version: 1         # bumped when labels or scenarios change meaning
 * scenarios: 84      # how many scenarios the folder holds
 * ```
 *
 * The loader reads a manifest in place of a scenario file and checks it against the scenarios it
 * found under the manifest's folder, so a stale count or a stray scenario is an error at the
 * manifest's line, not a silent drift in what a published set contains.
 */
import path from 'node:path';
import { isMap } from 'yaml';
import { didYouMean } from '../core/suggest.js';
import type { Scenario } from '../harness/model.js';
import { parseYaml } from './dsl-yaml.js';
import type { InputIssue, SourcePos } from './errors.js';

/** File names read as manifests rather than scenario files. */
export const MANIFEST_FILES: readonly string[] = ['manifest.yaml', 'manifest.yml'];

const KEYS = ['id', 'name', 'version', 'scenarios'] as const;

export interface Manifest {
  readonly file: string;
  readonly id: string;
  readonly name: string;
  readonly version: number | string;
  readonly scenarios: number;
  /** Where each key's value sits, for errors. */
  readonly at: Readonly<Record<(typeof KEYS)[number] | 'file', SourcePos>>;
}

/** Parse one manifest's text; issues carry file:line:col. */
export function parseManifest(text: string, file: string, maxExpandedNodes: number): { manifest?: Manifest; issues: InputIssue[] } {
  const parsed = parseYaml(text, file, maxExpandedNodes);
  const view = parsed.view;
  if (view === undefined || parsed.issues.length > 0) return { issues: parsed.issues.length > 0 ? parsed.issues : [{ pos: { file }, message: 'cannot read the manifest' }] };
  const root = view.deref(view.root);
  const top: SourcePos = { file, line: 1, col: 1 };
  if (!isMap(root)) return { issues: [{ pos: top, message: 'a manifest is a map: `id`, `name`, `version`, `scenarios`' }] };
  const issues: InputIssue[] = [...view.issues];
  const at: Record<string, SourcePos> = { file: top };
  const values: Record<string, unknown> = {};
  for (const e of view.entries(root)) {
    if (e.key === undefined || !(KEYS as readonly string[]).includes(e.key)) {
      const key = e.key ?? '?';
      issues.push({ pos: view.pos(e.keyNode, root), message: `unknown key \`${key}\`${didYouMean(key, KEYS)} (a manifest has ${KEYS.map((k) => `\`${k}\``).join(', ')})` });
      continue;
    }
    at[e.key] = view.pos(e.value ?? e.keyNode, root);
    values[e.key] = view.value(e.value);
  }
  for (const k of KEYS) if (!(k in values)) issues.push({ pos: top, message: `missing \`${k}\`` });
  const { id, name, version, scenarios } = values;
  if ('id' in values && (typeof id !== 'string' || !/^[a-z0-9][a-z0-9._-]*$/.test(id))) issues.push({ pos: at.id as SourcePos, message: 'expected a set id such as `set-2` (lowercase letters, digits, `.`, `_`, `-`)' });
  if ('name' in values && (typeof name !== 'string' || name.trim() === '')) issues.push({ pos: at.name as SourcePos, message: 'expected the set’s name, a non-empty string' });
  if ('version' in values && !((typeof version === 'number' && Number.isSafeInteger(version) && version >= 1) || (typeof version === 'string' && version.trim() !== ''))) {
    issues.push({ pos: at.version as SourcePos, message: 'expected a version: a positive integer or a version string' });
  }
  if ('scenarios' in values && !(typeof scenarios === 'number' && Number.isSafeInteger(scenarios) && scenarios >= 0)) issues.push({ pos: at.scenarios as SourcePos, message: 'expected the number of scenarios, a non-negative integer' });
  if (issues.length > 0) return { issues };
  return { manifest: { file, id: id as string, name: name as string, version: version as number | string, scenarios: scenarios as number, at: at as Manifest['at'] }, issues };
}

/**
 * Check a manifest against the scenarios loaded from its folder (and below): the count must match
 * and every scenario must belong to the manifest's set.
 */
export function checkManifest(m: Manifest, scenarios: readonly Scenario[]): InputIssue[] {
  const dir = path.dirname(m.file);
  const under = scenarios.filter((s) => isUnder(s.loc.file, dir));
  const issues: InputIssue[] = [];
  for (const s of under) {
    if (s.set !== m.id) issues.push({ pos: s.loc, message: `scenario \`${s.id}\` is in the folder of set \`${m.id}\` (${m.file}) but its id names set \`${s.set}\`` });
  }
  if (under.length !== m.scenarios) {
    issues.push({ pos: m.at.scenarios, message: `the manifest says ${m.scenarios} scenario${m.scenarios === 1 ? '' : 's'}; ${dir} holds ${under.length}` });
  }
  return issues;
}

function isUnder(file: string, dir: string): boolean {
  const rel = path.relative(path.resolve(dir), path.resolve(file));
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
}
