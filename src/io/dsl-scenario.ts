/**
 * Reading scenarios (and catalogs) from a checked YAML document into the model of
 * `src/harness/model.ts`. Every problem becomes an issue at the node's position; reading goes on
 * after a problem, so a file's issues are all reported at once. The rules are listed in `dsl.ts`.
 */
import { isMap, isScalar, isSeq } from 'yaml';
import type { Node, YAMLMap } from 'yaml';
import { CAPABILITIES, CAPABILITY_ALIASES, MODES, VERDICTS, isCapability } from '../core/capabilities.js';
import type { Capability, Mode, Verdict } from '../core/capabilities.js';
import { parseGrantPolicy } from '../core/gate.js';
import { DEFAULT_LIMITS } from '../core/ledger.js';
import type { LedgerLimits } from '../core/ledger.js';
import { didYouMean, suggest } from '../core/suggest.js';
import type { PolicyVerdict, ToolAnnotations, ToolOrigin, ToolSpec } from '../core/types.js';
import { clipText, describeValue } from '../core/values.js';
import type { BatchStep, CallStep, CapabilityBounds, CodeStep, ExpectSpec, Expectation, GuardSettings, Loc, RepeatStep, Scenario, SessionStep, Step } from '../harness/model.js';
import type { Entry, YamlView } from './dsl-yaml.js';
import type { InputIssue, SourcePos } from './errors.js';

// ---------------------------------------------------------------------------------------------
// Vocabulary
// ---------------------------------------------------------------------------------------------

export const FILE_KEYS = ['version', 'scenarios'] as const;
export const SCENARIO_KEYS = ['version', 'id', 'title', 'description', 'tags', 'pair', 'twin', 'guard', 'catalog', 'tools', 'steps'] as const;
export const GUARD_KEYS = ['mode', 'unknownTool', 'overrides', 'policy', 'limits'] as const;
/** The guard's limits a scenario may set under `guard.limits`. */
type LimitName = keyof LedgerLimits;
const LIMIT_NAMES = Object.keys(DEFAULT_LIMITS) as LimitName[];
export const TOOL_KEYS = ['name', 'title', 'description', 'inputSchema', 'outputSchema', 'annotations', 'origin'] as const;
export const ANNOTATION_KEYS = ['title', 'readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const;
export const STEP_FORMS = ['call', 'batch', 'code', 'repeat', 'session'] as const;
export const CALL_KEYS = ['id', 'call', 'unknown', 'args', 'result', 'error', 'from', 'expect', 'on_ask', 'policy_verdict', 'known'] as const;
export const CODE_KEYS = [...CALL_KEYS, 'calls'] as const;
export const REPEAT_KEYS = ['times', 'steps'] as const;
export const EXPECT_KEYS = ['verdict', 'rule', 'capabilities', 'reason_contains'] as const;
/** Keys of `capabilities:` written as bounds. */
export const CAPABILITY_BOUND_KEYS = ['must', 'must_not'] as const;
export const POLICY_VERDICT_KEYS = ['verdict', 'transform'] as const;
export const CATALOG_FILE_KEYS = ['tools'] as const;
export const TWINS = ['benign', 'attack'] as const;
export const ON_ASK = ['approve', 'reject'] as const;

/** `repeat.times` bounds. */
export const MAX_REPEAT_TIMES = 100_000;
/** A scenario may unroll (nested `repeat`s multiplied out) to at most this many calls. */
export const MAX_UNROLLED_CALLS = 1_000_000;

/** Issues kept per file; the rest are counted (a hostile file could hold millions). */
export const MAX_ISSUES_PER_FILE = 500;
/** Did-you-mean suggestions are not computed over more candidates than this. */
const MAX_SUGGESTION_CANDIDATES = 5_000;

/** A catalog name is a file name without folder or extension. */
const CATALOG_NAME = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;

/** What a catalog lookup gives back (see `parseScenarioText`). */
export type CatalogLookup =
  | {
      ok: true;
      tools: Record<string, ToolSpec>;
      /** What identifies the catalog file read (its parse-cache key), when a parse cache is in use. */
      source?: string;
    }
  | { ok: false; message: string };

/** Ids seen so far (across files when loading many): where each was first defined. */
export type SeenIds = Map<string, SourcePos>;

// ---------------------------------------------------------------------------------------------
// Small helpers
// ---------------------------------------------------------------------------------------------

/** `a`, `b` or `c`. */
function list(names: readonly string[], last = 'or'): string {
  const q = names.map((n) => `\`${n}\``);
  return q.length <= 1 ? (q[0] ?? '') : `${q.slice(0, -1).join(', ')} ${last} ${q[q.length - 1] ?? ''}`;
}


function stringOf(node: Node | null): string | undefined {
  return isScalar(node) && typeof node.value === 'string' ? node.value : undefined;
}

function isNullish(node: Node | null): boolean {
  return node === null || (isScalar(node) && (node.value === null || node.value === undefined));
}

/** What a value is, for "expected X, got Y" messages. */
function describeNode(node: Node | null): string {
  if (isNullish(node)) return 'nothing';
  if (isMap(node)) return 'a map';
  if (isSeq(node)) return 'a list';
  return isScalar(node) ? describeValue(node.value) : 'a value of another kind';
}

/** The fields of one YAML map that the reader knows, after reporting the others. */
interface Fields {
  readonly get: (key: string) => Entry | undefined;
  readonly has: (key: string) => boolean;
  /** Keys that an unknown key's did-you-mean pointed at (a "missing" error for them would be noise). */
  readonly suggested: ReadonlySet<string>;
  /** How many unknown keys were reported. */
  readonly unknown: number;
}

interface StepCtx {
  /** Tool names a `call` may use; undefined when a catalog failed (the check would only add noise). */
  readonly tools: ReadonlySet<string> | undefined;
  readonly ids: Map<string, { pos: SourcePos; seq: number; batch: number | undefined }>;
  readonly froms: { name: string; node: Node; seq: number; batch: number | undefined }[];
  readonly byMode: { node: Node; modes: Mode[] }[];
  seq: number;
  batches: number;
}

// ---------------------------------------------------------------------------------------------
// The reader
// ---------------------------------------------------------------------------------------------

/** Reads one checked document; collects issues and warnings as it goes. */
export class ScenarioReader {
  readonly issues: InputIssue[] = [];
  readonly warnings: InputIssue[] = [];

  constructor(
    private readonly view: YamlView,
    private readonly readCatalog: (name: string) => CatalogLookup,
    private readonly seenIds: SeenIds,
  ) {}

  /** Issues past {@link MAX_ISSUES_PER_FILE}, counted but not kept. */
  suppressed = 0;
  /** Every issue found, kept or not: what "did this part fail?" compares. */
  private errors = 0;

  private err(node: Node | null | undefined, message: string, fallback?: Node | null): void {
    this.errors++;
    if (this.issues.length >= MAX_ISSUES_PER_FILE) this.suppressed++;
    else this.issues.push({ pos: this.view.pos(node, fallback), message });
  }

  /**
   * A did-you-mean, skipped when it could cost too much: once the issue cap is reached, or over
   * candidate lists far larger than any real scenario's.
   */
  private dym(input: string, candidates: Iterable<string>): string {
    if (this.issues.length >= MAX_ISSUES_PER_FILE) return '';
    const list = [...candidates];
    return list.length > MAX_SUGGESTION_CANDIDATES ? '' : didYouMean(input, list);
  }

  private loc(node: Node): Loc {
    return this.view.pos(node);
  }

  /** Report unknown and non-string keys of `map`; give access to the known ones. */
  private fields(
    map: YAMLMap,
    allowed: readonly string[],
    opts: { suggestFrom?: readonly string[]; misplaced?: (key: string) => string | undefined } = {},
  ): Fields {
    const known = new Map<string, Entry>();
    const suggested = new Set<string>();
    let unknown = 0;
    for (const e of this.view.entries(map)) {
      if (e.key === undefined) {
        this.err(e.keyNode, 'expected a string key, got a collection', map);
        unknown++;
        continue;
      }
      if (e.keyIsString && allowed.includes(e.key)) {
        known.set(e.key, e);
        continue;
      }
      unknown++;
      const misplaced = e.keyIsString ? opts.misplaced?.(e.key) : undefined;
      if (misplaced !== undefined) {
        this.err(e.keyNode, misplaced, map);
        continue;
      }
      const s = suggest(e.key, opts.suggestFrom ?? allowed);
      if (s !== undefined) {
        suggested.add(s);
        this.err(e.keyNode, `unknown key \`${e.key}\` (did you mean \`${s}\`?)`, map);
      } else {
        this.err(e.keyNode, `unknown key \`${e.key}\`: expected ${list(allowed)}`, map);
      }
    }
    return { get: (k) => known.get(k), has: (k) => known.has(k), suggested, unknown };
  }

  /** Reports `missing \`key\`` unless a misspelt key already pointed at it. */
  private required(f: Fields, key: string, map: Node, extra = ''): Entry | undefined {
    const e = f.get(key);
    if (e === undefined && !f.suggested.has(key)) this.err(map, `missing \`${key}\`${extra}`);
    return e;
  }

  private string(e: Entry | undefined, opts: { nonEmpty?: boolean } = {}): string | undefined {
    if (e === undefined) return undefined;
    const s = stringOf(e.value);
    if (s === undefined || (opts.nonEmpty === true && s.trim() === '')) {
      this.err(e.value, `expected \`${e.key ?? ''}\` to be a${opts.nonEmpty === true ? ' non-empty' : ''} string, got ${describeNode(e.value)}`, e.keyNode);
      return undefined;
    }
    return s;
  }

  private boolean(e: Entry | undefined): boolean | undefined {
    if (e === undefined) return undefined;
    if (isScalar(e.value) && typeof e.value.value === 'boolean') return e.value.value;
    this.err(e.value, `expected \`${e.key ?? ''}\` to be \`true\` or \`false\`, got ${describeNode(e.value)}`, e.keyNode);
    return undefined;
  }

  /** One of a fixed set of names, with a did-you-mean when the value is close to one. */
  private oneOf<T extends string>(node: Node | null, values: readonly T[], noun: string, fallback?: Node | null): T | undefined {
    const s = stringOf(node);
    if (s === undefined) {
      this.err(node, `expected a ${noun} (${list(values)}), got ${describeNode(node)}`, fallback);
      return undefined;
    }
    if ((values as readonly string[]).includes(s)) return s as T;
    const dym = didYouMean(s, values);
    this.err(node, `unknown ${noun} \`${clipText(s)}\`${dym === '' ? `: expected ${list(values)}` : dym}`, fallback);
    return undefined;
  }

  private map(e: Entry, what: string): YAMLMap | undefined {
    if (isMap(e.value)) return e.value;
    this.err(e.value, `expected \`${e.key ?? ''}\` to be ${what}, got ${describeNode(e.value)}`, e.keyNode);
    return undefined;
  }

  private seqItems(e: Entry, what: string): Node[] | undefined {
    if (isSeq(e.value)) return (e.value.items as Node[]).map((i) => this.view.deref(i) ?? i);
    this.err(e.value, `expected \`${e.key ?? ''}\` to be ${what}, got ${describeNode(e.value)}`, e.keyNode);
    return undefined;
  }

  private version(f: Fields): void {
    const e = f.get('version');
    if (e === undefined) return;
    if (isScalar(e.value) && e.value.value === 1) return;
    this.err(e.value, `unsupported \`version\` ${isNullish(e.value) ? '(empty)' : `\`${clipText(String(isScalar(e.value) ? e.value.value : describeNode(e.value)))}\``}: this loader reads version 1`, e.keyNode);
  }

  // -------------------------------------------------------------------------------------------
  // Files
  // -------------------------------------------------------------------------------------------

  /** A scenario file: one scenario, or several under `scenarios:`. */
  readFile(): Scenario[] {
    const root = this.view.deref(this.view.root);
    if (isNullish(root)) {
      this.err(root, 'no scenario in file');
      return [];
    }
    if (!isMap(root)) {
      this.err(root, `expected a scenario (a map with \`id\` and \`steps\`) or \`scenarios:\` with a list of them, got ${describeNode(root)}`);
      return [];
    }
    const hasList = this.view.entries(root).some((e) => e.keyIsString && e.key === 'scenarios');
    if (!hasList) {
      const s = this.readScenario(root, true);
      return s === undefined ? [] : [s];
    }
    const f = this.fields(root, FILE_KEYS, { misplaced: (k) => ((SCENARIO_KEYS as readonly string[]).includes(k) ? `\`${k}\` belongs in a scenario of the \`scenarios\` list` : undefined) });
    this.version(f);
    const e = f.get('scenarios') as Entry;
    const items = this.seqItems(e, 'a list of scenarios');
    if (items === undefined) return [];
    if (items.length === 0) {
      this.err(e.value, 'no scenario in file: `scenarios` is empty', e.keyNode);
      return [];
    }
    const out: Scenario[] = [];
    for (const item of items) {
      if (!isMap(item)) {
        this.err(item, `expected a scenario (a map with \`id\` and \`steps\`), got ${describeNode(item)}`, e.value);
        continue;
      }
      const s = this.readScenario(item, false);
      if (s !== undefined) out.push(s);
    }
    return out;
  }

  /** A catalog file: `tools: {NAME: spec}`. */
  readCatalogFile(): Map<string, ToolSpec> {
    const root = this.view.deref(this.view.root);
    if (!isMap(root)) {
      this.err(root, `expected a catalog: \`tools:\` with a map of tool name to spec, got ${describeNode(root)}`);
      return new Map();
    }
    const f = this.fields(root, CATALOG_FILE_KEYS);
    const e = this.required(f, 'tools', root);
    if (e === undefined) return new Map();
    return this.readTools(e).specs;
  }

  // -------------------------------------------------------------------------------------------
  // Scenarios
  // -------------------------------------------------------------------------------------------

  private readScenario(map: YAMLMap, topLevel: boolean): Scenario | undefined {
    const before = this.errors;
    const f = this.fields(map, SCENARIO_KEYS, topLevel ? { suggestFrom: [...SCENARIO_KEYS, 'scenarios'] } : {});
    this.version(f);

    const idEntry = this.required(f, 'id', map);
    const id = this.string(idEntry, { nonEmpty: true });
    if (id !== undefined && idEntry !== undefined) {
      const here = this.view.pos(idEntry.value, idEntry.keyNode);
      const first = this.seenIds.get(id);
      if (first !== undefined) {
        this.err(idEntry.value, `duplicate scenario id \`${id}\` (first defined at ${first.file}:${first.line}:${first.col})`, idEntry.keyNode);
      } else {
        this.seenIds.set(id, here);
      }
    }
    const title = this.string(f.get('title'));
    const description = this.string(f.get('description'));
    const tags = this.readStrings(f.get('tags'), 'a list of tags');

    const pairEntry = f.get('pair');
    const twinEntry = f.get('twin');
    const pair = this.string(pairEntry, { nonEmpty: true });
    const twin = twinEntry === undefined ? undefined : this.oneOf(twinEntry.value, TWINS, 'twin', twinEntry.keyNode);
    if (pairEntry !== undefined && twinEntry === undefined) this.err(pairEntry.keyNode, '`pair` needs a `twin` (`benign` or `attack`)', map);
    if (twinEntry !== undefined && pairEntry === undefined) this.err(twinEntry.keyNode, '`twin` needs a `pair` (the tension-pair id)', map);

    const guardEntry = f.get('guard');
    const guard = guardEntry === undefined ? {} : this.readGuard(guardEntry);

    // Tools: catalogs in the listed order (a later one wins on a name), then inline tools on top.
    const tools = new Map<string, ToolSpec>();
    const toolNames = new Set<string>();
    let catalogsOk = true;
    const catalogEntry = f.get('catalog');
    if (catalogEntry !== undefined) catalogsOk = this.importCatalogs(catalogEntry, tools);
    for (const name of tools.keys()) toolNames.add(name);
    const toolsEntry = f.get('tools');
    if (toolsEntry !== undefined) {
      const inline = this.readTools(toolsEntry);
      for (const [name, spec] of inline.specs) tools.set(name, spec);
      for (const name of inline.names) toolNames.add(name);
    }

    const sc: StepCtx = { tools: catalogsOk ? toolNames : undefined, ids: new Map(), froms: [], byMode: [], seq: 0, batches: 0 };
    const stepsEntry = this.required(f, 'steps', map);
    let steps: Step[] | undefined;
    if (stepsEntry !== undefined) steps = this.readSteps(stepsEntry, 'steps', sc, 'top', false);
    this.checkFroms(sc);
    const modes = this.checkModes(sc, guard.mode);

    if (steps !== undefined && this.errors === before) {
      const calls = unrolledCalls(steps);
      if (calls > MAX_UNROLLED_CALLS) this.err(stepsEntry?.value, `the scenario unrolls to more than ${MAX_UNROLLED_CALLS} calls (nested \`repeat\`)`, map);
    }
    if (this.errors > before || id === undefined || steps === undefined || tags === undefined) return undefined;
    return {
      id,
      set: id.split('/')[0] ?? id,
      loc: this.loc(map),
      ...(title !== undefined ? { title } : {}),
      ...(description !== undefined ? { description } : {}),
      tags,
      ...(pair !== undefined ? { pair } : {}),
      ...(twin !== undefined ? { twin } : {}),
      guard,
      tools: Object.fromEntries(tools),
      steps,
      modes,
    };
  }

  private readStrings(e: Entry | undefined, what: string): string[] | undefined {
    if (e === undefined) return [];
    const items = this.seqItems(e, what);
    if (items === undefined) return undefined;
    const out: string[] = [];
    let ok = true;
    for (const item of items) {
      const s = stringOf(item);
      if (s === undefined || s === '') {
        this.err(item, `expected a non-empty string in \`${e.key ?? ''}\`, got ${describeNode(item)}`, e.value);
        ok = false;
      } else {
        out.push(s);
      }
    }
    return ok ? out : undefined;
  }

  // -------------------------------------------------------------------------------------------
  // guard:
  // -------------------------------------------------------------------------------------------

  private readGuard(e: Entry): GuardSettings {
    const map = this.map(e, 'a map (`mode`, `unknownTool`, `overrides`, `policy`, `limits`)');
    if (map === undefined) return {};
    const f = this.fields(map, GUARD_KEYS);
    const modeE = f.get('mode');
    const mode = modeE === undefined ? undefined : this.oneOf(modeE.value, MODES, 'mode', modeE.keyNode);
    const utE = f.get('unknownTool');
    const unknownTool = utE === undefined ? undefined : this.oneOf(utE.value, VERDICTS, 'verdict', utE.keyNode);
    const ovE = f.get('overrides');
    const overrides = ovE === undefined ? undefined : this.readOverrides(ovE);
    const polE = f.get('policy');
    const policy = polE === undefined ? undefined : this.readPolicy(polE);
    const limE = f.get('limits');
    const limits = limE === undefined ? undefined : this.readLimits(limE);
    return {
      ...(mode !== undefined ? { mode } : {}),
      ...(unknownTool !== undefined ? { unknownTool } : {}),
      ...(overrides !== undefined ? { overrides } : {}),
      ...(policy !== undefined ? { policy } : {}),
      ...(limits !== undefined ? { limits } : {}),
    };
  }

  /**
   * `limits: {fingerprints: 16, scripts: 2}`: the guard's table sizes for this scenario, so that
   * eviction is exercised. Each an integer from 0 to 1 000 000; names as the guard's `limits`.
   */
  private readLimits(e: Entry): Partial<Record<LimitName, number>> | undefined {
    const map = this.map(e, `a map of limit name to an integer (${list(LIMIT_NAMES)})`);
    if (map === undefined) return undefined;
    const out: Partial<Record<LimitName, number>> = {};
    let ok = true;
    for (const t of this.view.entries(map)) {
      if (t.key === undefined || !(LIMIT_NAMES as readonly string[]).includes(t.key)) {
        const hint = t.key === undefined ? '' : didYouMean(t.key, LIMIT_NAMES);
        this.err(t.keyNode, `unknown limit ${t.key === undefined ? '' : `\`${clipText(t.key)}\``}${hint === '' ? `: expected ${list(LIMIT_NAMES)}` : hint}`, map);
        ok = false;
        continue;
      }
      const v = this.view.value(t.value);
      if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > 1_000_000) {
        this.err(t.value, `\`${t.key}\` must be an integer from 0 to 1000000, got ${describeNode(t.value)}`, t.keyNode);
        ok = false;
        continue;
      }
      out[t.key as LimitName] = v;
    }
    return ok ? out : undefined;
  }

  /**
   * `overrides: {tool: [capabilities]}`. Tool names are not checked against the scenario's tools:
   * an override may target a tool the guard meets elsewhere (docs/dsl.md's own example overrides
   * `gmail_send`, which none of its tools is).
   */
  private readOverrides(e: Entry): Record<string, readonly Capability[]> | undefined {
    const map = this.map(e, 'a map of tool name to a list of capabilities');
    if (map === undefined) return undefined;
    const out = new Map<string, readonly Capability[]>();
    for (const t of this.view.entries(map)) {
      if (t.key === undefined || !t.keyIsString || t.key === '') {
        this.err(t.keyNode, 'expected a tool name as key', map);
        continue;
      }
      const caps = this.readCapabilities(t);
      if (caps !== undefined) out.set(t.key, caps);
    }
    return Object.fromEntries(out);
  }

  /** A list of the six capability names (EIT/PAT/NAT suggest their full names). */
  private readCapabilities(e: Entry): Capability[] | undefined {
    const items = this.seqItems(e, `a list of capabilities (${list(CAPABILITIES)})`);
    if (items === undefined) return undefined;
    const out: Capability[] = [];
    let ok = true;
    for (const item of items) {
      const s = stringOf(item);
      if (s === undefined) {
        this.err(item, `expected a capability name, got ${describeNode(item)}`, e.value);
        ok = false;
      } else if (!isCapability(s)) {
        const alias = CAPABILITY_ALIASES[s];
        const hint = alias !== undefined ? ` (did you mean \`${alias}\`?)` : didYouMean(s, CAPABILITIES);
        this.err(item, `unknown capability \`${clipText(s)}\`${hint === '' ? `: expected ${list(CAPABILITIES)}` : hint}`);
        ok = false;
      } else if (out.includes(s)) {
        this.err(item, `duplicate capability \`${s}\``);
        ok = false;
      } else {
        out.push(s);
      }
    }
    return ok ? out : undefined;
  }

  /** `capabilities: {must, must_not}`: what the tool must have and must not have; the rest is not scored. */
  private readCapabilityBounds(e: Entry): CapabilityBounds | undefined {
    const map = this.map(e, 'a list of capabilities, or a map with `must` and `must_not`');
    if (map === undefined) return undefined;
    const before = this.errors;
    const f = this.fields(map, CAPABILITY_BOUND_KEYS);
    const mustE = f.get('must');
    const mustNotE = f.get('must_not');
    if (mustE === undefined && mustNotE === undefined && f.unknown === 0) this.err(map, 'expected `must`, `must_not` or both', e.keyNode);
    const must = mustE === undefined ? [] : (this.readCapabilities(mustE) ?? []);
    const mustNot = mustNotE === undefined ? [] : (this.readCapabilities(mustNotE) ?? []);
    const both = must.filter((c) => mustNot.includes(c));
    if (both.length > 0 && mustNotE !== undefined) this.err(mustNotE.value, `${both.map((c) => `\`${c}\``).join(', ')} in both \`must\` and \`must_not\``);
    return this.errors > before ? undefined : { must, must_not: mustNot };
  }

  /** `policy:` through the gate's own parser, its issue paths mapped back to nodes. */
  private readPolicy(e: Entry): GuardSettings['policy'] | undefined {
    const map = this.map(e, 'a map with `granted` (and optionally `taintResilient`)');
    if (map === undefined) return undefined;
    const r = parseGrantPolicy(this.view.value(map));
    if (r.ok) return r.policy.taintResilient === undefined ? { granted: r.policy.granted } : { granted: r.policy.granted, taintResilient: r.policy.taintResilient };
    const entries = this.view.entries(map);
    // A misspelt `granted` already suggests itself: its "missing `granted`" would only repeat that.
    const suggestedGranted = r.issues.some((i) => i.message.includes('(did you mean `granted`?)'));
    for (const issue of r.issues) {
      if (suggestedGranted && issue.message.startsWith('missing `granted`')) continue;
      const m = /^([^[\]]*)(?:\[(\d+)\])?$/.exec(issue.path);
      const key = m?.[1] ?? '';
      const index = m?.[2];
      const entry = entries.find((x) => x.key === key);
      let node: Node | null | undefined = map;
      if (issue.message.startsWith('unknown key')) node = entry?.keyNode;
      else if (entry !== undefined) {
        node = entry.value;
        if (index !== undefined && isSeq(entry.value)) node = this.view.deref(entry.value.items[Number(index)] as Node) ?? entry.value;
      }
      this.err(node, issue.message, map);
    }
    return undefined;
  }

  // -------------------------------------------------------------------------------------------
  // catalog: and tools:
  // -------------------------------------------------------------------------------------------

  /** @returns false when a catalog could not be used */
  private importCatalogs(e: Entry, into: Map<string, ToolSpec>): boolean {
    const items = this.seqItems(e, 'a list of catalog names, e.g. `[web, mail]`');
    if (items === undefined) return false;
    let ok = true;
    const seen = new Set<string>();
    for (const item of items) {
      const name = stringOf(item);
      if (name === undefined || name === '') {
        this.err(item, `expected a catalog name, got ${describeNode(item)}`, e.value);
        ok = false;
        continue;
      }
      if (!CATALOG_NAME.test(name) || name.includes('..')) {
        this.err(item, `invalid catalog name \`${clipText(name)}\`: a catalog is named by its file name, without folder or extension`);
        ok = false;
        continue;
      }
      if (seen.has(name)) {
        this.err(item, `catalog \`${name}\` is listed twice`);
        continue;
      }
      seen.add(name);
      let lookup: CatalogLookup;
      try {
        lookup = this.readCatalog(name);
      } catch (err) {
        lookup = { ok: false, message: `cannot read catalog \`${name}\`: ${(err as Error).message}` };
      }
      if (!lookup.ok) {
        this.err(item, lookup.message);
        ok = false;
        continue;
      }
      for (const [tool, spec] of Object.entries(lookup.tools)) into.set(tool, spec);
    }
    return ok;
  }

  /** `tools: {NAME: spec}`: the valid specs, and every name (valid or not, so calls to it are not "unknown"). */
  private readTools(e: Entry): { specs: Map<string, ToolSpec>; names: Set<string> } {
    const specs = new Map<string, ToolSpec>();
    const names = new Set<string>();
    const map = this.map(e, 'a map of tool name to spec');
    if (map === undefined) return { specs, names };
    for (const t of this.view.entries(map)) {
      if (t.key === undefined || !t.keyIsString || t.key === '') {
        this.err(t.keyNode, 'expected a tool name as key', map);
        continue;
      }
      names.add(t.key);
      const spec = this.readTool(t.key, t);
      if (spec !== undefined) specs.set(t.key, spec);
    }
    return { specs, names };
  }

  private readTool(name: string, t: Entry): ToolSpec | undefined {
    if (isNullish(t.value)) return { name };
    if (!isMap(t.value)) {
      this.err(t.value, `expected the spec of tool \`${name}\` to be a map, got ${describeNode(t.value)}`, t.keyNode);
      return undefined;
    }
    const before = this.errors;
    const f = this.fields(t.value, TOOL_KEYS);
    const nameE = f.get('name');
    if (nameE !== undefined) {
      const n = this.string(nameE);
      if (n !== undefined && n !== name) this.err(nameE.value, `\`name\` \`${clipText(n)}\` differs from the tool's key \`${name}\``);
    }
    const title = this.string(f.get('title'));
    const description = this.string(f.get('description'));
    const inputSchema = this.schema(f.get('inputSchema'));
    const outputSchema = this.schema(f.get('outputSchema'));
    const annE = f.get('annotations');
    const annotations = annE === undefined ? undefined : this.readAnnotations(annE);
    const originE = f.get('origin');
    const origin = originE === undefined ? undefined : this.readOrigin(originE);
    if (this.errors > before) return undefined;
    const spec: ToolSpec = {
      name,
      ...(title !== undefined ? { title } : {}),
      ...(description !== undefined ? { description } : {}),
      ...(inputSchema !== undefined ? { inputSchema } : {}),
      ...(outputSchema !== undefined ? { outputSchema } : {}),
      ...(annotations !== undefined ? { annotations } : {}),
      ...(origin !== undefined ? { origin } : {}),
    };
    return spec;
  }

  private schema(e: Entry | undefined): unknown {
    if (e === undefined) return undefined;
    const map = this.map(e, 'a map (a JSON Schema)');
    return map === undefined ? undefined : this.view.value(map);
  }

  private readAnnotations(e: Entry): ToolAnnotations | undefined {
    const map = this.map(e, `a map (${list(ANNOTATION_KEYS, 'and')})`);
    if (map === undefined) return undefined;
    const f = this.fields(map, ANNOTATION_KEYS);
    const out: { -readonly [K in keyof ToolAnnotations]: ToolAnnotations[K] } = {};
    const title = this.string(f.get('title'));
    if (title !== undefined) out.title = title;
    for (const hint of ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const) {
      const b = this.boolean(f.get(hint));
      if (b !== undefined) out[hint] = b;
    }
    return out;
  }

  private readOrigin(e: Entry): ToolOrigin | undefined {
    const s = stringOf(e.value);
    if (s !== undefined && (s === 'builtin' || s === 'native-search' || /^(mcp|connector):\S/.test(s))) return s as ToolOrigin;
    const expected = '`builtin`, `mcp:<server>`, `connector:<name>` or `native-search`';
    if (s === undefined) {
      this.err(e.value, `expected \`origin\` to be ${expected}, got ${describeNode(e.value)}`, e.keyNode);
      return undefined;
    }
    const rest = s.includes(':') ? s.slice(s.indexOf(':') + 1) : '';
    const candidates = rest === '' ? ['builtin', 'native-search'] : ['builtin', 'native-search', `mcp:${rest}`, `connector:${rest}`];
    const dym = didYouMean(s, candidates);
    this.err(e.value, `invalid origin \`${clipText(s)}\`${dym === '' ? `: expected ${expected}` : dym}`);
    return undefined;
  }

  // -------------------------------------------------------------------------------------------
  // Steps
  // -------------------------------------------------------------------------------------------

  /**
   * @param where whose list it is (`top`: the scenario's `steps`)
   * @param inCode inside a `code` step, however deep (no `session` there)
   */
  private readSteps(e: Entry, path: string, sc: StepCtx, where: 'top' | 'repeat' | 'code', inCode: boolean): Step[] | undefined {
    const items = this.seqItems(e, 'a list of steps');
    if (items === undefined) return undefined;
    if (items.length === 0 && where !== 'code') {
      this.err(e.value, `\`${e.key ?? ''}\` is empty: ${where === 'top' ? 'a scenario' : 'a `repeat`'} needs at least one step`, e.keyNode);
      return undefined;
    }
    const out: Step[] = [];
    let ok = true;
    items.forEach((item, i) => {
      const step = this.readStep(item, `${path}[${i}]`, sc, inCode, e.value);
      if (step === undefined) ok = false;
      else out.push(step);
    });
    return ok ? out : undefined;
  }

  private formsOf(map: YAMLMap): Entry[] {
    return this.view.entries(map).filter((x) => x.keyIsString && (STEP_FORMS as readonly string[]).includes(x.key ?? ''));
  }

  private readStep(node: Node, path: string, sc: StepCtx, inCode: boolean, parent: Node | null): Step | undefined {
    if (!isMap(node)) {
      this.err(node, `expected a step (a map with one of ${list(STEP_FORMS)}), got ${describeNode(node)}`, parent);
      return undefined;
    }
    const forms = this.formsOf(node);
    const [first, second] = forms;
    if (first === undefined) {
      const f = this.fields(node, [...CALL_KEYS, ...STEP_FORMS]);
      if (f.unknown === 0) this.err(node, `a step needs one of ${list(STEP_FORMS)}`);
      return undefined;
    }
    if (second !== undefined) {
      this.err(second.keyNode, `a step has exactly one of ${list(STEP_FORMS)}: this one has \`${first.key ?? ''}\` and \`${second.key ?? ''}\``, node);
      return undefined;
    }
    const form = first.key as (typeof STEP_FORMS)[number];
    if (form === 'call') return this.readCall(node, path, sc, undefined, false);
    const before = this.errors;
    // A non-call step holds its one key; call-step keys beside it are misplaced.
    this.fields(node, [form], {
      misplaced: (k) => ((CALL_KEYS as readonly string[]).includes(k) ? `\`${k}\` belongs on a call step, not on a \`${form}\` step` : undefined),
    });
    const loc = this.loc(node);
    switch (form) {
      case 'batch': {
        const items = this.seqItems(first, 'a list of call steps');
        if (items === undefined) return undefined;
        if (items.length === 0) {
          this.err(first.value, '`batch` is empty: a batch holds one or more call steps', first.keyNode);
          return undefined;
        }
        const batch = sc.batches++;
        const calls: CallStep[] = [];
        items.forEach((item, i) => {
          const p = `${path}.batch[${i}]`;
          if (!isMap(item)) {
            this.err(item, `expected a call step (a map with \`call\`), got ${describeNode(item)}`, first.value);
            return;
          }
          const other = this.formsOf(item).find((x) => x.key !== 'call');
          if (other !== undefined) {
            this.err(other.keyNode, `a batch holds call steps only, not a \`${other.key ?? ''}\` step`, item);
            return;
          }
          const c = this.readCall(item, p, sc, batch, false);
          if (c !== undefined) calls.push(c);
        });
        if (this.errors > before) return undefined;
        const step: BatchStep = { kind: 'batch', loc, path, calls };
        return step;
      }
      case 'code': {
        const map = this.map(first, 'a map with `call`, `args`, `expect` and `calls`');
        if (map === undefined) return undefined;
        const call = this.readCall(map, `${path}.code`, sc, undefined, true);
        const callsE = this.view.entries(map).find((x) => x.keyIsString && x.key === 'calls');
        let calls: Step[] | undefined;
        if (callsE === undefined) this.err(map, 'missing `calls` (the nested `tools.*` calls, in order; `[]` for none)');
        else calls = this.readSteps(callsE, `${path}.code.calls`, sc, 'code', true);
        if (call === undefined || calls === undefined || this.errors > before) return undefined;
        const step: CodeStep = { kind: 'code', loc, path, call, calls };
        return step;
      }
      case 'repeat': {
        const map = this.map(first, 'a map with `times` and `steps`');
        if (map === undefined) return undefined;
        const f = this.fields(map, REPEAT_KEYS);
        const timesE = this.required(f, 'times', map);
        let times: number | undefined;
        if (timesE !== undefined) {
          const v = isScalar(timesE.value) ? timesE.value.value : undefined;
          if (typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= MAX_REPEAT_TIMES) times = v;
          else this.err(timesE.value, `\`times\` must be an integer from 1 to ${MAX_REPEAT_TIMES}, got ${describeNode(timesE.value)}`, timesE.keyNode);
        }
        const stepsE = this.required(f, 'steps', map);
        const steps = stepsE === undefined ? undefined : this.readSteps(stepsE, `${path}.repeat.steps`, sc, 'repeat', inCode);
        if (times === undefined || steps === undefined || this.errors > before) return undefined;
        const step: RepeatStep = { kind: 'repeat', loc, path, times, steps };
        return step;
      }
      case 'session': {
        const name = this.string(first, { nonEmpty: true });
        if (name !== undefined && inCode) {
          this.err(first.keyNode, 'a `session` step cannot sit inside `code`: a program runs in one session', node);
          return undefined;
        }
        if (name === undefined || this.errors > before) return undefined;
        const step: SessionStep = { kind: 'session', loc, path, name };
        return step;
      }
    }
  }

  private readCall(map: YAMLMap, path: string, sc: StepCtx, batch: number | undefined, code: boolean): CallStep | undefined {
    const before = this.errors;
    const f = this.fields(map, code ? CODE_KEYS : CALL_KEYS);
    const seq = sc.seq++;

    const idE = f.get('id');
    const id = this.string(idE, { nonEmpty: true });
    if (id !== undefined && idE !== undefined) {
      const first = sc.ids.get(id);
      const here = this.view.pos(idE.value, idE.keyNode);
      if (id.startsWith('@')) this.err(idE.value, `a step id may not start with \`@\`: the runner gives calls without an id one made from their path, and those start with it (got \`${clipText(id)}\`)`, idE.keyNode);
      else if (first !== undefined) this.err(idE.value, `duplicate step id \`${id}\` (first defined at ${first.pos.file}:${first.pos.line}:${first.pos.col})`, idE.keyNode);
      else sc.ids.set(id, { pos: here, seq, batch });
    }

    const callE = this.required(f, 'call', map, code ? ' (the Code Mode tool, e.g. `run_code`)' : '');
    const call = this.string(callE, { nonEmpty: true });
    const unknownE = f.get('unknown');
    const unknownFlag = this.boolean(unknownE);
    const unknown = unknownFlag ?? false;
    // An `unknown:` that is not a boolean is already an error: judging the tool by it would add noise.
    if (call !== undefined && callE !== undefined && sc.tools !== undefined && (unknownE === undefined || unknownFlag !== undefined)) {
      const known = sc.tools.has(call);
      if (!known && !unknown) {
        const dym = this.dym(call, sc.tools);
        this.err(callE.value, `unknown tool \`${clipText(call)}\`${dym === '' ? ': declare it in `tools` or a catalog, or mark the step `unknown: true`' : dym}`, callE.keyNode);
      } else if (known && unknown && unknownE !== undefined) {
        this.err(unknownE.value, `\`${call}\` is a known tool: remove \`unknown: true\``, unknownE.keyNode);
      }
    }

    const argsE = f.get('args');
    const args = argsE === undefined ? {} : this.view.value(argsE.value);
    const resultE = f.get('result');
    const errorE = f.get('error');
    const error = this.string(errorE);
    if (resultE !== undefined && errorE !== undefined) this.err(errorE.keyNode, 'a call has `result` or `error`, not both', map);

    const fromE = f.get('from');
    const from: string[] = [];
    if (fromE !== undefined) {
      const items = this.seqItems(fromE, 'a list of step ids');
      for (const item of items ?? []) {
        const s = stringOf(item);
        if (s === undefined || s === '') {
          this.err(item, `expected a step id in \`from\`, got ${describeNode(item)}`, fromE.value);
          continue;
        }
        from.push(s);
        sc.froms.push({ name: s, node: item, seq, batch });
      }
    }

    const expectE = this.required(f, 'expect', map);
    const expect = expectE === undefined ? undefined : this.readExpect(expectE, sc);

    const onAskE = f.get('on_ask');
    const onAsk = onAskE === undefined ? 'approve' : this.oneOf(onAskE.value, ON_ASK, '`on_ask` value', onAskE.keyNode);

    const pvE = f.get('policy_verdict');
    const policyVerdict = pvE === undefined ? undefined : this.readPolicyVerdict(pvE);

    const knownE = f.get('known');
    const known = knownE === undefined ? undefined : this.readKnown(knownE);

    if (this.errors > before || call === undefined || expect === undefined || onAsk === undefined) return undefined;
    const step: CallStep = {
      kind: 'call',
      loc: this.loc(map),
      path,
      ...(id !== undefined ? { id } : {}),
      call,
      unknown,
      args,
      ...(resultE !== undefined ? { result: this.view.value(resultE.value) } : {}),
      ...(error !== undefined ? { error } : {}),
      from,
      expect,
      on_ask: onAsk,
      ...(policyVerdict !== undefined ? { policy_verdict: policyVerdict } : {}),
      ...(known !== undefined ? { known } : {}),
    };
    return step;
  }

  /** `known:` — why the step is a known gap (every guard), or such a reason by guard name. */
  private readKnown(e: Entry): string | Readonly<Record<string, string>> | undefined {
    if (!isMap(e.value)) return this.string(e, { nonEmpty: true });
    const out: Record<string, string> = {};
    for (const g of this.view.entries(e.value)) {
      const why = this.string(g, { nonEmpty: true });
      if (g.key === undefined || g.key.trim() === '') this.err(g.keyNode, 'expected a guard name, e.g. `builtin`');
      else if (why !== undefined) out[g.key] = why;
    }
    if (Object.keys(out).length === 0 && this.view.entries(e.value).length === 0) this.err(e.value, 'expected why the step is a known gap, or a map from guard name to why', e.keyNode);
    return out;
  }

  /** `expect:` — a verdict, a spec map, or a map by mode. */
  private readExpect(e: Entry, sc: StepCtx): Expectation | undefined {
    const v = e.value;
    if (isScalar(v) && typeof v.value === 'string') {
      const spec = this.readExpectSpec(v, false, e.keyNode);
      return spec === undefined ? undefined : { kind: 'single', spec };
    }
    if (isMap(v)) {
      const entries = this.view.entries(v);
      if (entries.length === 0) {
        this.err(v, `empty \`expect\`: write ${list(VERDICTS)}, a map with \`verdict\`, or a map by mode`, e.keyNode);
        return undefined;
      }
      const byMode = entries.some((x) => x.keyIsString && (MODES as readonly string[]).includes(x.key ?? ''));
      if (!byMode) {
        const spec = this.readExpectSpec(v, false, e.keyNode);
        return spec === undefined ? undefined : { kind: 'single', spec };
      }
      const out: Partial<Record<Mode, ExpectSpec>> = {};
      const modes: Mode[] = [];
      let ok = true;
      for (const x of entries) {
        if (x.keyIsString && (EXPECT_KEYS as readonly string[]).includes(x.key ?? '')) {
          this.err(x.keyNode, `a by-mode \`expect\` holds modes only: put \`${x.key ?? ''}\` under each mode, e.g. \`{strict: {verdict: deny}}\``, v);
          ok = false;
          continue;
        }
        if (x.key === undefined || !x.keyIsString || !(MODES as readonly string[]).includes(x.key)) {
          const k = x.key ?? '';
          const dym = didYouMean(k, MODES);
          this.err(x.keyNode, `unknown mode \`${clipText(k)}\` in a by-mode \`expect\`${dym === '' ? `: expected ${list(MODES)}` : dym}`, v);
          ok = false;
          continue;
        }
        const mode = x.key as Mode;
        modes.push(mode);
        const spec = this.readExpectSpec(x.value, true, x.keyNode);
        if (spec === undefined) ok = false;
        else out[mode] = spec;
      }
      sc.byMode.push({ node: v, modes });
      return ok ? { kind: 'by-mode', byMode: out } : undefined;
    }
    this.err(v, `expected \`expect\` to be ${list(VERDICTS)}, a map with \`verdict\`, or a map by mode, got ${describeNode(v)}`, e.keyNode);
    return undefined;
  }

  private readExpectSpec(node: Node | null, inByMode: boolean, fallback: Node | null): ExpectSpec | undefined {
    if (isScalar(node) && typeof node.value === 'string') {
      const verdict = this.oneOf(node, VERDICTS, 'verdict', fallback);
      return verdict === undefined ? undefined : { verdict };
    }
    if (!isMap(node)) {
      this.err(node, `expected a verdict (${list(VERDICTS)}) or a map with \`verdict\`, got ${describeNode(node)}`, fallback);
      return undefined;
    }
    const before = this.errors;
    const f = this.fields(node, EXPECT_KEYS, inByMode ? {} : { suggestFrom: [...EXPECT_KEYS, ...MODES] });
    let verdict: Verdict | undefined;
    const vE = f.get('verdict');
    if (vE !== undefined) verdict = this.oneOf(vE.value, VERDICTS, 'verdict', vE.keyNode);
    else if (!MODES.some((m) => f.suggested.has(m))) this.required(f, 'verdict', node);
    const rule = this.string(f.get('rule'), { nonEmpty: true });
    const capsE = f.get('capabilities');
    const capabilities = capsE === undefined ? undefined : isMap(this.view.deref(capsE.value) ?? capsE.value) ? this.readCapabilityBounds(capsE) : this.readCapabilities(capsE);
    const reason = this.string(f.get('reason_contains'), { nonEmpty: true });
    if (verdict === undefined || this.errors > before) return undefined;
    return {
      verdict,
      ...(rule !== undefined ? { rule } : {}),
      ...(capabilities !== undefined ? { capabilities } : {}),
      ...(reason !== undefined ? { reason_contains: reason } : {}),
    };
  }

  /** `policy_verdict: {verdict, transform?}`, or a bare verdict as shorthand for `{verdict}`. */
  private readPolicyVerdict(e: Entry): PolicyVerdict | undefined {
    const v = e.value;
    if (isScalar(v) && typeof v.value === 'string') {
      const verdict = this.oneOf(v, VERDICTS, 'verdict', e.keyNode);
      return verdict === undefined ? undefined : { verdict };
    }
    const map = this.map(e, 'a map with `verdict` (and optionally `transform`)');
    if (map === undefined) return undefined;
    const before = this.errors;
    const f = this.fields(map, POLICY_VERDICT_KEYS);
    const vE = this.required(f, 'verdict', map);
    const verdict = vE === undefined ? undefined : this.oneOf(vE.value, VERDICTS, 'verdict', vE.keyNode);
    const transform = this.string(f.get('transform'), { nonEmpty: true });
    if (verdict === undefined || this.errors > before) return undefined;
    return transform === undefined ? { verdict } : { verdict, transform };
  }

  // -------------------------------------------------------------------------------------------
  // Whole-scenario checks
  // -------------------------------------------------------------------------------------------

  /** Every `from` names an earlier step of the scenario (not itself, not a call of its own batch). */
  private checkFroms(sc: StepCtx): void {
    for (const ref of sc.froms) {
      const target = sc.ids.get(ref.name);
      if (target === undefined) {
        const dym = this.dym(ref.name, sc.ids.keys());
        this.err(ref.node, `\`from\` names unknown step \`${clipText(ref.name)}\`${dym === '' ? ': `from` lists ids of earlier steps' : dym}`);
      } else if (target.seq === ref.seq) {
        this.err(ref.node, `\`from\` names the step itself (\`${ref.name}\`)`);
      } else if (ref.batch !== undefined && target.batch === ref.batch) {
        this.err(ref.node, `\`from\` names \`${ref.name}\`, a call of the same batch: its result did not exist yet`);
      } else if (target.seq > ref.seq) {
        this.err(ref.node, `\`from\` names \`${ref.name}\`, a later step: \`from\` lists ids of earlier steps`);
      }
    }
  }

  /** Every by-mode `expect` of a scenario lists the same modes; returns the scenario's modes. */
  private checkModes(sc: StepCtx, guardMode: Mode | undefined): Mode[] {
    const [first, ...rest] = sc.byMode;
    if (first === undefined) return [guardMode ?? 'balanced'];
    const ref = new Set(first.modes);
    const p = this.view.pos(first.node);
    for (const other of rest) {
      const set = new Set(other.modes);
      const missing = MODES.filter((m) => ref.has(m) && !set.has(m));
      const extra = MODES.filter((m) => set.has(m) && !ref.has(m));
      if (missing.length === 0 && extra.length === 0) continue;
      const parts = [
        ...(missing.length > 0 ? [`missing ${missing.length === 1 ? 'mode' : 'modes'} ${list(missing, 'and')}`] : []),
        ...(extra.length > 0 ? [`${list(extra, 'and')} not in the first`] : []),
      ];
      this.err(other.node, `a by-mode \`expect\` lists other modes than the first one (at ${p.file}:${p.line}:${p.col}): ${parts.join('; ')}`);
    }
    const modes = MODES.filter((m) => ref.has(m));
    if (guardMode !== undefined && !ref.has(guardMode)) {
      this.warnings.push({
        pos: p,
        message: `\`guard.mode\` \`${guardMode}\` is not among the modes of the by-mode \`expect\` maps (${list(modes, 'and')}): the scenario runs in those`,
      });
    }
    return modes;
  }
}

/** Calls a step list makes once unrolled, capped just above the limit. */
function unrolledCalls(steps: readonly Step[]): number {
  let n = 0;
  for (const s of steps) {
    switch (s.kind) {
      case 'call':
        n += 1;
        break;
      case 'batch':
        n += s.calls.length;
        break;
      case 'code':
        n += 1 + unrolledCalls(s.calls);
        break;
      case 'repeat':
        n += s.times * unrolledCalls(s.steps);
        break;
      case 'session':
        break;
    }
    if (n > MAX_UNROLLED_CALLS) return MAX_UNROLLED_CALLS + 1;
  }
  return n;
}
