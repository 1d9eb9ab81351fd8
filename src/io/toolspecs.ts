/**
 * Reading tool specs from a file: a JSON or YAML array of MCP tool specs, an MCP `tools/list`
 * result (`{tools: [...]}`), or a catalog (`{tools: {name: spec}}`).
 */
import { readFile, stat } from 'node:fs/promises';
import { isMap, isSeq } from 'yaml';
import type { Node } from 'yaml';
import type { ToolSpec } from '../core/types.js';
import { InputError } from './errors.js';
import type { InputIssue, SourcePos } from './errors.js';
import { DEFAULT_MAX_EXPANDED_NODES } from './dsl.js';
import { parseYaml } from './dsl-yaml.js';

/** Files larger than this are refused before parsing. */
export const MAX_SPEC_FILE_BYTES = 16 * 1024 * 1024;

/** A tool spec with where it was written. */
export interface LocatedToolSpec {
  readonly spec: ToolSpec;
  readonly pos: SourcePos;
}

/**
 * Parse tool specs from text, with the same hardened YAML reading as scenario files (bounded
 * depth, size and alias expansion; duplicate keys found in linear time).
 * @returns the specs with positions, or every issue found
 */
export function parseToolSpecs(text: string, file: string): { ok: true; tools: LocatedToolSpec[] } | { ok: false; issues: InputIssue[] } {
  const parsed = parseYaml(text, file, DEFAULT_MAX_EXPANDED_NODES);
  const view = parsed.view;
  if (view === undefined || parsed.issues.length > 0) return { ok: false, issues: parsed.issues.length > 0 ? parsed.issues : [{ pos: { file }, message: 'cannot read the file' }] };
  const issues: InputIssue[] = [];
  const tools: LocatedToolSpec[] = [];
  const seen = new Map<string, SourcePos>();
  const addSpec = (raw: Node | null, nameFromKey?: string): void => {
    const node = view.deref(raw);
    if (!isMap(node)) {
      issues.push({ pos: view.pos(node, raw), message: 'expected a tool spec (a map with `name`, `description`, `inputSchema`, `annotations`)' });
      return;
    }
    const value = view.value(node) as Record<string, unknown>;
    const name = nameFromKey ?? value.name;
    if (typeof name !== 'string' || name === '') {
      issues.push({ pos: view.pos(node), message: 'a tool spec needs a non-empty string `name`' });
      return;
    }
    if (value.description !== undefined && typeof value.description !== 'string') {
      const d = view.entries(node).find((e) => e.key === 'description');
      issues.push({ pos: view.pos(d?.value, node), message: `expected \`description\` of \`${name}\` to be a string` });
      return;
    }
    // A guard knows a tool by its name: a second spec of one name would be answered for the first.
    const pos = view.pos(node);
    const first = seen.get(name);
    if (first !== undefined) {
      issues.push({ pos, message: `duplicate tool name \`${name}\` (first at ${first.file}:${first.line}:${first.col}): each tool needs a name of its own` });
      return;
    }
    seen.set(name, pos);
    tools.push({ spec: { ...value, name } as ToolSpec, pos });
  };
  const root = view.deref(view.root);
  const shapes = 'expected a list of tool specs, `{tools: [...]}` (MCP tools/list) or `{tools: {name: spec}}` (catalog)';
  if (isSeq(root)) {
    for (const item of root.items) addSpec(item as Node);
  } else if (isMap(root)) {
    const entry = view.entries(root).find((e) => e.key === 'tools');
    const t = entry?.value ?? null;
    if (entry === undefined) issues.push({ pos: view.pos(root), message: shapes });
    else if (isSeq(t)) for (const item of t.items) addSpec(item as Node);
    else if (isMap(t)) for (const e of view.entries(t)) addSpec(e.value, e.key);
    else issues.push({ pos: view.pos(t, root), message: '`tools` must be a list of specs or a map of name to spec' });
  } else {
    issues.push({ pos: view.pos(root), message: shapes });
  }
  issues.push(...view.issues);
  return issues.length > 0 ? { ok: false, issues } : { ok: true, tools };
}

/**
 * Read tool specs from a file.
 * @throws InputError when the file is missing, too large, or malformed
 */
export async function loadToolSpecs(file: string): Promise<LocatedToolSpec[]> {
  let size: number;
  try {
    size = (await stat(file)).size;
  } catch {
    throw new InputError('TOOLSPEC_NOT_FOUND', [{ pos: { file }, message: 'no such file' }]);
  }
  if (size > MAX_SPEC_FILE_BYTES) throw new InputError('TOOLSPEC_TOO_LARGE', [{ pos: { file }, message: `file is ${size} bytes; the limit is ${MAX_SPEC_FILE_BYTES}` }]);
  const buf = await readFile(file);
  if (buf.includes(0)) throw new InputError('TOOLSPEC_BINARY', [{ pos: { file }, message: 'not a text file (it contains NUL bytes)' }]);
  const r = parseToolSpecs(buf.toString('utf8'), file);
  if (!r.ok) throw new InputError('TOOLSPEC_INVALID', r.issues);
  return r.tools;
}
