/**
 * `--guard-config <file>`: a guard configuration (mode, unknownTool, overrides, policy) applied as
 * the base of every scenario. YAML or JSON; every problem reported with its file:line:col.
 */
import { readFile } from 'node:fs/promises';
import { LineCounter, parseDocument } from 'yaml';
import type { Node } from 'yaml';
import { parseGuardConfig } from '../core/config.js';
import type { BaseGuardSettings } from '../harness/runner.js';
import { InputError } from './errors.js';
import type { InputIssue } from './errors.js';

const ALLOWED = new Set(['mode', 'unknownTool', 'overrides', 'policy']);

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
  const lc = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lc, uniqueKeys: true, prettyErrors: false });
  const at = (node: Node | null | undefined): InputIssue['pos'] => {
    const { line, col } = lc.linePos(node?.range?.[0] ?? 0);
    return { file, line, col };
  };
  if (doc.errors.length > 0) {
    throw new InputError(
      'GUARD_CONFIG_INVALID',
      doc.errors.map((e) => ({ pos: { file, ...lc.linePos(e.pos[0]) }, message: e.message.split('\n')[0] ?? e.code })),
    );
  }
  const raw: unknown = doc.toJS({ maxAliasCount: 100 });
  const issues: InputIssue[] = [];
  if (raw !== null && typeof raw === 'object' && !Array.isArray(raw)) {
    for (const k of Object.keys(raw)) {
      if (!ALLOWED.has(k)) issues.push({ pos: at(doc.getIn([k], true) as Node | undefined), message: `\`${k}\` is not a scenario-level guard setting (expected mode, unknownTool, overrides or policy)` });
    }
  }
  const r = parseGuardConfig(raw ?? {});
  if (!r.ok) {
    for (const i of r.issues) issues.push({ pos: at((doc.getIn(keyPath(i.path), true) as Node | undefined) ?? (doc.contents as Node | null)), message: i.path ? `${i.path}: ${i.message}` : i.message });
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
