/**
 * Reading tool specs from a file: a JSON or YAML array of MCP tool specs, an MCP `tools/list`
 * result (`{tools: [...]}`), or a catalog (`{tools: {name: spec}}`).
 */
import { readFile, stat } from 'node:fs/promises';
import { LineCounter, isMap, isScalar, isSeq, parseDocument } from 'yaml';
import type { Document, Node, Pair } from 'yaml';
import type { ToolSpec } from '../core/types.js';
import { InputError } from './errors.js';
import type { InputIssue, SourcePos } from './errors.js';

/** Files larger than this are refused before parsing. */
export const MAX_SPEC_FILE_BYTES = 16 * 1024 * 1024;

/** A tool spec with where it was written. */
export interface LocatedToolSpec {
  readonly spec: ToolSpec;
  readonly pos: SourcePos;
}

function posOf(file: string, lc: LineCounter, node: Node | null | undefined): SourcePos {
  const offset = node?.range?.[0] ?? 0;
  const { line, col } = lc.linePos(offset);
  return { file, line, col };
}

/**
 * Parse tool specs from text.
 * @returns the specs with positions, or every issue found
 */
export function parseToolSpecs(text: string, file: string): { ok: true; tools: LocatedToolSpec[] } | { ok: false; issues: InputIssue[] } {
  const lc = new LineCounter();
  let doc: Document.Parsed;
  try {
    doc = parseDocument(text, { lineCounter: lc, uniqueKeys: true, prettyErrors: false, strict: true });
  } catch (e) {
    return { ok: false, issues: [{ pos: { file }, message: `cannot parse: ${(e as Error).message}` }] };
  }
  const issues: InputIssue[] = doc.errors.map((err) => {
    const { line, col } = lc.linePos(err.pos[0]);
    return { pos: { file, line, col }, message: err.message.split('\n')[0] ?? err.code };
  });
  if (issues.length > 0) return { ok: false, issues };
  const root = doc.contents;
  const tools: LocatedToolSpec[] = [];
  const toJS = (node: Node): unknown => {
    try {
      return (node as Node & { toJS(doc: Document, opts?: object): unknown }).toJS(doc, { maxAliasCount: 1000 });
    } catch (e) {
      issues.push({ pos: posOf(file, lc, node), message: `cannot expand: ${(e as Error).message}` });
      return undefined;
    }
  };
  const addSpec = (node: Node | null, nameFromKey?: string): void => {
    if (!isMap(node)) {
      issues.push({ pos: posOf(file, lc, node), message: 'expected a tool spec (a map with `name`, `description`, `inputSchema`, `annotations`)' });
      return;
    }
    const value = toJS(node) as Record<string, unknown> | undefined;
    if (value === undefined) return;
    const name = nameFromKey ?? value.name;
    if (typeof name !== 'string' || name === '') {
      issues.push({ pos: posOf(file, lc, node), message: 'a tool spec needs a non-empty string `name`' });
      return;
    }
    if (value.description !== undefined && typeof value.description !== 'string') {
      const d = node.items.find((p: Pair) => isScalar(p.key) && p.key.value === 'description');
      issues.push({ pos: posOf(file, lc, (d?.value as Node) ?? node), message: `expected \`description\` of \`${name}\` to be a string` });
      return;
    }
    tools.push({ spec: { ...value, name } as ToolSpec, pos: posOf(file, lc, node) });
  };
  if (isSeq(root)) {
    for (const item of root.items) addSpec(item as Node);
  } else if (isMap(root)) {
    const toolsPair = root.items.find((p) => isScalar(p.key) && p.key.value === 'tools');
    const t = toolsPair?.value as Node | null | undefined;
    if (!toolsPair) {
      issues.push({ pos: posOf(file, lc, root), message: 'expected a list of tool specs, `{tools: [...]}` (MCP tools/list) or `{tools: {name: spec}}` (catalog)' });
    } else if (isSeq(t)) {
      for (const item of t.items) addSpec(item as Node);
    } else if (isMap(t)) {
      for (const p of t.items) addSpec(p.value as Node, isScalar(p.key) ? String(p.key.value) : undefined);
    } else {
      issues.push({ pos: posOf(file, lc, t ?? root), message: '`tools` must be a list of specs or a map of name to spec' });
    }
  } else {
    issues.push({ pos: posOf(file, lc, root), message: 'expected a list of tool specs, `{tools: [...]}` (MCP tools/list) or `{tools: {name: spec}}` (catalog)' });
  }
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
