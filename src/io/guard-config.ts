/**
 * `--guard-config <file>`: a guard configuration (mode, unknownTool, overrides, policy) applied as
 * the base of every scenario. YAML or JSON; every problem reported with its file:line:col.
 */
import { readFile } from 'node:fs/promises';
import { isMap, isSeq } from 'yaml';
import type { Node } from 'yaml';
import { parseGuardConfig } from '../core/config.js';
import type { BaseGuardSettings } from '../harness/runner.js';
import { didYouMean } from '../core/suggest.js';
import { DEFAULT_MAX_EXPANDED_NODES } from './dsl.js';
import { parseYaml } from './dsl-yaml.js';
import { InputError } from './errors.js';
import type { InputIssue } from './errors.js';

const ALLOWED = new Set(['mode', 'unknownTool', 'overrides', 'policy']);
/** A guard configuration is a few lines; anything this large is not one. */
const MAX_GUARD_CONFIG_CHARS = 1_000_000;

/** Turn `overrides.gmail_send[0]` into the key path `['overrides', 'gmail_send', 0]`. */
function keyPath(path: string): (string | number)[] {
  const out: (string | number)[] = [];
  for (const part of path.split('.')) {
    const m = /^([^[]*)((?:\[\d+\])*)$/.exec(part);
    if (!m) {
      out.push(part);
      continue;
    }
    if (m[1]) out.push(m[1]);
    for (const idx of (m[2] ?? '').matchAll(/\[(\d+)\]/g)) out.push(Number(idx[1]));
  }
  return out;
}

/**
 * Read and validate a guard configuration file.
 * @throws InputError with every issue, each at its file:line:col
 */
export async function loadGuardConfig(file: string): Promise<BaseGuardSettings> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw new InputError('GUARD_CONFIG_NOT_FOUND', [{ pos: { file }, message: 'no such file' }]);
  }
  if (text.length > MAX_GUARD_CONFIG_CHARS) throw new InputError('GUARD_CONFIG_TOO_LARGE', [{ pos: { file }, message: `file is larger than ${MAX_GUARD_CONFIG_CHARS} characters` }]);
  // The same hardened reader as scenario files: bounded depth, size and alias expansion.
  const parsed = parseYaml(text, file, DEFAULT_MAX_EXPANDED_NODES);
  const view = parsed.view;
  if (view === undefined || parsed.issues.length > 0) throw new InputError('GUARD_CONFIG_INVALID', parsed.issues.length > 0 ? parsed.issues : [{ pos: { file }, message: 'cannot read the file' }]);
  /** The node at a key path (map keys and sequence indices), for positions. */
  const nodeAt = (path: readonly (string | number)[]): Node | null => {
    let n: Node | null = view.deref(view.root);
    for (const k of path) {
      if (typeof k === 'number' && isSeq(n)) n = view.deref(n.items[k] as Node | undefined);
      else if (typeof k === 'string' && isMap(n)) n = view.entries(n).find((e) => e.key === k)?.value ?? null;
      else return n;
      if (n === null) return null;
    }
    return n;
  };
  const at = (node: Node | null | undefined): InputIssue['pos'] => view.pos(node, view.root);
  const raw: unknown = view.value(view.root);
  const issues: InputIssue[] = [...view.issues];
  const root = view.deref(view.root);
  if (isMap(root)) {
    for (const e of view.entries(root)) {
      if (e.key !== undefined && !ALLOWED.has(e.key)) issues.push({ pos: at(e.keyNode), message: `unknown key \`${e.key}\`${didYouMean(e.key, [...ALLOWED])}: a guard configuration sets mode, unknownTool, overrides or policy` });
    }
  }
  // Keys reported above are left out, so that each problem is reported once.
  const r = parseGuardConfig(raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? Object.fromEntries(Object.entries(raw).filter(([k]) => ALLOWED.has(k))) : (raw ?? {}));
  if (!r.ok) {
    for (const i of r.issues) issues.push({ pos: at(nodeAt(keyPath(i.path))), message: i.path ? `${i.path}: ${i.message}` : i.message });
  }
  if (issues.length > 0) throw new InputError('GUARD_CONFIG_INVALID', issues);
  if (!r.ok) throw new InputError('GUARD_CONFIG_INVALID', issues);
  const c = r.config;
  const overrides: Record<string, string[]> = {};
  const rawOverrides = (raw as { overrides?: Record<string, string[]> } | null)?.overrides ?? {};
  for (const k of Object.keys(rawOverrides)) overrides[k] = rawOverrides[k] ?? [];
  const o = raw as Record<string, unknown> | null;
  return {
    ...(o?.mode !== undefined ? { mode: c.mode } : {}),
    ...(o?.unknownTool !== undefined ? { unknownTool: c.unknownTool } : {}),
    ...(o?.overrides !== undefined ? { overrides: overrides as BaseGuardSettings['overrides'] & object } : {}),
    ...(c.policy ? { policy: c.policy } : {}),
  };
}
