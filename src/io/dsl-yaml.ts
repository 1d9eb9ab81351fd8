/**
 * Hardened YAML reading for the scenario DSL: one document, parsed with positions, checked for
 * depth and alias expansion before anything walks it, then read through a small view that
 * resolves aliases and `<<` merge keys itself.
 *
 * Why not `parseDocument` + `doc.toJS()`:
 * - yaml's composer recurses once per nesting level; a few hundred thousand `[` overflow the stack,
 *   and a second stack overflow inside yaml in the same process has been seen to abort Node with a
 *   fatal "RegExpCompiler Allocation failed". So the nesting depth is measured on the lexer's
 *   tokens and the CST (both iterative) and the composer only runs on documents that are shallow
 *   enough.
 * - yaml's `Alias.resolve` scans every anchor and alias before the alias it resolves, so `toJS` is
 *   quadratic in the number of aliases (a 2 MB file of aliases takes minutes). This module resolves
 *   aliases with a map, in the same order yaml does (the last anchor of that name before the alias),
 *   and converts nodes to plain values itself, memoised per node, so a value reached through many
 *   aliases is converted once and shared (as yaml's `toJS` shares it).
 * - The expanded size (nodes after alias expansion) is computed with memoised alias sizes and
 *   rejected above the limit before any value is built: billion-laughs files fail fast, while a
 *   file that aliases one anchor hundreds of times is fine (yaml's default `maxAliasCount: 100`
 *   would reject it).
 */
import { Composer, Lexer, LineCounter, Parser, isAlias, isMap, isPair, isScalar, isSeq } from 'yaml';
import type { Alias, CST, Document, Node, ParsedNode, YAMLMap } from 'yaml';
import type { InputIssue, SourcePos } from './errors.js';

/**
 * Deepest nesting accepted (collections inside collections, counted through aliases).
 * Far above any real scenario, far below where yaml's recursive composer runs out of stack.
 */
export const MAX_NESTING_DEPTH = 200;

/**
 * Most lexical tokens read from one document (about 2 per node): bounds the parser's memory
 * (~400 MB) and time (a few seconds). Some 6 MB of ordinary YAML; real scenario files are far smaller.
 */
export const MAX_TOKENS = 1_500_000;

/** YAML syntax errors shown per file; the rest are counted. */
const MAX_YAML_ERRORS = 10;
/** Duplicate or value-less keys shown per file; the rest are counted. */
export const MAX_KEY_ISSUES = 50;

/** One entry of a YAML map as the DSL sees it: aliases and `<<` merges resolved. */
export interface Entry {
  /** The key as a string; undefined for a collection used as a key. */
  readonly key: string | undefined;
  /** False when the key is a scalar that is not a string (`1:`, `true:`, `~:`). */
  readonly keyIsString: boolean;
  readonly keyNode: Node | null;
  /** The value node, aliases resolved (null for an absent value). */
  readonly value: Node | null;
}

/** A parsed, checked document and the means to read it. */
export class YamlView {
  private readonly entryCache = new Map<YAMLMap, readonly Entry[]>();
  private readonly valueCache = new Map<Node, unknown>();
  /** Problems found while reading (a `<<` whose value is not a map). */
  readonly issues: InputIssue[] = [];

  constructor(
    readonly file: string,
    readonly root: Node | null,
    private readonly lc: LineCounter,
    private readonly aliasTargets: ReadonlyMap<Alias, Node>,
  ) {}

  /** The node an alias stands for (a non-alias node is returned as is). */
  deref(node: Node | null | undefined): Node | null {
    if (node === null || node === undefined) return null;
    if (isAlias(node)) return this.aliasTargets.get(node) ?? null;
    return node;
  }

  /** Where a node starts, or where `fallback` starts when the node is absent. */
  pos(node: Node | null | undefined, fallback?: Node | null): SourcePos {
    const n = node ?? fallback;
    const offset = n?.range?.[0] ?? 0;
    const { line, col } = this.lc.linePos(offset);
    return { file: this.file, line, col };
  }

  /**
   * The entries of a map, `<<` merges applied as YAML 1.1 defines them (and yaml does): explicit
   * keys win over merged ones, and among merge sources the earlier wins. Memoised per map.
   */
  entries(map: YAMLMap): readonly Entry[] {
    const cached = this.entryCache.get(map);
    if (cached !== undefined) return cached;
    const byKey = new Map<string, Entry>();
    const unkeyed: Entry[] = [];
    for (const pair of map.items) {
      const keyNode = pair.key as Node | null;
      if (isMergeKey(keyNode)) {
        for (const source of this.mergeSources(pair.value as Node | null, keyNode)) {
          for (const e of this.entries(source)) {
            if (e.key === undefined) unkeyed.push(e);
            else if (!byKey.has(e.key)) byKey.set(e.key, e);
          }
        }
        continue;
      }
      const entry = this.entry(keyNode, pair.value as Node | null);
      if (entry.key === undefined) unkeyed.push(entry);
      // An explicit key replaces a merged one (duplicate explicit keys are a parse error already).
      else byKey.set(entry.key, entry);
    }
    const out = [...byKey.values(), ...unkeyed];
    this.entryCache.set(map, out);
    return out;
  }

  /** The plain value of a node (scalars, arrays, objects), aliases and merges resolved. */
  value(node: Node | null | undefined): unknown {
    const n = this.deref(node);
    if (n === null) return null;
    if (this.valueCache.has(n)) return this.valueCache.get(n);
    let out: unknown;
    if (isScalar(n)) {
      out = plainScalar(n.value);
    } else if (isMap(n)) {
      // Object.fromEntries defines own data properties, so a `__proto__` key stays a plain key.
      out = Object.fromEntries(this.entries(n).map((e) => [e.key ?? JSON.stringify(this.value(e.keyNode)), this.value(e.value)]));
    } else if (isSeq(n)) {
      out = n.items.map((item) => {
        // YAML 1.1 `!!omap` / `!!pairs` keep pairs in a sequence: each becomes a one-key object.
        if (isPair(item)) {
          const e = this.entry(item.key as Node | null, item.value as Node | null);
          return Object.fromEntries([[e.key ?? JSON.stringify(this.value(e.keyNode)), this.value(e.value)]]);
        }
        return this.value(item as Node);
      });
    } else {
      out = null;
    }
    this.valueCache.set(n, out);
    return out;
  }

  private entry(keyNode: Node | null, valueNode: Node | null): Entry {
    const k = this.deref(keyNode);
    const value = this.deref(valueNode);
    if (k === null) return { key: '', keyIsString: false, keyNode, value };
    if (isScalar(k)) {
      const v = k.value;
      return { key: typeof v === 'string' ? v : String(plainScalar(v)), keyIsString: typeof v === 'string', keyNode, value };
    }
    return { key: undefined, keyIsString: false, keyNode, value };
  }

  private mergeSources(valueNode: Node | null, keyNode: Node | null): YAMLMap[] {
    const v = this.deref(valueNode);
    const candidates = isSeq(v) ? v.items.map((i) => this.deref(i as Node)) : [v];
    const out: YAMLMap[] = [];
    for (const c of candidates) {
      if (isMap(c)) out.push(c);
      else this.issues.push({ pos: this.pos(c, valueNode ?? keyNode), message: 'a merge key (`<<`) takes a map or a list of maps' });
    }
    return out;
  }
}

function isMergeKey(node: Node | null): boolean {
  return isScalar(node) && typeof node.value === 'symbol';
}

/** Scalars as JSON-like values: YAML 1.1 timestamps and binaries (only with `%YAML 1.1`) become strings. */
function plainScalar(v: unknown): unknown {
  if (v === null || v === undefined) return null;
  if (typeof v === 'symbol') return v.description ?? '';
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? String(v) : v.toISOString();
  if (v instanceof Uint8Array) return Buffer.from(v).toString('base64');
  if (typeof v === 'object' || typeof v === 'function') return String(v);
  return v;
}

/** Lowercase first letter, no final period, first line only: yaml's messages in this project's style. */
function yamlMessage(message: string): string {
  const first = (message.split('\n')[0] ?? message).trim().replace(/\.$/, '');
  return first.charAt(0).toLowerCase() + first.slice(1);
}

export interface ParsedYaml {
  /** Set when the document can be read; undefined when an issue stopped it. */
  readonly view: YamlView | undefined;
  readonly issues: InputIssue[];
  readonly warnings: InputIssue[];
}

/**
 * Parse one YAML document with every check this module promises.
 * @param maxExpandedNodes the largest number of nodes after alias expansion
 * @returns a view when the document is usable, and every issue found
 */
export function parseYaml(text: string, file: string, maxExpandedNodes: number): ParsedYaml {
  const issues: InputIssue[] = [];
  const warnings: InputIssue[] = [];
  const lc = new LineCounter();
  const at = (offset: number): SourcePos => ({ file, ...lc.linePos(offset) });
  const tooDeep = (offset: number): ParsedYaml => ({
    view: undefined,
    issues: [{ pos: at(offset), message: `the document nests deeper than ${MAX_NESTING_DEPTH} levels` }],
    warnings,
  });

  // 1. Lex and parse to a CST (both iterative), stopping early on runaway flow or compact nesting
  // so that megabytes of `[` or `- - -` cost milliseconds, not minutes, and on a token count that
  // bounds the CST's memory (yaml's CST takes some 250 bytes per token).
  const tokens: CST.Token[] = [];
  let lexemes = 0;
  let documents = 0;
  // Line starts come from the text, not from the parser: yaml's parser reports no newline inside
  // some tokens (a plain scalar run on after a `%` directive line), which put positions past a line's end.
  const parser = new Parser();
  lc.addNewLine(0);
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lc.addNewLine(i + 1);
  let offset = 0;
  let flowDepth = 0;
  let compactDepth = 0;
  let afterScalarMarker = false;
  for (const lexeme of new Lexer().lex(text)) {
    if (++lexemes > MAX_TOKENS) {
      return {
        view: undefined,
        issues: [{ pos: at(offset), message: `the document is too large to read: more than ${MAX_TOKENS} YAML tokens (split it into several files)` }],
        warnings,
      };
    }
    if (afterScalarMarker) {
      afterScalarMarker = false;
    } else if (lexeme === '\x1f') {
      afterScalarMarker = true;
    } else if (lexeme === '[' || lexeme === '{') {
      if (++flowDepth > MAX_NESTING_DEPTH) return tooDeep(offset);
    } else if (lexeme === ']' || lexeme === '}') {
      flowDepth = Math.max(0, flowDepth - 1);
    } else if ((lexeme === '-' || lexeme === '?') && flowDepth === 0) {
      // Block indicators on one line (`- - - x`) each open a collection.
      if (++compactDepth > MAX_NESTING_DEPTH) return tooDeep(offset);
    } else if (lexeme === '\n' || lexeme === '\r\n') {
      compactDepth = 0;
    }
    for (const token of parser.next(lexeme)) {
      tokens.push(token);
      if (token.type === 'document') documents++;
    }
    if (lexeme !== '\x1f' && lexeme !== '\x02' && lexeme !== '\x18') offset += lexeme.length;
    // A second document is an error whatever follows it: no need to read on.
    if (documents >= 2) break;
  }
  for (const token of parser.end()) tokens.push(token);

  // 2. The sound check: the CST's depth bounds the composer's recursion.
  const deep = cstDepthExceeded(tokens);
  if (deep !== undefined) return tooDeep(deep);

  // 3. Compose. yaml's own `uniqueKeys` check is quadratic in a map's size (80 000 keys take over a
  // minute), so duplicate keys are found below, with a set per map; `merge` enables `<<`.
  const composer = new Composer({ merge: true, uniqueKeys: false, strict: true, prettyErrors: false });
  const docs: Document.Parsed[] = [];
  for (const d of composer.compose(tokens, true, text.length)) {
    docs.push(d);
    if (docs.length === 2) break;
  }
  const doc = docs[0];
  if (doc === undefined) return { view: undefined, issues: [{ pos: at(0), message: 'no scenario in file' }], warnings };
  // One syntax error often derails the rest of the file into a cascade: the first few say enough.
  const shown = doc.errors.slice(0, MAX_YAML_ERRORS);
  for (const e of shown) issues.push({ pos: at(e.pos[0]), message: yamlMessage(e.message) });
  const hidden = doc.errors.length - shown.length;
  if (hidden > 0) issues.push({ pos: at(doc.errors[MAX_YAML_ERRORS - 1]?.pos[0] ?? 0), message: `and ${hidden} more YAML ${hidden === 1 ? 'error' : 'errors'} after this one, often caused by it` });
  for (const w of doc.warnings) warnings.push({ pos: at(w.pos[0]), message: yamlMessage(w.message) });
  const second = docs[1];
  if (second !== undefined) {
    issues.push({ pos: at(second.range[0]), message: 'a second YAML document: a file holds one document (list several scenarios under `scenarios:`)' });
  }
  if (issues.length > 0) return { view: undefined, issues, warnings };

  // 4. Resolve aliases and measure the expanded document, iteratively, before building any value.
  const root = doc.contents as ParsedNode | null;
  const duplicates: Node[] = [];
  const lone: Node[] = [];
  // Most documents hold no alias: one light pass measures them. One with an alias, or one the
  // light pass finds too large or too deep, is measured in full (which also finds the node to name).
  let measured = measureWithoutAliases(root, maxExpandedNodes, duplicates, lone);
  if (measured === undefined) {
    duplicates.length = 0;
    lone.length = 0;
    measured = measure(root, maxExpandedNodes, duplicates, lone);
  }
  // Shown up to MAX_KEY_ISSUES in all, the rest counted: a generated file with 80 000 repeated keys
  // gets a screenful, not 80 000 lines.
  const keyIssues: InputIssue[] = [];
  for (const key of duplicates) {
    if (keyIssues.length < MAX_KEY_ISSUES) keyIssues.push({ pos: at(key.range?.[0] ?? 0), message: `duplicate key \`${clipKey(isScalar(key) ? String(key.value) : '')}\`` });
  }
  for (const key of lone) {
    const text = clipKey(isScalar(key) ? String(key.value) : '');
    duplicates.push(key);
    if (keyIssues.length < MAX_KEY_ISSUES) keyIssues.push({ pos: at(key.range?.[0] ?? 0), message: `\`${text}\` has no value: inside \`{…}\` a comma ends the value before it, so quote a value that holds a comma (\`description: "…, ${text}"\`)` });
  }
  issues.push(...keyIssues);
  if (duplicates.length > keyIssues.length) {
    const more = duplicates.length - keyIssues.length;
    issues.push({ pos: at(duplicates[MAX_KEY_ISSUES]?.range?.[0] ?? 0), message: `and ${more} more ${more === 1 ? 'key' : 'keys'} like these, not shown` });
  }
  if (duplicates.length > 0 && measured.kind === 'ok') return { view: undefined, issues, warnings };
  if (measured.kind !== 'ok') {
    let message: string;
    let node: Node | undefined;
    switch (measured.kind) {
      case 'too-large':
        message = `the document expands to more than ${maxExpandedNodes} nodes through its aliases (limit \`maxExpandedNodes\`)`;
        node = measured.node;
        break;
      case 'too-deep':
        message = `the document nests deeper than ${MAX_NESTING_DEPTH} levels through its aliases`;
        node = measured.node;
        break;
      case 'recursive':
        message = `alias \`*${measured.alias.source}\` refers to a node that contains it`;
        node = measured.alias;
        break;
      case 'unresolved':
        message = `unknown anchor \`&${measured.alias.source}\` (an anchor must be defined before its aliases)`;
        node = measured.alias;
        break;
    }
    issues.push({ pos: at(node?.range?.[0] ?? 0), message });
    return { view: undefined, issues, warnings };
  }
  return { view: new YamlView(file, root, lc, measured.aliasTargets), issues, warnings };
}

/** The offset of a CST token nested deeper than the limit, or undefined. Iterative. */
function cstDepthExceeded(tokens: readonly CST.Token[]): number | undefined {
  const stack: { token: CST.Token; depth: number }[] = [];
  for (const t of tokens) {
    if (t.type === 'document' && t.value !== undefined) stack.push({ token: t.value, depth: 1 });
  }
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    const { token, depth } = top;
    if (token.type === 'block-map' || token.type === 'block-seq' || token.type === 'flow-collection') {
      if (depth > MAX_NESTING_DEPTH) return token.offset;
      for (const item of token.items as CST.CollectionItem[]) {
        if (item.key) stack.push({ token: item.key, depth: depth + 1 });
        if (item.value) stack.push({ token: item.value, depth: depth + 1 });
      }
    }
  }
  return undefined;
}

/** @internal */
export type Measure =
  | { readonly kind: 'ok'; readonly aliasTargets: ReadonlyMap<Alias, Node> }
  | { readonly kind: 'too-large' | 'too-deep'; readonly node: Node | undefined }
  | { readonly kind: 'recursive' | 'unresolved'; readonly alias: Alias };

/**
 * {@link measure} of a document without aliases, in one iterative pre-order pass that visits the
 * nodes in the same order (so duplicate keys are found in the same order) and keeps no table per
 * node: the expanded document is the document itself.
 * @returns undefined when the document holds an alias, or more nodes than `maxNodes`, or nests
 *   deeper than {@link MAX_NESTING_DEPTH}: {@link measure} then measures it and names the node
 * @internal exported for its tests
 */
export function measureWithoutAliases(root: Node | null, maxNodes: number, duplicates: Node[], lone: Node[]): Measure | undefined {
  const ok: Measure = { kind: 'ok', aliasTargets: new Map() };
  if (root === null) return ok;
  const nodes: Node[] = [root];
  // Collections open above each node on the stack, the node's own included when it is one.
  const depths: number[] = [0];
  let count = 0;
  for (let node = nodes.pop(), depth = depths.pop() as number; node !== undefined; node = nodes.pop(), depth = depths.pop() as number) {
    if (isAlias(node) || ++count > maxNodes) return undefined;
    let items: unknown[];
    if (isMap(node)) {
      if (depth + 1 > MAX_NESTING_DEPTH) return undefined;
      findDuplicateKeys(node, duplicates, lone);
      items = node.items;
    } else if (isSeq(node)) {
      if (depth + 1 > MAX_NESTING_DEPTH) return undefined;
      items = node.items;
    } else continue;
    // Pushed in reverse, so that they come off the stack in document order.
    for (let i = items.length - 1; i >= 0; i--) {
      const item = items[i];
      if (isPair(item)) {
        if (item.value !== null && typeof item.value === 'object') {
          nodes.push(item.value as Node);
          depths.push(depth + 1);
        }
        if (item.key !== null && typeof item.key === 'object') {
          nodes.push(item.key as Node);
          depths.push(depth + 1);
        }
      } else if (item !== null && typeof item === 'object') {
        nodes.push(item as Node);
        depths.push(depth + 1);
      }
    }
  }
  return ok;
}

/**
 * One iterative post-order walk in document order. Anchors are bound on entry (pre-order), as yaml
 * resolves an alias to the last anchor of its name before it; an anchor's subtree is finished before
 * any alias after it is visited, unless the alias sits inside it (a recursive alias).
 * Sizes and depths are memoised per node and capped, so the numbers stay small.
 * @internal exported for its tests
 */
export function measure(root: Node | null, maxNodes: number, duplicates: Node[], lone: Node[]): Measure {
  const aliasTargets = new Map<Alias, Node>();
  if (root === null) return { kind: 'ok', aliasTargets };
  const anchors = new Map<string, Node>();
  const size = new Map<Node, number>();
  const depth = new Map<Node, number>();
  const cap = maxNodes + 1;
  type Frame = { node: Node; children: Node[] | undefined };
  const stack: Frame[] = [{ node: root, children: undefined }];
  while (stack.length > 0) {
    const frame = stack[stack.length - 1] as Frame;
    const { node } = frame;
    if (frame.children === undefined) {
      // Entering the node.
      if (isAlias(node)) {
        stack.pop();
        const target = anchors.get(node.source);
        if (target === undefined) return { kind: 'unresolved', alias: node };
        const s = size.get(target);
        const d = depth.get(target);
        if (s === undefined || d === undefined) return { kind: 'recursive', alias: node };
        aliasTargets.set(node, target);
        size.set(node, s);
        depth.set(node, d);
        continue;
      }
      if (node.anchor) anchors.set(node.anchor, node);
      const children: Node[] = [];
      if (isMap(node)) findDuplicateKeys(node, duplicates, lone);
      if (isMap(node) || isSeq(node)) {
        for (const item of node.items as unknown[]) {
          if (isPair(item)) {
            if (item.key !== null && typeof item.key === 'object') children.push(item.key as Node);
            if (item.value !== null && typeof item.value === 'object') children.push(item.value as Node);
          } else if (item !== null && typeof item === 'object') {
            children.push(item as Node);
          }
        }
      }
      frame.children = children;
      // Push in reverse so that children are visited in document order.
      for (let i = children.length - 1; i >= 0; i--) stack.push({ node: children[i] as Node, children: undefined });
      continue;
    }
    // Leaving the node: every child is measured.
    stack.pop();
    let s = 1;
    let d = isMap(node) || isSeq(node) ? 1 : 0;
    for (const c of frame.children) {
      s = Math.min(cap, s + (size.get(c) ?? 0));
      d = Math.max(d, (depth.get(c) ?? 0) + 1);
    }
    if (s > maxNodes) return { kind: 'too-large', node: firstAlias(frame.children) ?? node };
    if (d > MAX_NESTING_DEPTH) return { kind: 'too-deep', node: firstAlias(frame.children) ?? node };
    size.set(node, s);
    depth.set(node, d);
  }
  return { kind: 'ok', aliasTargets };
}

/**
 * Scalar keys written twice in one map, as yaml's `uniqueKeys` defines them (equal scalar values;
 * `<<` merge keys may repeat), in linear time. Text of several words left as a key without a value
 * in a `{…}` map goes to `lone`.
 */
function findDuplicateKeys(map: YAMLMap, duplicates: Node[], lone: Node[]): void {
  const seen = new Set<unknown>();
  for (const pair of map.items) {
    const k = pair.key as Node | null;
    // `{description: Recipient, or several}`: the comma ended the value, and `or several` became a
    // key with no value. Text is never a key without `:` in this format: report it where it stands.
    if (map.flow === true && pair.value === null && isScalar(k) && k.type === 'PLAIN' && typeof k.value === 'string' && /\s/.test(k.value.trim())) {
      lone.push(k);
      continue;
    }
    if (!isScalar(k) || typeof k.value === 'symbol') continue;
    if (seen.has(k.value)) duplicates.push(k);
    else seen.add(k.value);
  }
}

function clipKey(s: string): string {
  return s.length > 40 ? `${s.slice(0, 40)}…` : s;
}

function firstAlias(nodes: readonly Node[]): Node | undefined {
  return nodes.find((n) => isAlias(n));
}
