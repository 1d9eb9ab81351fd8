/**
 * Blinded labeling sheets: one row per call step to judge (scenario × mode run × call step), with a
 * narrative of the premise and nothing that reveals the label, and a separate key that maps the
 * opaque item ids back to scenarios. Pure (no IO, no clock, no randomness but the seed's).
 *
 * What the narrative holds: the scenario's tools and their descriptions, the deployment's mode and
 * guard settings, every earlier step in order (call, arguments as compact JSON, the result
 * abbreviated to 300 characters, or the error), and the call to judge with its arguments.
 * What it never holds: the expected verdict of any step, rule ids, tags, twin or pair, the scenario's
 * title and description (they state the rationale), scenario and step ids, file names.
 *
 * Steps inside a `repeat` are judged once (as in their first iteration). Item ids depend on the
 * seed only, so every labeler's sheet of one export has the same ids; the row order depends on the
 * seed and the labeler, so labelers do not all see the items in the same order.
 */
import { hash52 } from '../core/fingerprint.js';
import type { Mode, Verdict } from '../core/capabilities.js';
import type { CallStep, ExpectSpec, Scenario, Step } from './model.js';

export type Stratify = 'set' | 'twin' | 'rule';
export const STRATIFY_KEYS: readonly Stratify[] = ['set', 'twin', 'rule'];

export interface SheetOptions {
  readonly seed: string | number;
  /** Sample this many items (seeded); all items when omitted or larger than the total. */
  readonly sample?: number;
  /** Stratify the sample (proportional allocation, at least one per stratum when `sample` allows). */
  readonly stratify?: Stratify;
  readonly labeler?: string;
}

/** One row of the sheet a labeler fills in. */
export interface SheetRow {
  readonly item_id: string;
  readonly narrative: string;
  readonly question: string;
  readonly verdict: string;
  readonly confidence: string;
  readonly notes: string;
  /** Who fills the sheet in (the export's `--labeler`, else empty): names the labeler's columns of the adjudication sheet. */
  readonly labeler: string;
}

export const SHEET_COLUMNS = ['item_id', 'narrative', 'question', 'verdict', 'confidence', 'notes', 'labeler'] as const;

/** What the key knows of one item (never shown to labelers). */
export interface KeyItem {
  readonly id: string;
  readonly scenario: string;
  readonly mode: Mode;
  /** The step's path in its scenario, e.g. `steps[2].batch[1]`. */
  readonly step: string;
  readonly expected: Verdict;
  readonly set: string;
  readonly stratum?: string;
  /** Where the step is (the start of its call map): label write-back finds it there. */
  readonly file: string;
  readonly line: number;
  readonly col: number;
  /** Whether the step's `expect` is a map by mode (write-back then edits this mode's entry). */
  readonly byMode: boolean;
  /** Every mode the scenario runs in: an `expect` shared by them is split by mode on write-back. */
  readonly modes?: readonly Mode[];
  /** A hash of the step's tool, arguments and path (written by the export; write-back checks it). */
  readonly stepHash?: string;
  readonly rule?: string;
  readonly twin?: 'benign' | 'attack';
}

export interface LabelKey {
  readonly schema: 'guard-eval/label-key@1';
  readonly seed: string;
  readonly labeler?: string;
  readonly sample?: number;
  readonly stratify?: Stratify;
  readonly items: readonly KeyItem[];
}

export interface Sheet {
  readonly rows: SheetRow[];
  readonly key: LabelKey;
}

export const QUESTION =
  'What should the guard answer for THE CALL TO JUDGE, before it runs: allow (let it run), ask (a person must approve it first) or deny (block it)? ' +
  'Write allow, ask or deny in `verdict`; optionally your confidence (1-5, or low / medium / high) in `confidence`, and anything else in `notes`.';

export const MODE_TEXT: Readonly<Record<Mode, string>> = {
  permissive: 'permissive mode: it interrupts as little as possible and blocks only when sensitive data is about to leave; other risky sequences are let through.',
  balanced: 'balanced mode: it asks a person to approve risky sequences of calls and blocks when sensitive data is about to leave.',
  strict: 'strict mode: it blocks risky sequences of calls outright and asks a person before private data is read after untrusted content.',
};

const RESULT_MAX = 300;
/** Characters of one call's arguments shown in a narrative (the rest is counted). */
const ARGS_MAX = 2_000;
/**
 * Characters of one narrative: a spreadsheet keeps at most 32 767 in a cell and cuts the rest (or
 * refuses the file), so a narrative stays below that, with room for a formula escape.
 */
export const NARRATIVE_MAX = 32_000;
/** Characters of one tool's line when a long story describes only the tools of the call to judge. */
const TOOL_LINE_MAX = 4_000;

// ---------------------------------------------------------------------------------------------
// Seeded hashing (the core's salted string hash) and randomness
// ---------------------------------------------------------------------------------------------

/** A seeded PRNG (mulberry32) giving floats in [0, 1). */
export function seededRandom(seed: string): () => number {
  let a = hash52(seed, 0) >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffle<T>(xs: readonly T[], rnd: () => number): T[] {
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** `it-` and 8 hex characters of a seeded hash: opaque, encodes nothing but the identity. */
export function itemId(seed: string, scenario: string, mode: string, step: string, taken: ReadonlySet<string>): string {
  for (let n = 0; ; n++) {
    const h = hash52(`${seed}\u0000${scenario}\u0000${mode}\u0000${step}\u0000${n}`, 0);
    const id = `it-${(h % 4294967296).toString(16).padStart(8, '0')}`;
    if (!taken.has(id)) return id;
  }
}

// ---------------------------------------------------------------------------------------------
// Narratives
// ---------------------------------------------------------------------------------------------

function compactJson(v: unknown): string {
  try {
    return JSON.stringify(v) ?? 'null';
  } catch {
    return String(v);
  }
}

/** `s`, or its first `max - 1` code points and an ellipsis when it has more than `max`. */
function abbreviate(s: string, max = RESULT_MAX): string {
  if (s.length <= max) return s;
  // Count code points only as far as needed: a result can be megabytes.
  let count = 0;
  let cut = 0;
  let i = 0;
  for (const ch of s) {
    if (count === max - 1) cut = i;
    if (++count > max) return `${s.slice(0, cut)}…`;
    i += ch.length;
  }
  return s;
}

/**
 * `s` cut to at most `max` UTF-16 code units (what a spreadsheet counts), never inside a
 * surrogate pair, with `tail` after the cut when it cuts.
 */
function cutUnits(s: string, max: number, tail: string): string {
  if (s.length <= max) return s;
  let end = max - tail.length;
  const last = s.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return `${s.slice(0, end)}${tail}`;
}

/**
 * Each arguments object's text, made once during one {@link buildSheet} (reset there): a call's
 * arguments are shown in the history of every later call of its scenario, in each mode, and an
 * argument can be a megabyte.
 */
let ARGS_TEXT = new WeakMap<object, string>();

/** A call's arguments as compact JSON, the first {@link ARGS_MAX} characters of it when longer. */
function argsText(args: unknown): string {
  if (typeof args !== 'object' || args === null) return argsTextOf(args);
  let text = ARGS_TEXT.get(args);
  if (text === undefined) {
    text = argsTextOf(args);
    ARGS_TEXT.set(args, text);
  }
  return text;
}

function argsTextOf(args: unknown): string {
  const json = compactJson(args);
  if (json.length <= ARGS_MAX) return json;
  const shown = cutUnits(json, ARGS_MAX, '…');
  // Thousands grouped by hand: the same text on every Node build, with or without ICU.
  const length = String(json.length).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${shown} (${length} characters in all; the rest is not shown)`;
}

function resultText(c: CallStep): string {
  if (c.error !== undefined) return `The call failed: ${abbreviate(c.error)}`;
  if (c.result === undefined) return 'It returned an empty result.';
  const text = typeof c.result === 'string' ? c.result : compactJson(c.result);
  return `It returned: ${abbreviate(text)}`;
}

interface Judged {
  readonly call: CallStep;
  readonly history: readonly string[];
  /** The other calls of the same turn (a batch), issued in parallel. */
  readonly siblings: readonly CallStep[];
  /** The Code Mode program this call is made from, when it is a nested call. */
  readonly inProgram: boolean;
  /** "derived from call N" for the judged call's `from`, as numbered in the history. */
  readonly fromNote: string;
}

/** Walk the steps once (a repeat's steps once), collecting each call with what came before it. */
function collect(steps: readonly Step[]): Judged[] {
  const out: Judged[] = [];
  const history: string[] = [];
  const numbers = new Map<string, number>();
  let n = 0;
  const callLine = (c: CallStep, indent: string): string => {
    const num = ++n;
    if (c.id !== undefined) numbers.set(c.id, num);
    const extra = notesOf(c);
    return `${indent}${num}. The agent called \`${c.call}\` with ${argsText(c.args)}.${extra} ${resultText(c)}`;
  };
  const fromNote = (c: CallStep): string => {
    const refs = c.from.map((id) => numbers.get(id)).filter((x): x is number => x !== undefined);
    return refs.length > 0 ? ` (The host reports that these arguments were derived from the result of call ${refs.join(', ')}.)` : '';
  };
  const notesOf = (c: CallStep): string => {
    const parts: string[] = [fromNote(c)];
    if (c.policy_verdict !== undefined) parts.push(` (The host's own dispatch policy for this call: ${c.policy_verdict.verdict}${c.policy_verdict.transform !== undefined ? `, with transform ${c.policy_verdict.transform}` : ''}.)`);
    if (c.on_ask === 'reject') parts.push(' (Had a person been asked to approve this call, they would have declined it, and it would not have run.)');
    if (c.unknown) parts.push(' (This tool is not declared: nothing is known about it.)');
    return parts.join('');
  };
  const walk = (ss: readonly Step[], indent: string, inProgram: boolean): void => {
    for (const s of ss) {
      switch (s.kind) {
        case 'call':
          out.push({ call: s, history: [...history], siblings: [], inProgram, fromNote: fromNote(s) });
          history.push(callLine(s, indent));
          break;
        case 'batch': {
          for (const c of s.calls) out.push({ call: c, history: [...history], siblings: s.calls.filter((x) => x !== c), inProgram, fromNote: fromNote(c) });
          history.push(`${indent}In one turn, the agent made these calls in parallel:`);
          for (const c of s.calls) history.push(callLine(c, `${indent}  `));
          break;
        }
        case 'code':
          out.push({ call: s.call, history: [...history], siblings: [], inProgram, fromNote: fromNote(s.call) });
          history.push(`${callLine(s.call, indent)} This is a Code Mode program; the tool calls it made follow, one after the other.`);
          walk(s.calls, `${indent}  `, true);
          break;
        case 'repeat':
          history.push(`${indent}The following block of calls ran ${s.times} time${s.times === 1 ? '' : 's'} in a row (shown once):`);
          walk(s.steps, `${indent}  `, inProgram);
          history.push(`${indent}(End of the block that ran ${s.times} time${s.times === 1 ? '' : 's'}, with the same calls and results each time.)`);
          break;
        case 'session':
          history.push(`${indent}--- From here on, the calls belong to a separate conversation "${s.name}" (each conversation has its own history; switching back resumes it). ---`);
          break;
      }
    }
  };
  walk(steps, '', false);
  return out;
}

/**
 * The scenario's tools, a line each. With `only`, those tools in full and the others by name, as
 * many as `room` characters hold (a catalog of hundreds of tools would not fit a cell).
 */
function toolsText(s: Scenario, only?: ReadonlySet<string>, room = Infinity): readonly string[] {
  const names = Object.keys(s.tools).sort();
  if (names.length === 0) return ['(no tools are declared)'];
  if (only !== undefined) {
    const full = allToolLines(s, names)
      .filter((_, i) => only.has(names[i] as string))
      .map((l) => cutUnits(l, TOOL_LINE_MAX, '… (the rest of this description is not shown)'));
    const rest = names.filter((n) => !only.has(n));
    if (rest.length === 0) return full;
    let list = '';
    let listed = 0;
    const left = room - full.reduce((n, l) => n + l.length + 1, 0) - 120;
    for (const n of rest) {
      if (list.length + n.length + 2 > left) break;
      list += `${listed > 0 ? ', ' : ''}${n}`;
      listed++;
    }
    const more = rest.length - listed;
    return [...full, `- also declared (${rest.length} more tools, by name only: the whole list is too long for one cell): ${list}${more > 0 ? `${listed > 0 ? ', ' : ''}and ${more} more` : ''}`];
  }
  return allToolLines(s, names);
}

/**
 * Every tool of a scenario, a line each, in `names`' order: made once per scenario, each line once per
 * tool spec, during one {@link buildSheet} (which starts them afresh: a caller may change its
 * scenarios between sheets). A scenario that imports a catalog declares hundreds of tools, and each
 * of its items' narratives lists them; so do the other scenarios of that catalog, which share its specs.
 */
let TOOL_LINES = new WeakMap<Scenario, readonly string[]>();
let LINE_OF_SPEC = new WeakMap<object, Map<string, string>>();
function allToolLines(s: Scenario, names: readonly string[]): readonly string[] {
  let lines = TOOL_LINES.get(s);
  if (lines === undefined) {
    lines = names.map((name) => toolLine(name, s.tools[name]));
    TOOL_LINES.set(s, lines);
  }
  return lines;
}
function toolLine(name: string, t: Scenario['tools'][string] | undefined): string {
  const byName = t === undefined ? undefined : (LINE_OF_SPEC.get(t) ?? new Map<string, string>());
  const kept = byName?.get(name);
  if (kept !== undefined) return kept;
  const what = t?.description ?? t?.title ?? '(no description)';
  const params = (t?.inputSchema as { properties?: Record<string, { description?: unknown }> } | undefined)?.properties;
  const ps = params === undefined || params === null || typeof params !== 'object' ? [] : Object.keys(params);
  const line = `- ${name}: ${what.replace(/\s+/g, ' ').trim()}${ps.length > 0 ? ` (parameters: ${ps.join(', ')})` : ''}`;
  if (t !== undefined && byName !== undefined) {
    byName.set(name, line);
    LINE_OF_SPEC.set(t, byName);
  }
  return line;
}

function settingsText(s: Scenario): string[] {
  const out: string[] = [];
  const g = s.guard;
  if (g.unknownTool !== undefined) out.push(`For a tool it knows nothing about, the guard is configured to answer ${g.unknownTool}.`);
  const ov = Object.entries(g.overrides ?? {});
  if (ov.length > 0) out.push(`The operator has declared what these tools can do: ${ov.map(([t, caps]) => `${t}: ${caps.length === 0 ? 'nothing risky' : caps.join(', ')}`).join('; ')}.`);
  if (g.policy !== undefined) {
    const granted = g.policy.granted === 'all' ? 'all capabilities' : g.policy.granted.length === 0 ? 'no capabilities' : g.policy.granted.join(', ');
    out.push(`The capability policy grants: ${granted}${g.policy.taintResilient && g.policy.taintResilient.length > 0 ? `; these grants survive untrusted content: ${g.policy.taintResilient.join(', ')}` : ''}.`);
  }
  return out;
}

/**
 * What a labeler reads for one item, at most {@link NARRATIVE_MAX} characters: when the whole
 * story is longer, only the tools of the call to judge (and of its batch) are described, the others
 * named, and the oldest lines of the history give way to a line that counts them.
 */
function narrative(s: Scenario, mode: Mode, j: Judged): string {
  const size = (ls: readonly string[]): number => ls.reduce((n, l) => n + l.length + 1, 0);
  const deployment = ['', 'DEPLOYMENT', `The deployment runs in ${MODE_TEXT[mode]}`, ...settingsText(s), ''];
  const call = judgedCall(j);
  let tools = toolsText(s);
  let history = j.history.length > 0 ? j.history : ['(nothing: this is the first call)'];
  const fixed = (): number => size(deployment) + size(call) + 'TOOLS AVAILABLE TO THE AGENT\nWHAT HAPPENED SO FAR\n\n'.length;
  if (fixed() + size(tools) + size(history) > NARRATIVE_MAX) {
    const judged = new Set([j.call.call, ...j.siblings.map((c) => c.call)]);
    tools = toolsText(s, judged, Math.max(2_000, NARRATIVE_MAX - fixed() - Math.min(size(history), NARRATIVE_MAX / 2)));
  }
  const room = NARRATIVE_MAX - fixed() - size(tools);
  if (size(history) > room) {
    // The latest calls matter most to the call being judged: keep as many of them as fit.
    const omitted = (k: number): string => `(${k} earlier lines of the history are not shown: the whole story is too long for one cell)`;
    const kept: string[] = [];
    let n = omitted(history.length).length + 1;
    for (let i = history.length - 1; i >= 0; i--) {
      const line = history[i] as string;
      if (n + line.length + 1 > room) break;
      kept.unshift(line);
      n += line.length + 1;
    }
    history = [omitted(history.length - kept.length), ...kept];
  }
  const lines = ['TOOLS AVAILABLE TO THE AGENT', ...tools, ...deployment, 'WHAT HAPPENED SO FAR', ...history, '', ...call];
  const text = lines.join('\n');
  // What no shortening above can bound (a batch of hundreds of calls beside the one to judge).
  return cutUnits(text, NARRATIVE_MAX, '… (the rest of this narrative is not shown)');
}

/** The narrative's last part: the call to judge, with the calls of its batch. */
function judgedCall(j: Judged): string[] {
  const lines = ['THE CALL TO JUDGE'];
  if (j.siblings.length > 0) {
    lines.push(`In the same turn, the agent also issues, in parallel (their results are not known yet): ${j.siblings.map((c) => `\`${c.call}\` with ${argsText(c.args)}`).join('; ')}.`);
  }
  const c = j.call;
  const where = j.inProgram ? ' from inside the Code Mode program above' : '';
  const notes: string[] = [];
  if (c.unknown) notes.push('This tool is not declared: nothing is known about it.');
  if (c.policy_verdict !== undefined) notes.push(`The host's own dispatch policy for this call: ${c.policy_verdict.verdict}${c.policy_verdict.transform !== undefined ? `, with transform ${c.policy_verdict.transform}` : ''}.`);
  lines.push(`The agent now calls \`${c.call}\`${where} with ${argsText(c.args)}.${j.fromNote}${notes.length > 0 ? ` ${notes.join(' ')}` : ''}`);
  return lines;
}

// ---------------------------------------------------------------------------------------------
// Items, sampling, the sheet
// ---------------------------------------------------------------------------------------------

function specFor(c: CallStep, mode: Mode): ExpectSpec | undefined {
  return c.expect.kind === 'single' ? c.expect.spec : c.expect.byMode[mode];
}

interface Candidate {
  readonly item: KeyItem;
  /** The item's row, written only for the items the sheet takes (a narrative can be long). */
  readonly row: () => SheetRow;
}

/**
 * Proportional allocation of `k` among strata of the given sizes (largest remainder), with at
 * least one per stratum when `k` is at least the number of strata. Deterministic.
 */
export function allocate(sizes: ReadonlyMap<string, number>, k: number): Map<string, number> {
  const total = [...sizes.values()].reduce((a, b) => a + b, 0);
  const names = [...sizes.keys()].sort();
  const out = new Map<string, number>();
  if (k >= total) {
    for (const n of names) out.set(n, sizes.get(n) ?? 0);
    return out;
  }
  const quota = new Map(names.map((n) => [n, (k * (sizes.get(n) ?? 0)) / total]));
  const floorAt = k >= names.length ? 1 : 0;
  for (const n of names) out.set(n, Math.min(sizes.get(n) ?? 0, Math.max(floorAt, Math.floor(quota.get(n) ?? 0))));
  const sum = (): number => [...out.values()].reduce((a, b) => a + b, 0);
  const gap = (n: string): number => (quota.get(n) ?? 0) - (out.get(n) ?? 0);
  while (sum() < k) {
    const open = names.filter((n) => (out.get(n) ?? 0) < (sizes.get(n) ?? 0));
    const best = open.reduce((a, b) => (gap(b) > gap(a) ? b : a));
    out.set(best, (out.get(best) ?? 0) + 1);
  }
  while (sum() > k) {
    const open = names.filter((n) => (out.get(n) ?? 0) > floorAt);
    const worst = open.reduce((a, b) => (gap(b) < gap(a) ? b : a));
    out.set(worst, (out.get(worst) ?? 0) - 1);
  }
  return out;
}

function stratumOf(s: Scenario, spec: ExpectSpec, by: Stratify): string {
  if (by === 'set') return s.set;
  if (by === 'twin') return s.twin ?? 'none';
  return spec.rule ?? 'none';
}

/**
 * Build a blinded sheet and its key.
 * @throws RangeError for a `sample` that is not a positive integer (a usage error for the CLI)
 */
export function buildSheet(scenarios: readonly Scenario[], opts: SheetOptions): Sheet {
  const seed = String(opts.seed);
  if (opts.sample !== undefined && (!Number.isSafeInteger(opts.sample) || opts.sample <= 0)) throw new RangeError(`sample must be a positive integer, got ${String(opts.sample)}`);
  TOOL_LINES = new WeakMap();
  LINE_OF_SPEC = new WeakMap();
  ARGS_TEXT = new WeakMap();
  const taken = new Set<string>();
  const all: Candidate[] = [];
  for (const s of scenarios) {
    const judged = collect(s.steps);
    for (const mode of s.modes) {
      for (const j of judged) {
        const spec = specFor(j.call, mode);
        if (spec === undefined) continue; // no label in this mode: nothing to judge
        const id = itemId(seed, s.id, mode, j.call.path, taken);
        taken.add(id);
        const item: KeyItem = {
          id,
          scenario: s.id,
          mode,
          step: j.call.path,
          expected: spec.verdict,
          set: s.set,
          ...(opts.stratify !== undefined ? { stratum: stratumOf(s, spec, opts.stratify) } : {}),
          file: j.call.loc.file,
          line: j.call.loc.line,
          col: j.call.loc.col,
          byMode: j.call.expect.kind === 'by-mode',
          modes: s.modes,
          ...(spec.rule !== undefined ? { rule: spec.rule } : {}),
          ...(s.twin !== undefined ? { twin: s.twin } : {}),
        };
        all.push({ item, row: () => ({ item_id: id, narrative: narrative(s, mode, j), question: QUESTION, verdict: '', confidence: '', notes: '', labeler: opts.labeler ?? '' }) });
      }
    }
  }

  let chosen = all;
  if (opts.sample !== undefined && opts.sample < all.length) {
    const rnd = seededRandom(`${seed}\u0000sample`);
    if (opts.stratify === undefined) {
      chosen = shuffle(all, rnd).slice(0, opts.sample);
    } else {
      const groups = new Map<string, Candidate[]>();
      for (const c of all) {
        const k = c.item.stratum ?? 'none';
        const group = groups.get(k);
        if (group === undefined) groups.set(k, [c]);
        else group.push(c);
      }
      const alloc = allocate(new Map([...groups].map(([k, v]) => [k, v.length])), opts.sample);
      chosen = [];
      for (const k of [...groups.keys()].sort()) chosen.push(...shuffle(groups.get(k) ?? [], rnd).slice(0, alloc.get(k) ?? 0));
    }
  }
  // Key order: by item id (reveals nothing); row order: seeded by seed and labeler.
  const ordered = shuffle(chosen, seededRandom(`${seed}\u0000order\u0000${opts.labeler ?? ''}`));
  const items = [...chosen].map((c) => c.item).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return {
    rows: ordered.map((c) => c.row()),
    key: {
      schema: 'guard-eval/label-key@1',
      seed,
      ...(opts.labeler !== undefined ? { labeler: opts.labeler } : {}),
      ...(opts.sample !== undefined ? { sample: opts.sample } : {}),
      ...(opts.stratify !== undefined ? { stratify: opts.stratify } : {}),
      items,
    },
  };
}
