/**
 * The scenario-file loader: the scenario format (version 1, README "Scenarios" and docs/writing-scenarios.md) into the model of `src/harness/model.ts`.
 *
 * `loadScenarios()` returns every issue of every file as a result union; `loadScenariosOrThrow()`
 * wraps it for the CLI. `parseScenarioText()` is the pure core (apart from catalog lookups).
 * Every issue reads `file:line:col: message`; a file's issues are all reported, and loading goes
 * on with the other files.
 *
 * Rules where the format leaves a choice (the project's decisions):
 *
 * Files
 * - A file holds one YAML document: one scenario (a top-level map), or several under `scenarios:`
 *   (a list of scenario maps; only `version` may sit beside it). `version` is optional and must be 1,
 *   at the top and in each scenario. An empty file (or one with only comments) is "no scenario in file".
 * - Folders are searched recursively for `*.yaml` / `*.yml`. Folders named `catalog` hold catalogs
 *   and are not descended into; folders whose name starts with `.` are skipped too. A file passed
 *   explicitly whose folder is named `catalog` is skipped with a warning (so a shell glob such as
 *   `scenarios/**\/*.yaml` works). A folder without scenario files is a warning, a missing path an
 *   error. A set's `manifest.yaml` is not a scenario file: it is read and checked against the
 *   scenarios of its folder (see manifest.ts). Files are read in sorted path order, each once; `Loc.file` is the path as the user
 *   passed it joined with the path found under it (relative unless the user passed an absolute one).
 * - Limits, so that any input costs bounded time and memory and ends as an issue, never an
 *   exception: a file larger than `maxFileBytes` is refused from its `stat`, before reading; NUL
 *   bytes or invalid UTF-8 make a file "not a text file"; a document of more than 1 500 000 YAML
 *   tokens (~6 MB of ordinary YAML), deeper than 200 levels, or expanding to more than
 *   `maxExpandedNodes` nodes through aliases (billion laughs) is refused before any value is built.
 *   Anchors, aliases and `<<` merge keys work; aliasing one anchor any number of times is fine.
 *   Duplicate keys are errors. A file's first 500 issues are listed, the rest counted. See
 *   `dsl-yaml.ts` for how and why (yaml's `toJS` and `uniqueKeys` are not used: both are quadratic).
 * - Unknown keys are errors at every level, with a did-you-mean when one is close (else the list of
 *   keys allowed there). A "missing `x`" error is left out when a misspelt key already suggested `x`.
 *
 * Scenarios
 * - `id` is required, a non-empty string, unique across every loaded file (the second one is the
 *   error, naming where the first was defined). `set` is the id's first `/` segment.
 * - `pair` and `twin` (`benign` | `attack`) go together. Across the loaded scenarios a pair holds
 *   one benign and one attack twin; a pair with only one twin loaded is a warning (it is not scored).
 * - `tools` = the `catalog:` catalogs merged in the listed order (a later catalog wins a name), then
 *   the inline `tools:` on top. A catalog is `<name>.yaml` in the first folder that has it: a
 *   `catalog/` folder beside the scenario file or in one of its ancestors up to the working
 *   directory (nearest first), then each of `catalogDirs` in order (by default `scenarios/catalog`
 *   of the working directory, then the catalogs this package ships). It holds `tools: {NAME: spec}`,
 *   read as strictly as inline tools. A tool spec has
 *   `description`, `inputSchema`, `outputSchema` (maps), `title`, `annotations` (`title` and the
 *   four boolean hints), `origin` (`builtin` | `mcp:<server>` | `connector:<name>` | `native-search`),
 *   and optionally `name` equal to its key (so a pasted MCP spec loads); a tool with an empty spec
 *   (`get_time:`) is a tool with only a name.
 * - `guard.overrides` names are not checked against the scenario's tools (an override may target
 *   a tool the guard meets elsewhere; the reference example overrides `gmail_send`, which none of its
 *   tools is); their capabilities must be among the six (EIT/PAT/NAT suggest their full names).
 *   `guard.policy` is validated by the gate's own `parseGrantPolicy`.
 *
 * Steps
 * - A step map has exactly one of `call`, `batch`, `code`, `repeat`, `session`. A call step takes
 *   `id`, `call`, `unknown`, `args`, `result`, `error`, `from`, `expect`, `on_ask`, `policy_verdict`;
 *   the other forms take only their own key (a call-step key beside them is "misplaced").
 * - `batch` is a non-empty list of call steps. `code` is a map with every call-step key (its own
 *   `run_code`-style call, path `steps[i].code`) plus `calls`, required, a list of steps of any form
 *   but `session` (`[]` for a program that calls nothing). `repeat` is `{times: 1..100000, steps}`;
 *   a scenario may unroll to at most 1 000 000 calls. `session` is a non-empty name.
 * - `call` names a tool of `tools`, or the step says `unknown: true`; `unknown: true` on a known
 *   tool is an error too. (When a catalog could not be loaded, these two checks are skipped for that
 *   scenario: they would only repeat the catalog's error.)
 * - `args` omitted is `{}` (what an MCP client sends). `result` omitted is absent (an empty result,
 *   still recorded); `result` and `error` together are an error; `error` is a string.
 * - `from` is a list of step ids, each the id of an earlier step of the same scenario: not itself,
 *   not a later step, and not a call of the same batch (a batch's arguments were written before any
 *   of its results existed). Step ids are unique within a scenario, nested steps included.
 * - `expect` is required on every call: `allow|ask|deny`; `{verdict, rule, capabilities,
 *   reason_contains}` (`verdict` required; `capabilities` the exact list, or `{must, must_not}`
 *   bounds with no capability in both); or a map by mode (`permissive`, `balanced`, `strict`, each
 *   a verdict or such a map). A map with any mode name as a key is a map by mode. Every map by mode
 *   of one scenario lists the same modes; `Scenario.modes` is that set in the order permissive,
 *   balanced, strict, or `[guard.mode ?? 'balanced']` without one (a `guard.mode` outside that set
 *   is a warning). Rule ids are not checked: they belong to the guard under test.
 * - `on_ask` is `approve` (default) or `reject`. `policy_verdict` is `{verdict, transform?}`; a bare
 *   verdict is shorthand for `{verdict}`.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MANIFEST_FILES, checkManifest, parseManifest } from './manifest.js';
import type { Manifest } from './manifest.js';
import { readFile, readdir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import type { CallStep, Scenario, Step } from '../harness/model.js';
import type { ToolSpec } from '../core/types.js';
import { ScenarioReader } from './dsl-scenario.js';
import type { CatalogLookup, SeenIds } from './dsl-scenario.js';
import { parseYaml } from './dsl-yaml.js';
import { ParseCache } from './parse-cache.js';
import { InputError } from './errors.js';
import type { InputIssue, SourcePos } from './errors.js';
import { didYouMean } from '../core/suggest.js';

export type { CatalogLookup } from './dsl-scenario.js';
export { MAX_NESTING_DEPTH } from './dsl-yaml.js';

/** Loader options; every one has a default. */
export interface LoadOptions {
  /**
   * Folders searched for catalogs (`<dir>/<name>.yaml`), in order, after the `catalog/` folders
   * beside each scenario file. @default {@link DEFAULT_CATALOG_DIRS}
   */
  readonly catalogDirs?: readonly string[];
  /** Largest file read, in bytes. @default 8 MiB */
  readonly maxFileBytes?: number;
  /** Largest expanded size of one document (nodes after alias expansion). @default 2_000_000 */
  readonly maxExpandedNodes?: number;
  /**
   * A folder that keeps parsed files between runs (see `parse-cache.ts`; the CLI uses
   * `node_modules/.cache/guard-eval`). @default none: every file is parsed
   */
  readonly cache?: string;
}

/** The catalogs this package ships (`scenarios/catalog` of its own folder). */
export const PACKAGE_CATALOG_DIR: string = fileURLToPath(new URL('../../scenarios/catalog', import.meta.url));
/** The challenge sets this package ships. */
export const PACKAGE_CHALLENGE_SETS: string = fileURLToPath(new URL('../../challenge-sets', import.meta.url));
/** `scenarios/catalog` of the working directory, then the package's own catalogs. */
export const DEFAULT_CATALOG_DIRS: readonly string[] = ['scenarios/catalog', PACKAGE_CATALOG_DIR];
export const DEFAULT_MAX_FILE_BYTES = 8 * 1024 * 1024;
export const DEFAULT_MAX_EXPANDED_NODES = 2_000_000;

/** Every scenario, or every issue; warnings either way. */
export type LoadResult =
  | { readonly ok: true; readonly scenarios: Scenario[]; readonly warnings: InputIssue[] }
  | { readonly ok: false; readonly issues: InputIssue[]; readonly warnings: InputIssue[] };

interface ResolvedOptions {
  readonly catalogDirs: readonly string[];
  readonly maxFileBytes: number;
  readonly maxExpandedNodes: number;
  readonly cache: ParseCache | undefined;
}

/**
 * Resolve the options once, rejecting bad ones (a programming error, not bad input).
 * @throws TypeError for a malformed option
 */
function resolveOptions(options: LoadOptions = {}): ResolvedOptions {
  const positive = (name: string, v: number | undefined, d: number): number => {
    if (v === undefined) return d;
    if (!Number.isSafeInteger(v) || v <= 0) throw new TypeError(`option \`${name}\` must be a positive integer, got ${String(v)}`);
    return v;
  };
  const dirs = options.catalogDirs ?? DEFAULT_CATALOG_DIRS;
  if (!Array.isArray(dirs) || dirs.some((d) => typeof d !== 'string' || d === '')) {
    throw new TypeError('option `catalogDirs` must be a list of folder paths');
  }
  if (options.cache !== undefined && (typeof options.cache !== 'string' || options.cache === '')) throw new TypeError('option `cache` must be a folder path');
  return {
    catalogDirs: dirs,
    maxFileBytes: positive('maxFileBytes', options.maxFileBytes, DEFAULT_MAX_FILE_BYTES),
    maxExpandedNodes: positive('maxExpandedNodes', options.maxExpandedNodes, DEFAULT_MAX_EXPANDED_NODES),
    cache: options.cache === undefined ? undefined : new ParseCache(options.cache),
  };
}

// ---------------------------------------------------------------------------------------------
// One file's text
// ---------------------------------------------------------------------------------------------

/**
 * Parse one file's text (pure apart from catalog lookups through `readCatalog`).
 * Cross-file checks (duplicate ids in other files, tension pairs) are `loadScenarios`'s.
 * @param file the path shown in issues and locations
 * @param readCatalog gives the tools of a catalog named in `catalog:`
 * @returns the scenarios that are valid, every issue and every warning; never throws on any text
 */
export function parseScenarioText(
  text: string,
  file: string,
  readCatalog: (name: string) => CatalogLookup,
  options?: LoadOptions,
): { scenarios: Scenario[]; issues: InputIssue[]; warnings: InputIssue[] } {
  const opts = resolveOptions(options);
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > opts.maxFileBytes) {
    return { scenarios: [], issues: [{ pos: { file }, message: `file is ${bytes} bytes; the limit is ${opts.maxFileBytes} (\`maxFileBytes\`)` }], warnings: [] };
  }
  return parseText(text, file, readCatalog, opts, new Map());
}

function parseText(
  text: string,
  file: string,
  readCatalog: (name: string) => CatalogLookup,
  opts: ResolvedOptions,
  seenIds: SeenIds,
): { scenarios: Scenario[]; issues: InputIssue[]; warnings: InputIssue[] } {
  try {
    const parsed = parseYaml(text, file, opts.maxExpandedNodes);
    if (parsed.view === undefined) return { scenarios: [], issues: tidy(parsed.issues), warnings: tidy(parsed.warnings) };
    const reader = new ScenarioReader(parsed.view, readCatalog, seenIds);
    const scenarios = reader.readFile();
    const issues = tidy([...parsed.issues, ...parsed.view.issues, ...reader.issues]);
    if (reader.suppressed > 0) {
      // At the last shown issue's place, so that it stays last when issues are sorted by position.
      const pos = issues[issues.length - 1]?.pos ?? { file };
      issues.push({ pos, message: `and ${reader.suppressed} more ${reader.suppressed === 1 ? 'issue' : 'issues'} in this file, not shown` });
    }
    return {
      scenarios,
      issues,
      warnings: tidy([...parsed.warnings, ...reader.warnings]),
    };
  } catch (e) {
    // INVARIANT: unreachable by design (depth and size are bounded before any recursion); kept so
    // that no input can turn into an exception or a stack trace.
    const message = e instanceof RangeError ? 'the document nests too deeply to read' : `cannot read this file: ${e instanceof Error ? e.message : String(e)}`;
    return { scenarios: [], issues: [{ pos: { file, line: 1, col: 1 }, message }], warnings: [] };
  }
}

/** Drop exact repeats (a node shared through an alias reports once) and sort by position, stably. */
function tidy(issues: readonly InputIssue[]): InputIssue[] {
  const seen = new Set<string>();
  const out: InputIssue[] = [];
  for (const i of issues) {
    const p = i.pos;
    const key = 'line' in p ? `${p.file}\0${p.line}\0${p.col}\0${i.message}` : `${p.file}\0\0\0${i.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(i);
  }
  return out.sort(byPosition);
}

function byPosition(a: InputIssue, b: InputIssue): number {
  const [fa, fb] = [a.pos.file, b.pos.file];
  if (fa !== fb) return fa < fb ? -1 : 1;
  const [la, ca] = 'line' in a.pos ? [a.pos.line, a.pos.col] : [0, 0];
  const [lb, cb] = 'line' in b.pos ? [b.pos.line, b.pos.col] : [0, 0];
  return la - lb || ca - cb;
}

// ---------------------------------------------------------------------------------------------
// Reading files
// ---------------------------------------------------------------------------------------------

type Text = { ok: true; text: string } | { ok: false; message: string };

/** Size-checked (before reading), NUL-free, valid UTF-8 text. The BOM, if any, is dropped. */
function decode(buf: Uint8Array, max: number): Text {
  if (buf.length > max) return { ok: false, message: `file is ${buf.length} bytes; the limit is ${max} (\`maxFileBytes\`)` };
  if (buf.includes(0)) return { ok: false, message: 'not a text file (it contains NUL bytes)' };
  try {
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(buf) };
  } catch {
    return { ok: false, message: 'not a text file (it is not valid UTF-8)' };
  }
}

function ioMessage(e: unknown): string {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOENT') return 'no such file or folder';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  return `cannot read: ${e instanceof Error ? e.message : String(e)}`;
}

async function readText(abs: string, max: number): Promise<Text> {
  try {
    const st = await stat(abs);
    if (st.size > max) return { ok: false, message: `file is ${st.size} bytes; the limit is ${max} (\`maxFileBytes\`)` };
    return decode(await readFile(abs), max);
  } catch (e) {
    return { ok: false, message: ioMessage(e) };
  }
}

function readTextSync(abs: string, max: number): Text {
  try {
    const st = statSync(abs);
    if (st.size > max) return { ok: false, message: `file is ${st.size} bytes; the limit is ${max} (\`maxFileBytes\`)` };
    return decode(readFileSync(abs), max);
  } catch (e) {
    return { ok: false, message: ioMessage(e) };
  }
}

interface Found {
  /** As shown: the user's path joined with the path under it. */
  readonly display: string;
  readonly abs: string;
  /** A set's `manifest.yaml`, met while walking its folder (so the whole folder is loaded). */
  readonly manifest?: boolean;
}

const SCENARIO_FILE = /\.ya?ml$/i;

/** Every scenario file under `paths`, sorted by shown path, each once. */
async function discover(paths: readonly string[], issues: InputIssue[], warnings: InputIssue[]): Promise<Found[]> {
  const found: Found[] = [];
  const visited = new Set<string>();
  for (const p of paths) {
    let st;
    try {
      st = await stat(p);
    } catch (e) {
      issues.push({ pos: { file: p }, message: ioMessage(e) });
      continue;
    }
    if (st.isDirectory()) {
      const before = found.length;
      if (path.basename(path.resolve(p)) !== 'catalog') {
        let root = path.resolve(p);
        try {
          root = await realpath(p);
        } catch {
          // Unreadable: walk reports it.
        }
        await walk(p, path.resolve(p), found, visited, issues, { root, warnings });
      }
      if (found.length === before) warnings.push({ pos: { file: p }, message: 'no scenario files (`.yaml`, `.yml`) in this folder' });
    } else if (st.isFile()) {
      if (path.basename(path.dirname(path.resolve(p))) === 'catalog') {
        warnings.push({ pos: { file: p }, message: 'a catalog (it sits in a `catalog` folder), not a scenario file: skipped' });
      } else if (MANIFEST_FILES.includes(path.basename(p))) {
        warnings.push({ pos: { file: p }, message: 'a set manifest, not a scenario file: it is checked when its folder is loaded' });
      } else {
        found.push({ display: p, abs: path.resolve(p) });
      }
    } else {
      issues.push({ pos: { file: p }, message: 'not a file or folder' });
    }
  }
  found.sort((a, b) => (a.display < b.display ? -1 : a.display > b.display ? 1 : 0));
  const seen = new Set<string>();
  return found.filter((f) => (seen.has(f.abs) ? false : (seen.add(f.abs), true)));
}

/**
 * Collect the scenario files under `abs`. A symlink is followed only when it stays inside the
 * folder the user named (`within.root`): a link out of it (to `/etc/passwd`, a home folder) is
 * not read, and a warning names it.
 */
async function walk(display: string, abs: string, found: Found[], visited: Set<string>, issues: InputIssue[], within: { root: string; warnings: InputIssue[] }): Promise<void> {
  let entries;
  try {
    const real = await realpath(abs);
    // A symlinked folder seen before (or a cycle) is not read twice.
    if (visited.has(real)) return;
    visited.add(real);
    entries = await readdir(abs, { withFileTypes: true });
  } catch (e) {
    issues.push({ pos: { file: display }, message: ioMessage(e) });
    return;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const ent of entries) {
    if (ent.name.startsWith('.')) continue;
    const d = path.join(display, ent.name);
    const a = path.join(abs, ent.name);
    let isDir = ent.isDirectory();
    let isFile = ent.isFile();
    if (ent.isSymbolicLink()) {
      try {
        const target = await realpath(a);
        if (target !== within.root && !target.startsWith(within.root.endsWith(path.sep) ? within.root : within.root + path.sep)) {
          within.warnings.push({ pos: { file: d }, message: 'a symlink to outside the scenario folder: not read' });
          continue;
        }
        const st = await stat(a);
        isDir = st.isDirectory();
        isFile = st.isFile();
      } catch {
        continue; // a dangling link is not a scenario
      }
    }
    if (isDir && ent.name !== 'catalog') await walk(d, a, found, visited, issues, within);
    else if (isFile && MANIFEST_FILES.includes(ent.name)) found.push({ display: d, abs: a, manifest: true });
    else if (isFile && SCENARIO_FILE.test(ent.name)) found.push({ display: d, abs: a });
  }
}

// ---------------------------------------------------------------------------------------------
// Catalogs
// ---------------------------------------------------------------------------------------------

/**
 * Catalog lookups for one load: each catalog is read once; its own issues are reported once, at
 * their place in the catalog file, and a scenario importing it gets a short pointer.
 * Synchronous because `parseScenarioText` is: catalogs are few and small.
 */
class CatalogStore {
  /** Lookups by the catalog file found (absolute path), so that each file is read once. */
  private readonly byFile = new Map<string, CatalogLookup>();
  /** The folders searched for a scenario file's catalogs, by the file's folder. */
  private readonly searchOf = new Map<string, string[]>();
  /**
   * Whether a candidate catalog path is a file, asked of the file system once per load: thousands
   * of scenarios name the same few catalogs, and a stat each was a twentieth of loading the sets.
   */
  private readonly isFileAt = new Map<string, boolean>();

  constructor(
    private readonly opts: ResolvedOptions,
    private readonly issues: InputIssue[],
    private readonly warnings: InputIssue[],
  ) {}

  /**
   * Where a scenario file looks for catalogs: `catalog/` beside it and in each ancestor folder up
   * to the working directory (only beside it when it lies outside), then `catalogDirs`; each
   * folder once, in that order.
   */
  private search(scenarioFile: string): string[] {
    const dir = path.dirname(scenarioFile);
    let dirs = this.searchOf.get(dir);
    if (dirs !== undefined) return dirs;
    const cwd = process.cwd();
    const near: string[] = [];
    const inside = dir === cwd || dir.startsWith(cwd + path.sep);
    for (let d = dir; ; d = path.dirname(d)) {
      near.push(path.join(d, 'catalog'));
      if (!inside || d === cwd || path.dirname(d) === d) break;
    }
    const seen = new Set<string>();
    dirs = [];
    for (const d of [...near, ...this.opts.catalogDirs]) {
      const abs = path.resolve(d);
      if (seen.has(abs)) continue;
      seen.add(abs);
      dirs.push(d);
    }
    this.searchOf.set(dir, dirs);
    return dirs;
  }

  lookup(name: string, scenarioFile: string): CatalogLookup {
    const dirs = this.search(scenarioFile);
    for (const dir of dirs) {
      const abs = path.resolve(dir, `${name}.yaml`);
      let isFile = this.isFileAt.get(abs);
      if (isFile === undefined) {
        try {
          isFile = statSync(abs).isFile();
        } catch {
          isFile = false;
        }
        this.isFileAt.set(abs, isFile);
      }
      if (!isFile) continue;
      const cached = this.byFile.get(abs);
      if (cached !== undefined) return cached;
      const result = this.load(abs, displayPath(abs));
      this.byFile.set(abs, result);
      return result;
    }
    const available = new Set<string>();
    for (const dir of dirs) {
      try {
        for (const f of readdirSync(dir)) if (f.endsWith('.yaml')) available.add(f.slice(0, -'.yaml'.length));
      } catch {
        // a missing catalog folder simply offers nothing
      }
    }
    const where = dirs.filter((d) => existsSync(d)).map((d) => `\`${displayPath(path.resolve(d))}\``);
    return { ok: false, message: `unknown catalog \`${name}\`${didYouMean(name, [...available].sort())}: no \`${name}.yaml\` in ${where.length > 0 ? where.join(', ') : 'any catalog folder'}` };
  }

  private load(abs: string, display: string): CatalogLookup {
    const name = path.basename(abs, '.yaml');
    const text = readTextSync(abs, this.opts.maxFileBytes);
    if (!text.ok) {
      this.issues.push({ pos: { file: display }, message: text.message });
      return { ok: false, message: `cannot use catalog \`${name}\`: \`${display}\` cannot be read` };
    }
    const cache = this.opts.cache;
    const key = cache?.key('catalog', String(this.opts.maxExpandedNodes), text.text);
    const kept = key === undefined ? undefined : cachedCatalog(cache?.get(key), display);
    if (kept !== undefined) {
      this.warnings.push(...kept.warnings);
      return { ok: true, tools: kept.tools, source: key as string };
    }
    const r = parseCatalogText(text.text, display, this.opts);
    this.warnings.push(...r.warnings);
    if (r.issues.length > 0) {
      this.issues.push(...r.issues);
      return { ok: false, message: `cannot use catalog \`${name}\`: \`${display}\` has errors` };
    }
    if (key !== undefined) cache?.set(key, { v: CACHE_FORMAT, display, tools: r.tools, warnings: r.warnings });
    return key === undefined ? { ok: true, tools: r.tools } : { ok: true, tools: r.tools, source: key };
  }
}

/** A path as messages show it: relative to the working directory when inside it. */
function displayPath(abs: string): string {
  const rel = path.relative(process.cwd(), abs);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : abs;
}

/** Parse a catalog file's text: `tools: {NAME: spec}`. */
function parseCatalogText(text: string, file: string, opts: ResolvedOptions): { tools: Record<string, Scenario['tools'][string]>; issues: InputIssue[]; warnings: InputIssue[] } {
  try {
    const parsed = parseYaml(text, file, opts.maxExpandedNodes);
    if (parsed.view === undefined) return { tools: {}, issues: tidy(parsed.issues), warnings: tidy(parsed.warnings) };
    const reader = new ScenarioReader(parsed.view, () => ({ ok: false, message: 'a catalog cannot import catalogs' }), new Map());
    const tools = reader.readCatalogFile();
    return { tools: Object.fromEntries(tools), issues: tidy([...parsed.issues, ...parsed.view.issues, ...reader.issues]), warnings: tidy(parsed.warnings) };
  } catch (e) {
    return { tools: {}, issues: [{ pos: { file, line: 1, col: 1 }, message: `cannot read this file: ${e instanceof Error ? e.message : String(e)}` }], warnings: [] };
  }
}

// ---------------------------------------------------------------------------------------------
// Loading
// ---------------------------------------------------------------------------------------------

/**
 * Load every scenario file under `paths` (files or folders, searched recursively for *.yaml / *.yml,
 * sorted by path; files inside a folder named `catalog` are catalogs, not scenarios, and are skipped).
 * @returns every scenario, or every issue of every file; warnings either way
 */
export async function loadScenarios(paths: readonly string[], options?: LoadOptions): Promise<LoadResult> {
  const opts = resolveOptions(options);
  const issues: InputIssue[] = [];
  const warnings: InputIssue[] = [];
  const files = await discover(paths, issues, warnings);
  const catalogs = new CatalogStore(opts, issues, warnings);
  const seenIds: SeenIds = new Map();
  const scenarios: Scenario[] = [];
  const manifests: Manifest[] = [];
  for (const f of files) {
    const text = await readText(f.abs, opts.maxFileBytes);
    if (!text.ok) {
      issues.push({ pos: { file: f.display }, message: text.message });
      continue;
    }
    if (f.manifest) {
      const m = parseManifest(text.text, f.display, opts.maxExpandedNodes);
      issues.push(...m.issues);
      if (m.manifest) manifests.push(m.manifest);
      continue;
    }
    const cache = opts.cache;
    const key = cache?.key('scenarios', String(opts.maxExpandedNodes), text.text);
    const kept = key === undefined ? undefined : fromCache(cache?.get(key), f.display, (name) => catalogs.lookup(name, f.abs), seenIds);
    if (kept !== undefined) {
      scenarios.push(...kept.scenarios);
      warnings.push(...kept.warnings);
      continue;
    }
    // The catalogs the file imports, in the order it asks for them, and the ids it adds.
    const lookups: [string, CatalogLookup][] = [];
    const idsBefore = seenIds.size;
    const r = parseText(
      text.text,
      f.display,
      (name) => {
        const l = catalogs.lookup(name, f.abs);
        lookups.push([name, l]);
        return l;
      },
      opts,
      seenIds,
    );
    scenarios.push(...r.scenarios);
    issues.push(...r.issues);
    warnings.push(...r.warnings);
    if (key !== undefined && r.issues.length === 0) {
      const entry = toCache(f.display, r.scenarios, r.warnings, lookups, [...seenIds].slice(idsBefore));
      if (entry !== undefined) cache?.set(key, entry);
    }
  }
  checkPairs(scenarios, issues, warnings);
  for (const m of manifests) issues.push(...checkManifest(m, scenarios));
  const w = tidy(warnings);
  return issues.length > 0 ? { ok: false, issues: tidy(issues), warnings: w } : { ok: true, scenarios, warnings: w };
}

// ---------------------------------------------------------------------------------------------
// The parse cache's entries (see parse-cache.ts)
// ---------------------------------------------------------------------------------------------

/** The layout of the entries below; an entry of another layout is not used. */
const CACHE_FORMAT = 2;

/**
 * A catalog's entry: its tools and warnings, the warnings' positions at `display` (the path shown for
 * the file now; the entry may have been written for the same text at another path), or undefined when
 * the value is not one.
 */
function cachedCatalog(v: unknown, display: string): { tools: Record<string, ToolSpec>; warnings: InputIssue[] } | undefined {
  if (v === null || typeof v !== 'object') return undefined;
  const e = v as { v?: unknown; display?: unknown; tools?: unknown; warnings?: unknown };
  if (e.v !== CACHE_FORMAT || typeof e.display !== 'string' || e.tools === null || typeof e.tools !== 'object' || !Array.isArray(e.warnings)) return undefined;
  // A damaged entry (a warning not of the shape this reader writes) is no entry: the file is parsed.
  if (!e.warnings.every(isIssue)) return undefined;
  return { tools: e.tools as Record<string, ToolSpec>, warnings: movedIssues(e.warnings as InputIssue[], e.display, display) };
}

/** Is `v` an issue as this reader writes one: a message and a position with its file? */
function isIssue(v: unknown): v is InputIssue {
  if (v === null || typeof v !== 'object') return false;
  const i = v as { pos?: unknown; message?: unknown };
  return typeof i.message === 'string' && i.pos !== null && typeof i.pos === 'object' && typeof (i.pos as { file?: unknown }).file === 'string';
}

/** `pos` at `to` when it is at `from` (an entry read for a file at another path). */
function moved<P extends { readonly file: string }>(pos: P, from: string, to: string): P {
  return pos.file === from && from !== to ? { ...pos, file: to } : pos;
}

function movedIssues(issues: readonly InputIssue[], from: string, to: string): InputIssue[] {
  return from === to ? [...issues] : issues.map((i) => ({ ...i, pos: moved(i.pos, from, to) }));
}

/** `steps` with every position at `from` moved to `to`, nested steps too; arguments and results are shared, not copied. */
function movedSteps(steps: readonly Step[], from: string, to: string): Step[] {
  return steps.map((s): Step => {
    const loc = moved(s.loc, from, to);
    switch (s.kind) {
      case 'batch':
        return { ...s, loc, calls: movedSteps(s.calls, from, to) as CallStep[] };
      case 'code':
        return { ...s, loc, call: movedSteps([s.call], from, to)[0] as CallStep, calls: movedSteps(s.calls, from, to) };
      case 'repeat':
        return { ...s, loc, steps: movedSteps(s.steps, from, to) };
      default:
        return { ...s, loc };
    }
  });
}

/**
 * A scenario file's entry, as kept: its scenarios with each tool that came from a catalog as the
 * index of that catalog among `catalogs` (the catalogs it imported, by name and by what was read),
 * the ids it defined with their places, and its warnings.
 */
interface ScenarioEntry {
  readonly v: number;
  /** The path the file was shown at when the entry was written: its positions' `file`. */
  readonly display: string;
  readonly catalogs: readonly (readonly [name: string, source: string])[];
  readonly ids: readonly (readonly [id: string, pos: SourcePos])[];
  readonly scenarios: readonly (Omit<Scenario, 'tools'> & { readonly tools: readonly (readonly [name: string, spec: ToolSpec | number])[] })[];
  readonly warnings: readonly InputIssue[];
}

/**
 * The entry of a file read without issues (a tool that is a catalog's very spec kept as that
 * catalog's index, any other as it is), or undefined when it cannot be kept: a catalog it imports
 * was not read through the cache.
 */
function toCache(display: string, scenarios: readonly Scenario[], warnings: readonly InputIssue[], lookups: readonly (readonly [string, CatalogLookup])[], ids: readonly (readonly [string, SourcePos])[]): ScenarioEntry | undefined {
  const catalogs: [string, string][] = [];
  const tools: Record<string, ToolSpec>[] = [];
  for (const [name, l] of lookups) {
    if (!l.ok || l.source === undefined) return undefined;
    catalogs.push([name, l.source]);
    tools.push(l.tools);
  }
  const kept: ScenarioEntry['scenarios'][number][] = [];
  for (const s of scenarios) {
    const list: [string, ToolSpec | number][] = [];
    for (const [name, spec] of Object.entries(s.tools)) {
      // The last catalog that has this very spec: a later catalog wins on a name.
      let from = -1;
      for (let k = tools.length - 1; k >= 0 && from < 0; k--) if (Object.hasOwn(tools[k] as object, name) && (tools[k] as Record<string, ToolSpec>)[name] === spec) from = k;
      list.push([name, from >= 0 ? from : spec]);
    }
    kept.push({ ...s, tools: list });
  }
  return { v: CACHE_FORMAT, display, catalogs, ids, scenarios: kept, warnings };
}

/**
 * The scenarios and warnings of a kept entry, or undefined when it cannot stand for reading the
 * file now: not an entry of this layout, a catalog that now reads differently (or not at all), or
 * an id another file already defined (reading the file reports it). Registers the file's ids.
 */
function fromCache(v: unknown, display: string, lookup: (name: string) => CatalogLookup, seenIds: SeenIds): { scenarios: Scenario[]; warnings: InputIssue[] } | undefined {
  try {
    return keptEntry(v, display, lookup, seenIds);
  } catch {
    // A damaged entry (one not of the shape this reader writes) is no entry: the file is parsed.
    return undefined;
  }
}

function keptEntry(v: unknown, display: string, lookup: (name: string) => CatalogLookup, seenIds: SeenIds): { scenarios: Scenario[]; warnings: InputIssue[] } | undefined {
  if (v === null || typeof v !== 'object') return undefined;
  const e = v as Partial<ScenarioEntry>;
  if (e.v !== CACHE_FORMAT || typeof e.display !== 'string' || !Array.isArray(e.catalogs) || !Array.isArray(e.ids) || !Array.isArray(e.scenarios) || !Array.isArray(e.warnings) || !e.warnings.every(isIssue)) return undefined;
  const from = e.display;
  const tools: Record<string, ToolSpec>[] = [];
  for (const [name, source] of e.catalogs) {
    const l = lookup(name);
    if (!l.ok || l.source !== source) return undefined;
    tools.push(l.tools);
  }
  for (const [id] of e.ids) if (seenIds.has(id)) return undefined;
  const scenarios: Scenario[] = [];
  for (const s of e.scenarios) {
    const own: Record<string, ToolSpec> = {};
    for (const [name, spec] of s.tools) {
      const t = typeof spec === 'number' ? tools[spec]?.[name] : spec;
      if (t === undefined) return undefined;
      own[name] = t;
    }
    scenarios.push(from === display ? { ...s, tools: own } : { ...s, loc: moved(s.loc, from, display), steps: movedSteps(s.steps, from, display), tools: own });
  }
  for (const [id, pos] of e.ids) seenIds.set(id, moved(pos, from, display));
  return { scenarios, warnings: movedIssues(e.warnings, from, display) };
}

/**
 * The throwing form, for the CLI. Prints nothing.
 * @throws InputError('DSL_INVALID', issues) when any file has an issue
 */
export async function loadScenariosOrThrow(paths: readonly string[], options?: LoadOptions): Promise<{ scenarios: Scenario[]; warnings: InputIssue[] }> {
  const r = await loadScenarios(paths, options);
  if (!r.ok) throw new InputError('DSL_INVALID', r.issues);
  return { scenarios: r.scenarios, warnings: r.warnings };
}

/** A tension pair is one benign and one attack twin; a pair with one twin loaded is not scored. */
function checkPairs(scenarios: readonly Scenario[], issues: InputIssue[], warnings: InputIssue[]): void {
  const byPair = new Map<string, Scenario[]>();
  for (const s of scenarios) {
    if (s.pair === undefined) continue;
    const members = byPair.get(s.pair) ?? [];
    members.push(s);
    byPair.set(s.pair, members);
  }
  const at = (s: Scenario): string => `${s.loc.file}:${s.loc.line}:${s.loc.col}`;
  for (const [pair, members] of byPair) {
    const [a, b, ...more] = members;
    if (a === undefined) continue;
    if (b === undefined) {
      warnings.push({ pos: a.loc, message: `pair \`${pair}\` has no ${a.twin === 'attack' ? 'benign' : 'attack'} twin among the loaded scenarios: it is not scored` });
      continue;
    }
    if (a.twin === b.twin) {
      issues.push({ pos: b.loc, message: `pair \`${pair}\` has two ${b.twin ?? ''} twins, \`${a.id}\` (at ${at(a)}) and \`${b.id}\`: a pair is one benign and one attack twin` });
    }
    for (const c of more) {
      issues.push({ pos: c.loc, message: `pair \`${pair}\` already has two twins, \`${a.id}\` (at ${at(a)}) and \`${b.id}\` (at ${at(b)}): \`${c.id}\` is a third` });
    }
  }
}
