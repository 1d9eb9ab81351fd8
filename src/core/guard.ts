/**
 * The toolchain guard: classifies each call, checks it against the session's history, and answers
 * allow, ask or deny (docs/semantics.md). Pure: no IO, no clock.
 *
 * Both entry points are total (docs/semantics.md "Bounds never weaken a verdict"): {@link Session.decide}
 * always returns a decision, and an internal error becomes a recorded error and the configured
 * fail-closed verdict, never an exception and never allow. {@link Session.record} never throws;
 * a failure to record marks the session degraded, and every later decision fails closed.
 */
import { ALL_CAPABILITIES_MASK, CRED, EIT, EXEC, MODES, MUT, NAT, PAT, fromMask, toMask, verdictRank } from './capabilities.js';
import type { Capability, Mode, Verdict } from './capabilities.js';
import { readCall, readOutcome, readRef } from './call.js';
import type { ReadCall } from './call.js';
import { analyzeTape, scriptKeys, scriptWritesTape } from './command.js';
import type { CommandAnalysis } from './command.js';
import { readToolSpec, resolveGuardConfig } from './config.js';
import { GuardConfigError } from './errors.js';
import type { GuardConfig, ResolvedConfig } from './config.js';
import { BUILTIN_DETECTORS, isDestinationField, scanTape } from './detectors.js';
import type { Detector } from './detectors.js';
import { readable, withReadings } from './decode.js';
import { forEachText, hash52, PROBE_FILTER_WORDS, probeHashes, saltSeed, tapeFragments } from './fingerprint.js';
import { decide as gateDecide, grantedCapabilities, monotonicRedeclaration, outcomeVerdict, requiredCapabilities } from './gate.js';
import type { GateCapability } from './gate.js';
import { AFTER_ALL, Ledger, MAX_TURN, PROVENANCE_BITS, PROVENANCE_CLASSES, SCRIPT_BITS, visibleClasses } from './ledger.js';
import type { ChainFacts, LedgerSnapshot, ProvenanceTable, Scope } from './ledger.js';
import { DECIDING_ORDER, RULE_TABLE } from './rules.js';
import { readSpec } from './spec-reading.js';
import { onPublishedServer, onRemoteServer, onSharedServer, onTeamServer } from './classifier.js';
import { ServerProducts, ServerReads, ServerWrites } from './servers.js';
import type { RuleId } from './rules.js';
import type { CallOutcome, CallRef, Classification, Decision, Evidence, FiredRule, Finding, GateSummary, Mutable, ProvenanceClass, ServerRead, ServerWrite, SpecCut, ToolCall, ToolSpec } from './types.js';
import { destinationMask, errorText, readValue } from './walk.js';
import type { Stop } from './walk.js';

/** What the guard knows about one tool name. */
export interface ToolInfo {
  readonly name: string;
  /** Registered with the guard, or named in `overrides`. */
  readonly known: boolean;
  readonly capabilities: readonly Capability[];
  readonly evidence: readonly Evidence[];
  readonly codeMode: boolean;
  /**
   * Known and harmless, so the unknown-tool posture does not apply: overridden to the empty set, or
   * recognised by the classifier as doing none of the six things (`Classification.harmless`).
   */
  readonly harmless: boolean;
  /** What the classifier recognised the tool as, when it recognised it as harmless (not for an override). */
  readonly recognised?: { readonly kind: string; readonly terms: readonly string[] };
  /**
   * Where the classifier stopped reading the tool's spec, when it read it only in part (not for an
   * override): the tool then carries all six capabilities, no call to it is allowed without a
   * person (`guard.input-unread`), and the unknown-tool posture applies as well.
   */
  readonly unread?: SpecCut;
  /**
   * A verb the classifier cannot read that opens the tool's description (`Classification.unreadAct`;
   * not for an override): the tool keeps what its nouns read as, and the unknown-tool posture
   * applies as well.
   */
  readonly unreadAct?: string;
}

interface ToolEntry extends ToolInfo {
  readonly mask: number;
  /** Set when classifying the tool threw: every call to it then fails closed. */
  readonly classifyError?: string;
  readonly spec?: ToolSpec;
  /** The spec's content as read (`readToolSpec`): the key of its kept reading. */
  readonly content?: string;
  /** Gate capabilities this tool requires; only ever grows (monotonic redeclaration). */
  required?: ReadonlySet<GateCapability>;
  /** Which argument names say where data goes: the built-in names and those the schema declares. */
  readonly isDestination: (name: string) => boolean;
  /** What the tool's words say of its server's content (`Classification.serverRead`), counted in `reads`. */
  readonly serverRead?: ServerRead;
  /** What the tool's words say of where its server keeps its writes (`Classification.serverWrite`), counted in `writes`. */
  readonly serverWrite?: ServerWrite;
  /** A read of a document no word places, which takes where its server keeps its writes (`onTeamServer`). */
  readonly serverWriting?: true;
}

/** What {@link Session.record} did. */
export type RecordResult =
  | { readonly recorded: true }
  | { readonly recorded: false; readonly reason: 'failed-call' | 'code-mode-call' | 'internal-error'; readonly error?: string };

/** A ref to record: a {@link Decision} carries the call's effective capabilities, a bare ref does not. */
export type RecordRef = CallRef & { readonly capabilities?: readonly Capability[] };

const RECORDED: RecordResult = Object.freeze({ recorded: true });
/** Every provenance class at once: what an argument that was not read in full may carry. */
const ALL_PROVENANCE = 7;

/** Does a read with this kind take its server's (`onPublishedServer`)? */
function takesServerKind(read: ServerRead | undefined): boolean {
  return read === 'unnamed' || read === 'both' || read === 'remarks';
}

/** Does an entry take what its server says (`onPublishedServer`, `onRemoteServer`, `onTeamServer`)? */
function takesServer(e: ToolEntry): boolean {
  return takesServerKind(e.serverRead) || e.serverWrite === 'unplaced' || e.serverWriting === true;
}

function isTurn(t: unknown): t is number {
  return typeof t === 'number' && Number.isInteger(t) && t >= 0 && t <= MAX_TURN;
}

const RULE_ORDER = new Map<string, number>(DECIDING_ORDER.map((id, i) => [id, i]));

/** The guard. One per configuration; it holds any number of sessions. */
export class Guard {
  readonly config: ResolvedConfig;
  private readonly seed: number;
  private readonly detectors: readonly Detector[];
  private readonly tools = new Map<string, ToolEntry>();
  private readonly servers = new ServerProducts();
  /** What each server's reads serve (`ServerReads`), over the tools installed in `tools`. */
  private readonly reads = new ServerReads();
  /** Where each server keeps its writes (`ServerWrites`), over the tools installed in `tools`. */
  private readonly writes = new ServerWrites();
  /** Servers whose configured tools are being classified all at once (`settle`). */
  private readonly settling = new Set<string>();
  private readonly sessionMap = new Map<string, Session>();
  /**
   * Tools of the configuration not looked up yet, each declared once: read at construction (so a
   * host that changes its spec object later changes nothing here), classified when first looked
   * up. A host with a catalog of hundreds of tools whose sessions call a few pays for those few.
   */
  private readonly deferred = new Map<string, { readonly spec: ToolSpec; readonly content: string }>();
  /** The names in `deferred` by their server's origin, for `settle`. */
  private readonly deferredByOrigin = new Map<string, Set<string>>();
  /** Characters of the specs read into this guard, as read (their content): see {@link heldSpecChars}. */
  private specChars = 0;

  /**
   * @param config validated here, once
   * @throws GuardConfigError listing every problem of `config`
   */
  constructor(config: GuardConfig = {}) {
    this.config = resolveGuardConfig(config);
    this.seed = saltSeed(this.config.salt);
    this.detectors = [...BUILTIN_DETECTORS, ...this.config.detectors];
    // The tools' servers are counted first, so that each tool is classified with its server's product.
    const reads = this.config.tools.map((spec) => readToolSpec(spec));
    for (const read of reads) if (read.ok) this.specChars += read.content.length;
    // A name declared twice keeps its last declaration: only that one counts for its server.
    const last = new Map<string, number>();
    const declared = new Map<string, number>();
    reads.forEach((read, i) => {
      const name = read.ok ? read.spec.name : read.name;
      if (name === undefined) return;
      last.set(name, i);
      declared.set(name, (declared.get(name) ?? 0) + 1);
    });
    reads.forEach((read, i) => {
      if (read.ok && last.get(read.spec.name) === i) this.servers.count(read.spec.origin, read.spec, 1);
    });
    // A tool declared once is classified when first looked up; the server it counts for is counted
    // already, so it is read as it would be here. Every one is set aside before any other is
    // installed: classifying a read may classify its server's other tools (`settle`).
    for (const read of reads) {
      if (!read.ok || declared.get(read.spec.name) !== 1) continue;
      this.deferred.set(read.spec.name, { spec: read.spec, content: read.content });
      const origin = read.spec.origin;
      if (typeof origin !== 'string') continue;
      let names = this.deferredByOrigin.get(origin);
      if (names === undefined) this.deferredByOrigin.set(origin, (names = new Set()));
      names.add(read.spec.name);
    }
    // A tool declared again is installed in order, each declaration adding gate requirements to the
    // one before.
    for (const read of reads) if (!(read.ok && declared.get(read.spec.name) === 1)) this.install(read, false);
  }

  /**
   * Register (or re-declare) a tool. A re-declaration can only add gate requirements.
   * The spec is read once, into plain data.
   * @returns what the guard now knows of the tool
   * @throws GuardConfigError when the spec has no readable name (one that cannot be read otherwise
   *   is kept with its error: every call to it fails closed)
   */
  registerTool(given: ToolSpec): ToolInfo {
    const read = readToolSpec(given);
    if (read.ok) this.specChars += read.content.length;
    return this.install(read, true);
  }

  /**
   * @internal characters of every tool spec read into this guard (each declaration's content as
   * read), a measure of what it holds of them: for a host that keeps guards to bound by it
   */
  get heldSpecChars(): number {
    return this.specChars;
  }

  private install(read: ReturnType<typeof readToolSpec>, count: boolean): ToolInfo {
    if (!read.ok && read.name === undefined) throw new GuardConfigError([read.issue]);
    const name = read.ok ? read.spec.name : (read.name as string);
    // A re-declaration of a deferred tool re-declares what its first declaration says.
    if (this.deferred.has(name)) this.lookup(name);
    const previous = this.tools.get(name);
    // What the server's tools say together (`ServerProducts`): a tool registered, or re-declared, can
    // change the product its server fronts, and so how its siblings' writes are classified.
    const changed = new Set<string>();
    if (count) {
      const before = previous?.spec;
      if (before !== undefined && this.servers.count(before.origin, before, -1)) changed.add(before.origin as string);
      if (read.ok && this.servers.count(read.spec.origin, read.spec, 1)) changed.add(read.spec.origin as string);
    }
    // INVARIANT: a spec that cannot be read is kept with its error, and every call to it fails closed.
    const entry = read.ok ? this.entryFor(name, read.spec, undefined, read.content) : this.entryFor(name, undefined, `${read.issue.path ? `${read.issue.path}: ` : ''}${read.issue.message}`);
    if (previous?.required && entry.required) entry.required = monotonicRedeclaration(previous.required, entry.required);
    this.setEntry(name, entry);
    if (changed.size > 0) this.reclassify(changed, name);
    return toInfo(entry);
  }

  /** Classify again the tools of servers whose product changed (all but `except`, just classified). */
  private reclassify(origins: ReadonlySet<string>, except: string): void {
    for (const [name, e] of this.tools) {
      if (name === except || e.spec === undefined || !origins.has(e.spec.origin as string)) continue;
      const entry = this.entryFor(name, e.spec, undefined, e.content);
      if (e.required && entry.required) entry.required = monotonicRedeclaration(e.required, entry.required);
      this.setEntry(name, entry);
    }
  }

  /**
   * Install an entry, counting what its words say of its server's content in place of what the
   * entry before said (`ServerReads`); when that changes what the server serves, the reads that take
   * their server's kind are classified again.
   */
  private setEntry(name: string, entry: ToolEntry): void {
    const previous = this.tools.get(name);
    this.tools.set(name, entry);
    const before = previous?.spec?.origin;
    const after = entry.spec?.origin;
    const flipped = new Set<string>();
    if (this.reads.count(before, previous?.serverRead, -1)) flipped.add(before as string);
    if (this.reads.count(after, entry.serverRead, 1)) flipped.add(after as string);
    if (this.writes.count(before, previous?.serverWrite, -1)) flipped.add(before as string);
    if (this.writes.count(after, entry.serverWrite, 1)) flipped.add(after as string);
    for (const origin of flipped) {
      for (const [other, e] of this.tools) {
        if (e.spec?.origin !== origin || !takesServer(e)) continue;
        const again = this.entryFor(other, e.spec, undefined, e.content);
        if (e.required && again.required) again.required = monotonicRedeclaration(e.required, again.required);
        // A tool that takes its server's kind or place counts the same whatever they are: no further change.
        this.tools.set(other, again);
      }
    }
  }

  /**
   * Classify every configured tool of a server not looked up yet, so that what the server serves is
   * read from all its tools (`ServerReads`), as the servers' products are.
   */
  private settle(origin: string): void {
    if (this.settling.has(origin)) return;
    this.settling.add(origin);
    try {
      for (const name of [...(this.deferredByOrigin.get(origin) ?? [])]) if (this.deferred.has(name)) this.lookup(name);
    } finally {
      this.settling.delete(origin);
    }
  }

  private entryFor(name: string, spec: ToolSpec | undefined, readError?: string, content?: string): ToolEntry {
    const override = this.config.overrides.get(name);
    let cls: Classification = { capabilities: [], evidence: [], codeMode: false };
    let isDestination = isDestinationField;
    let classifyError: string | undefined = readError;
    if (spec) {
      try {
        ({ cls, isDestination } = readSpec(spec, content, this.servers.product(spec.origin)));
        // A read of what its server serves takes the server's kind, read from all its tools.
        if (typeof spec.origin === 'string' && takesServerKind(cls.serverRead)) {
          this.settle(spec.origin);
          const kind = this.reads.kind(spec.origin);
          if (kind !== undefined) cls = onPublishedServer(cls, kind);
          // Remarks take no published kind; on a server of the user's own records they are its workspace's.
          if (this.reads.ownRecords(spec.origin)) cls = onSharedServer(cls);
        }
        // A write of a record no word places is kept where its server keeps its writes.
        if (typeof spec.origin === 'string' && cls.serverWriting === true) {
          this.settle(spec.origin);
          if (this.writes.outside(spec.origin)) cls = onTeamServer(cls);
        }
        if (typeof spec.origin === 'string' && cls.serverWrite === 'unplaced') {
          this.settle(spec.origin);
          if (this.writes.outside(spec.origin)) cls = onRemoteServer(cls);
        }
      } catch (e) {
        // INVARIANT: a tool the classifier cannot read is never allowed: its calls fail closed.
        classifyError = errorText(e);
      }
    }
    // INVARIANT: a spec read only in part is judged as if its unread part said the tool does all six
    // things (docs/semantics.md "Bounds never weaken a verdict"); an override says what it does.
    const unread = override === undefined ? cls.unread : undefined;
    const unreadAct = override === undefined ? cls.unreadAct : undefined;
    const read = toMask(cls.capabilities);
    const mask = override ?? (unread !== undefined ? ALL_CAPABILITIES_MASK : read);
    const evidence: Evidence[] =
      override === undefined ? [...cls.evidence] : fromMask(override).map((capability) => ({ capability, source: 'override', term: 'overrides' }));
    if (unread !== undefined) {
      const term = `read in part (${unread.why})`;
      for (const capability of fromMask(mask & ~read)) evidence.push({ capability, source: unread.source, term, ...(unread.at !== undefined ? { at: unread.at } : {}) });
    }
    const entry: ToolEntry = {
      name,
      known: spec !== undefined || override !== undefined || readError !== undefined,
      mask,
      capabilities: fromMask(mask),
      evidence,
      codeMode: cls.codeMode,
      harmless: override === 0 || (override === undefined && cls.harmless !== undefined),
      ...(override === undefined && cls.harmless !== undefined ? { recognised: cls.harmless } : {}),
      ...(unread !== undefined ? { unread } : {}),
      ...(unreadAct !== undefined ? { unreadAct } : {}),
      isDestination,
      ...(classifyError !== undefined ? { classifyError } : {}),
      ...(spec ? { spec } : {}),
      ...(content !== undefined ? { content } : {}),
      ...(cls.serverRead !== undefined ? { serverRead: cls.serverRead } : {}),
      ...(cls.serverWrite !== undefined ? { serverWrite: cls.serverWrite } : {}),
      ...(cls.serverWriting === true ? { serverWriting: true as const } : {}),
    };
    if (this.config.policy) {
      entry.required = requiredCapabilities({
        ...(spec?.annotations ? { annotations: spec.annotations } : {}),
        ...(spec?.origin ? { origin: spec.origin } : {}),
        ...(entry.known ? { capabilities: entry.capabilities } : {}),
      });
    }
    return entry;
  }

  /** The product the MCP server of this origin fronts, as its registered tools name it (`ServerProducts`). */
  serverProduct(origin: unknown): string | undefined {
    return this.servers.product(origin);
  }

  /** What the guard knows of a tool name (an unregistered name is unknown). */
  tool(name: string): ToolInfo {
    return toInfo(this.lookup(name));
  }

  /** @internal the entry, creating the unknown-tool entry on first use */
  lookup(name: string): ToolEntry {
    let e = this.tools.get(name);
    if (e === undefined) {
      // Classified against the servers as they stand now: what `reclassify` keeps every installed
      // entry at, so a tool read late is read as one read early and kept up to date.
      const d = this.deferred.get(name);
      // Out of the deferred tools first: classifying it may classify its server's other tools (`settle`).
      this.deferred.delete(name);
      if (d !== undefined && typeof d.spec.origin === 'string') this.deferredByOrigin.get(d.spec.origin)?.delete(name);
      e = d === undefined ? this.entryFor(name, undefined) : this.entryFor(name, d.spec, undefined, d.content);
      this.setEntry(name, e);
    }
    return e;
  }

  /** The session with this id, created on first use. Sessions never share state. */
  session(id = 'default'): Session {
    let s = this.sessionMap.get(id);
    if (s === undefined) {
      s = new Session(this, id);
      this.sessionMap.set(id, s);
    }
    return s;
  }

  /** Forget a session and all it recorded. */
  endSession(id: string): void {
    this.sessionMap.delete(id);
  }

  /** Ids of the live sessions, in creation order. */
  sessionIds(): string[] {
    return [...this.sessionMap.keys()];
  }

  /** @internal */
  get fingerprintSeed(): number {
    return this.seed;
  }

  /** @internal */
  get allDetectors(): readonly Detector[] {
    return this.detectors;
  }
}

function toInfo(e: ToolEntry): ToolInfo {
  return { name: e.name, known: e.known, capabilities: e.capabilities, evidence: e.evidence, codeMode: e.codeMode, harmless: e.harmless, ...(e.recognised !== undefined ? { recognised: e.recognised } : {}), ...(e.unread !== undefined ? { unread: e.unread } : {}), ...(e.unreadAct !== undefined ? { unreadAct: e.unreadAct } : {}) };
}

/**
 * Texts at most this long are also probed joined with their neighbours: a longer text holds whole
 * fragments of its own (a window is five tokens), a shorter one may hold a piece of one.
 */
const MAX_PIECE = 64;
/** Texts at least this long are probed through a filter of the stored keys (see `probeHashes`). */
const FILTER_FROM = 4096;

/** Per-call working state, computed lazily so a harmless call stays cheap. */
class CallContext {
  private provenanceBits: number | undefined;
  private findingsCache: Finding[] | undefined;
  private dest: Uint8Array | undefined;

  constructor(
    private readonly guard: Guard,
    private readonly scope: Scope,
    private readonly turn: number,
    private readonly call: ReadCall,
  ) {}

  /** Which argument nodes sit in destination fields (where data goes, not data that leaves). */
  private destinations(): Uint8Array {
    this.dest ??= destinationMask(this.call.args, this.guard.lookup(this.call.tool).isDestination);
    return this.dest;
  }

  /** PII and SECRET findings in the non-destination arguments and their keys. */
  findings(): Finding[] {
    this.findingsCache ??= scanTape(this.call.args, this.guard.allDetectors, this.destinations());
    return this.findingsCache;
  }

  /**
   * Provenance bits carried by the arguments: named `from` ids, then fingerprint probes, then the
   * classes of earlier results that were not read in full. Arguments not read in full, or more
   * `from` ids than were read, may carry anything: every class.
   */
  provenance(): number {
    if (this.provenanceBits !== undefined) return this.provenanceBits;
    const call = this.call;
    if (call.args.stop !== undefined || call.fromUnread) return (this.provenanceBits = ALL_PROVENANCE);
    let bits = visibleClasses(this.scope, this.turn, (s, before) => s.unreadBefore(before));
    const seed = this.guard.fingerprintSeed;
    for (const id of call.from) {
      const key = hash52(id, seed);
      // INVARIANT: an id the contexts table evicted for room still carries what it could have carried.
      bits |= visibleClasses(this.scope, this.turn, (s, before) => s.contexts.classesOfKey(key, before));
    }
    // The scopes this call sees, each with the turn before which its entries count: found once,
    // then every probe of every argument text is one lookup per scope that holds anything.
    const tables: ProvenanceTable[] = [];
    const befores: number[] = [];
    for (let s: Scope | undefined = this.scope, t = this.turn; s !== undefined; t = s.parentTurn, s = s.parent) {
      if (s.fingerprints.size === 0) continue;
      tables.push(s.fingerprints);
      befores.push(t);
    }
    if (tables.length > 0) {
      const probe = (h: number): boolean => {
        for (let k = 0; k < tables.length; k++) bits |= (tables[k] as ProvenanceTable).classesBefore(h, befores[k] as number);
        return bits === ALL_PROVENANCE;
      };
      // A long text makes many probes and nearly all miss: a filter of the stored keys' low bits
      // skips the table lookups of those that certainly miss (built once, for long texts only).
      let filter: Uint32Array | undefined;
      const filterFor = (text: string): Uint32Array | undefined => {
        if (text.length < FILTER_FROM) return undefined;
        if (filter === undefined) {
          filter = new Uint32Array(PROBE_FILTER_WORDS);
          for (const t of tables) t.markKeys(filter);
        }
        return filter;
      };
      // Short texts in the order they come: a copy cut into pieces shorter than a fragment (a word
      // per array element, per key, per field) is read again as one text.
      let pieces: string[] | undefined;
      forEachText(
        call.args,
        (text) => {
          if (bits === ALL_PROVENANCE) return;
          probeHashes(text, seed, probe, filterFor(text));
          // The text as its receiver reads it (HTML-escaped, percent-encoded, base64, look-alike
          // letters): a copy dressed that way is the same copy.
          const read = bits === ALL_PROVENANCE ? undefined : readable(text);
          if (read !== undefined) probeHashes(read, seed, probe, filterFor(read));
          if (text.length <= MAX_PIECE) (pieces ??= []).push(text);
        },
        this.destinations(),
        true,
      );
      if (bits !== ALL_PROVENANCE && pieces !== undefined && pieces.length > 1) {
        const joined = pieces.join('\n');
        probeHashes(joined, seed, probe, filterFor(joined));
      }
    }
    this.provenanceBits = bits;
    return bits;
  }
}

/** One session's view of the guard: decide before a call, record after it. */
export class Session {
  readonly ledger: Ledger;
  /**
   * Scripts a decided file write would put on disk (path keys hashed, with {@link SCRIPT_BITS}),
   * by the call they belong to; moved into the ledger when that call is recorded as run.
   */
  private readonly pendingScripts = new Map<string, (readonly [number, number])[]>();
  /** {@link SCRIPT_BITS} of decided writes dropped from {@link pendingScripts} for room. */
  private forgottenScripts = 0;
  /** The guard's own mode, the one {@link decide} decides in. */
  private readonly ownModes: readonly Mode[];

  constructor(
    readonly guard: Guard,
    readonly id: string,
  ) {
    this.ledger = new Ledger(id, guard.config.limits);
    this.ownModes = [guard.config.mode];
  }

  /**
   * Decide a call before it runs. Total: never throws, never allows on an internal error.
   * @returns the verdict with every rule that fired, the call's capabilities and evidence
   */
  decide(call: ToolCall): Decision {
    return this.decideFor(call, this.ownModes)[0] as Decision;
  }

  /**
   * Decide a call once for several modes: one decision per mode, in the order given, each what
   * {@link decide} gives in a session of a guard configured with that mode and otherwise the same.
   * The session changes as one call of {@link decide} changes it (what a session keeps never
   * depends on the mode), so a host that runs the same calls under several modes can run them once.
   * Total, as {@link decide} is.
   */
  decideModes(call: ToolCall, modes: readonly Mode[]): Decision[] {
    // Total on what a host passes too: modes that are not a list of known ones are an error, a
    // fail-closed decision for each entry (one for what is no list), never a throw and never allow.
    let list: Mode[] | undefined;
    let bad: string | undefined;
    try {
      if (!Array.isArray(modes)) bad = 'modes that are not a list';
      else {
        list = Array.from(modes);
        const at = list.findIndex((m) => !(MODES as readonly unknown[]).includes(m));
        if (at >= 0) bad = `a mode that is not permissive, balanced or strict: ${String(JSON.stringify(list[at])).slice(0, 40)}`;
      }
    } catch (e) {
      bad = `modes that cannot be read (${errorText(e)})`;
    }
    if (bad !== undefined || list === undefined) {
      const why = `invalid call: ${bad ?? 'no modes'}`;
      this.ledger.errors.push(`decide: ${why}`);
      return Array.from({ length: Math.max(1, list?.length ?? 1) }, () => this.failClosed('', undefined, 0, 'guard.internal-error', why));
    }
    return list.length === 0 ? [] : this.decideFor(call, list);
  }

  private decideFor(call: ToolCall, modes: readonly Mode[]): Decision[] {
    let read: ReadCall | undefined;
    let turn = 0;
    try {
      // INVARIANT: the host's object is read once, here; from now on only the copy is used.
      const r = readCall(call);
      if (!r.ok) {
        this.ledger.errors.push(`decide \`${r.tool.slice(0, 80) || '?'}\`: ${r.message}`);
        return modes.map(() => this.failClosed(r.tool, undefined, 0, 'guard.internal-error', r.message));
      }
      const decided = r.value;
      read = decided;
      if (decided.turn !== undefined && !isTurn(decided.turn)) {
        const message = `invalid call: \`turn\` must be an integer from 0 to ${MAX_TURN}, got \`${typeof decided.turn === 'number' ? String(decided.turn) : typeof decided.turn}\``;
        return modes.map(() => this.failClosed(decided.tool, decided, 0, 'guard.internal-error', message));
      }
      const scope = this.ledger.scopeOf(decided.parent);
      turn = decided.turn ?? (scope ? scope.cur + 1 : 0);
      const at = turn;
      return withReadings(() => this.decideIn(scope, at, decided, modes));
    } catch (e) {
      const msg = errorText(e);
      const tool = read?.tool ?? '';
      this.ledger.errors.push(`decide \`${tool.slice(0, 80) || '?'}\`: ${msg}`);
      return modes.map(() => this.failClosed(tool, read, turn, 'guard.internal-error', `the guard failed while deciding (${msg})`));
    }
  }

  /**
   * A command that runs a script by file (`python3 scripts/upload.py`) does what the script does:
   * when the session wrote that script earlier (a visible write, see {@link noteScripts}), its
   * network reach and credential reads join the command's own analysis.
   */
  private withScripts(command: CommandAnalysis, scope: Scope, turn: number): CommandAnalysis {
    const runs = command.scripts;
    if (runs.length === 0) return command;
    let network = command.network;
    let phases = command.phases;
    const refs = new Set(command.credentialRefs);
    const evidence = [...command.evidence];
    // Scripts the session wrote but no longer remembers (evicted for room, or decided writes whose
    // record never came before the room ran out): any script run may be one of them, so each run
    // carries what they could do. Stricter, never laxer (README "Ledger").
    const forgotten = this.forgottenScripts | visibleClasses(scope, turn, (s, before) => s.scripts.evictedBefore(before));
    for (const path of runs) {
      let bits = 0;
      for (const key of scriptKeys(path)) {
        const h = hash52(`script\u0000${key}`, this.guard.fingerprintSeed);
        bits |= visibleClasses(scope, turn, (s, before) => s.scripts.classesBefore(h, before));
      }
      const label = `script ${path}`;
      const named = label.length > 60 ? `script …${path.slice(-52)}` : label;
      const known = bits;
      const term = (known | forgotten) === known ? named : `${named} (maybe one it forgot)`;
      bits |= forgotten;
      if (bits & SCRIPT_BITS.network) {
        network = true;
        phases |= EIT | NAT;
        evidence.push({ capability: 'EXTERNAL_ACTION', source: 'command', term });
      }
      if (bits & SCRIPT_BITS.credential) {
        phases |= CRED;
        const written = known & SCRIPT_BITS.credential ? 'written earlier in this session' : 'maybe written earlier in this session (forgotten for room)';
        refs.add(`${path.length > 60 ? `…${path.slice(-59)}` : path}, ${written}`);
        evidence.push({ capability: 'CREDENTIAL_ACCESS', source: 'command', term });
      }
    }
    return { network, phases, credentialRefs: [...refs].sort(), evidence, scripts: runs };
  }

  /** Remember what the scripts a file write puts on disk can do, until the write is recorded. */
  private noteScripts(call: ReadCall, turn: number): void {
    const writes = scriptWritesTape(call.args);
    if (writes.length === 0) return;
    const entries: (readonly [number, number])[] = [];
    for (const w of writes) {
      const bits = (w.network ? SCRIPT_BITS.network : 0) | (w.credential ? SCRIPT_BITS.credential : 0);
      for (const key of scriptKeys(w.path)) entries.push([hash52(`script\u0000${key}`, this.guard.fingerprintSeed), bits]);
    }
    const key = pendingKey(call.tool, turn, call.id, call.parent);
    // Calls of one batch without ids share a key: keep every write's scripts (stricter, never laxer).
    const earlier = this.pendingScripts.get(key);
    this.pendingScripts.delete(key);
    this.pendingScripts.set(key, earlier ? [...earlier, ...entries] : entries);
    // Bounded: a host that decides writes and never records them cannot grow this.
    if (this.pendingScripts.size > this.guard.config.limits.scripts) {
      const oldest = this.pendingScripts.entries().next();
      if (!oldest.done) {
        this.pendingScripts.delete(oldest.value[0]);
        for (const [, bits] of oldest.value[1]) this.forgottenScripts |= bits;
      }
    }
  }

  /**
   * Decide `call` at `turn` of `open`, its scope; undefined for a sub-call whose Code Mode scope is
   * not open (closed for room under the limit `scopes`, or never opened): such a call is judged
   * against everything the session recorded, whatever its turn (stricter, never laxer), and
   * recorded by {@link Ledger.recordOrphan}.
   */
  private decideIn(open: Scope | undefined, turn: number, call: ReadCall, modes: readonly Mode[]): Decision[] {
    const scope = open ?? this.ledger.root;
    const view = open ? turn : AFTER_ALL;
    const tool = this.guard.lookup(call.tool);
    let caps = tool.mask;
    let evidence: readonly Evidence[] = tool.evidence;
    let command: CommandAnalysis | undefined;
    if (caps & EXEC) {
      command = this.withScripts(analyzeTape(call.args), scope, view);
      // A plain shell or interpreter can implement every phase: its command says which.
      // A Code Mode call is not counted: its sub-calls are (docs/semantics.md "Code Mode").
      if (!tool.codeMode) {
        caps |= command.phases;
        if (command.evidence.length > 0) evidence = [...evidence, ...command.evidence];
      }
    }
    if (caps & MUT && !tool.codeMode) this.noteScripts(call, turn);
    const facts = open ? open.facts(turn) : scope.allFacts();
    // A program inside a program whose scope is not open runs without a scope of its own: its
    // sub-calls are judged as the enclosing program's are.
    if (open && tool.codeMode && call.id !== undefined) this.ledger.openScope(call.id, open, turn);

    const ctx = new CallContext(this.guard, scope, view, call);
    // Each rule that fires, with its verdict: one for every mode, or one per mode (`RULE_TABLE`).
    const fired: { readonly id: RuleId; readonly verdict: Verdict | Readonly<Record<Mode, Verdict>>; readonly reason: string }[] = [];
    const fire = (id: RuleId, verdict: Verdict | Readonly<Record<Mode, Verdict>>, reason: string): void => {
      fired.push({ id, verdict, reason });
    };
    let usedFindings = false;
    let usedProvenance = false;

    if (tool.classifyError !== undefined) {
      this.ledger.errors.push(`classify \`${call.tool.slice(0, 80)}\`: ${tool.classifyError}`);
      fire('guard.internal-error', this.guard.config.onError, `the guard could not classify \`${call.tool}\` (${tool.classifyError})`);
    }
    const stop = call.args.stop;
    if (stop !== undefined) {
      // README "Bounds": past a cap, or at a value that cannot be read, the guard stops looking. It
      // never allows such a call, and the rules below judge it as if the unread part held
      // everything they look for (command analysis, findings and provenance all assume the worst).
      if (stop.reason === 'unreadable') {
        this.ledger.errors.push(`decide \`${call.tool.slice(0, 80)}\`: could not read the arguments at \`${stop.path}\`: ${stop.detail}`);
        fire('guard.internal-error', this.guard.config.onError, `the guard could not read the arguments at \`${stop.path}\` (${stop.detail})`);
      }
      fire('guard.input-unread', RULE_TABLE['guard.input-unread'], unreadReason(stop));
    }
    if (tool.unread !== undefined) fire('guard.input-unread', RULE_TABLE['guard.input-unread'], unreadSpecReason(call.tool, tool.unread));
    if (this.ledger.degraded) {
      fire('guard.degraded-ledger', this.guard.config.onError, 'recording an earlier call failed, so this session’s history may be incomplete');
    }
    if (tool.unread !== undefined) {
      // A tool the guard could not read in full is one it cannot read: what the unread part says might
      // also undo what the read part seemed to say ("Gets the build number" is no read of a record).
      fire('classify.unknown-tool', this.guard.config.unknownTool, `the guard could not read all of \`${call.tool}\`'s spec, so the unknown-tool posture (${this.guard.config.unknownTool}) applies`);
    } else if (caps === 0 && !tool.harmless) {
      fire('classify.unknown-tool', this.guard.config.unknownTool, `\`${call.tool}\` matches no known capability, so the unknown-tool posture (${this.guard.config.unknownTool}) applies`);
    } else if (tool.unreadAct !== undefined) {
      // What the tool does to what its name names is not read: it keeps what the names read as, and is
      // asked about as a tool the guard cannot read.
      fire('classify.unknown-tool', this.guard.config.unknownTool, `\`${call.tool}\`'s description opens with a verb the guard cannot read (\`${tool.unreadAct}\`), so the unknown-tool posture (${this.guard.config.unknownTool}) applies`);
    }
    if (caps & PAT && facts.eit) {
      fire('chain.eit-pat', RULE_TABLE['chain.eit-pat'], 'this call reads private data after content from outside the trust boundary entered the session');
    }
    if (caps & NAT && facts.eitPat) {
      usedFindings = usedProvenance = true;
      const sensitive = ctx.findings().filter((f) => f.kind === 'PII' || f.kind === 'SECRET');
      const privateData = (ctx.provenance() & PROVENANCE_BITS.private) !== 0;
      if (sensitive.length > 0 || privateData || stop !== undefined) {
        const what = [...new Set([...sensitive.map((f) => f.kind), ...(privateData ? ['CUSTOMER_DATA'] : []), ...(stop !== undefined ? ['UNREAD'] : [])])].join(', ');
        fire('chain.eit-pat-nat.sensitive', RULE_TABLE['chain.eit-pat-nat.sensitive'], `this call would send sensitive data (${what}) out after external content was followed by a private read`);
      } else {
        fire('chain.eit-pat-nat', RULE_TABLE['chain.eit-pat-nat'], 'this call sends data out after external content was followed by a private read');
      }
    }
    if (caps & CRED && facts.eit) {
      fire('chain.eit-credential', RULE_TABLE['chain.eit-credential'], 'this call reads credentials after content from outside the trust boundary entered the session');
    }
    if (caps & MUT) {
      usedProvenance = true;
      if (ctx.provenance() & PROVENANCE_BITS.untrusted) {
        fire('provenance.untrusted-mutation', RULE_TABLE['provenance.untrusted-mutation'], 'this call changes local state with content that came from outside the trust boundary');
      }
    }
    // `command` is set only for a call with CODE_EXECUTION.
    if (command?.network) {
      usedFindings = usedProvenance = true;
      const via: string[] = [...command.credentialRefs.map((r) => `\`${r}\``)];
      if (ctx.findings().some((f) => f.kind === 'SECRET')) via.push('a secret in its arguments');
      if (ctx.provenance() & PROVENANCE_BITS.credential) via.push('content read from a credential store');
      if (via.length > 0) {
        fire('exec.credential-egress', RULE_TABLE['exec.credential-egress'], `this command can reach the network and credentials enter it (${via.join(', ')})`);
      }
    }
    let gate: GateSummary | undefined;
    const policy = this.guard.config.policy;
    if (policy) {
      const required = tool.required ?? requiredCapabilities({});
      const tainted = facts.eit;
      const outcome = gateDecide(required, grantedCapabilities(policy, tainted), call.policyVerdict, tainted);
      const v = outcomeVerdict(outcome);
      gate =
        outcome.kind === 'escalate'
          ? { kind: 'escalate', missing: outcome.missing, reason: outcome.reason }
          : outcome.kind === 'deny'
            ? { kind: 'deny', missing: [], reason: outcome.reason }
            : outcome.kind === 'allow-with-transform'
              ? { kind: 'allow-with-transform', missing: [], transform: outcome.transform }
              : { kind: 'allow', missing: [] };
      if (outcome.kind === 'escalate') fire('gate.escalate', v, outcome.reason);
      if (outcome.kind === 'deny') fire('gate.deny', v, outcome.reason);
    }

    const provBits = usedProvenance ? ctx.provenance() : 0;
    const found = usedFindings ? [...ctx.findings()] : [];
    if (provBits & PROVENANCE_BITS.private && caps & NAT) found.push({ kind: 'CUSTOMER_DATA', detector: 'provenance.private', path: '$', preview: 'content of an earlier private read' });
    const capabilities = CAPABILITY_LISTS[caps] ?? fromMask(caps);
    const provenance = PROVENANCE_LISTS[provBits] ?? [];
    return modes.map((mode, k) => {
      const rules: FiredRule[] = fired.map((f) => ({ id: f.id, verdict: typeof f.verdict === 'string' ? f.verdict : f.verdict[mode], reason: f.reason }));
      rules.sort((a, b) => verdictRank(b.verdict) - verdictRank(a.verdict) || (RULE_ORDER.get(a.id) ?? 0) - (RULE_ORDER.get(b.id) ?? 0));
      const verdict: Verdict = rules[0]?.verdict ?? 'allow';
      // Each decision its own lists of findings and, below, its own gate: a host may change what it was given.
      const d = decision(call.tool, call, turn, verdict, rules, capabilities, evidence, k === 0 ? found : [...found], provenance);
      if (gate) d.gate = k === 0 ? gate : { ...gate, missing: [...gate.missing] };
      return d;
    });
  }

  private failClosed(tool: string, call: ReadCall | undefined, turn: number, rule: RuleId, message: string): Decision {
    const verdict = this.guard.config.onError;
    const d = decision(tool, call, turn, verdict, [{ id: rule, verdict, reason: message }], [], [], [], []);
    d.error = message;
    return d;
  }

  /**
   * Record the outcome of a call that ran. A failed call (`error`) records nothing; a successful
   * call with an empty result is recorded. Never throws.
   * @param callRef the decision (preferred: it carries the call's effective capabilities) or a bare ref
   */
  record(callRef: RecordRef, outcome: CallOutcome = {}): RecordResult {
    let tool = '';
    try {
      // INVARIANT: the ref and the outcome are read once, here; from now on only the copies are used.
      const r = readRef(callRef);
      if (!r.ok) {
        tool = r.tool;
        throw new TypeError(r.message);
      }
      const ref = r.value;
      tool = ref.tool;
      if (!isTurn(ref.turn)) throw new TypeError(`invalid call ref: expected \`{tool, turn}\` with an integer turn from 0 to ${MAX_TURN}`);
      const turn = ref.turn;
      const entry = this.guard.lookup(ref.tool);
      if (entry.codeMode && ref.id !== undefined) this.ledger.closeScope(ref.id);
      const key = pendingKey(ref.tool, turn, ref.id, ref.parent);
      const scripts = this.pendingScripts.get(key);
      if (scripts !== undefined) this.pendingScripts.delete(key);
      const out = readOutcome(outcome);
      if (out.failed) return { recorded: false, reason: 'failed-call' };
      if (entry.codeMode) return { recorded: false, reason: 'code-mode-call' };
      const caps = ref.capabilities ? toMask(ref.capabilities) : entry.mask;
      const scope = this.ledger.scopeOf(ref.parent);
      let fragments: number[] = [];
      let unread: Stop | undefined;
      if (out.unreadable !== undefined) unread = { reason: 'unreadable', path: '$', detail: out.unreadable };
      else if (caps & (EIT | PAT | CRED)) {
        const tape = readValue(out.result);
        fragments = tapeFragments(tape, this.guard.fingerprintSeed, this.guard.config.limits.fragmentsPerEvent);
        unread = tape.stop;
      }
      if (unread?.reason === 'unreadable') this.ledger.errors.push(`record \`${ref.tool.slice(0, 80)}\`: could not read the result at \`${unread.path}\`: ${unread.detail}`);
      const contextKey = ref.id === undefined ? undefined : hash52(ref.id, this.guard.fingerprintSeed);
      const audit: { tool: string; capabilities: number; turn: number; id?: string; parent?: string } = { tool: ref.tool, capabilities: caps, turn };
      if (ref.id !== undefined) audit.id = ref.id;
      if (ref.parent !== undefined) audit.parent = ref.parent;
      // INVARIANT: a result not read in full still records its event; what was not read may hold
      // anything, so every later argument may carry its classes (Scope.unreadBefore).
      const event = { fragments, contextKey, audit, scripts: scripts ?? [], unread: unread !== undefined };
      if (scope) this.ledger.recordEvent(scope, turn, caps, event);
      else this.ledger.recordOrphan(caps, event);
      return RECORDED;
    } catch (e) {
      const msg = errorText(e);
      // INVARIANT: a lost event could hide a chain, so the session fails closed from here on.
      this.ledger.degraded = true;
      this.ledger.errors.push(`record \`${tool.slice(0, 80) || '?'}\`: ${msg}`);
      return { recorded: false, reason: 'internal-error', error: msg };
    }
  }

  /**
   * The chain facts a call at `turn` (inside Code Mode call `parent`, if given) would see.
   * For explanations: {@link decide} computes the same facts itself.
   */
  chainFacts(turn: number, parent?: string): ChainFacts {
    const scope = this.ledger.scopeOf(parent);
    return scope ? scope.facts(turn) : this.ledger.root.allFacts();
  }

  /** The chain facts a sequential call (a new turn) would see now. */
  facts(): ChainFacts {
    const root = this.ledger.root;
    return root.facts(root.cur + 1);
  }

  /** Plain-data snapshot of the ledger: no argument or result text inside. */
  snapshot(): LedgerSnapshot {
    return this.ledger.snapshot();
  }
}

/** Which decided call a record belongs to: the same tool, turn, id and parent. */
function pendingKey(tool: string, turn: number, id: string | undefined, parent: string | undefined): string {
  return `${tool}\u0000${turn}\u0000${id ?? ''}\u0000${parent ?? ''}`;
}

/** The reason of `guard.input-unread`: where reading stopped, and why. */
function unreadReason(stop: Stop): string {
  const why = stop.reason === 'unreadable' ? `a value there could not be read: ${stop.detail}` : stop.detail;
  return `the guard stopped reading this call's arguments at \`${stop.path}\` (${why}), so it judges them as if the unread part held what its rules look for`;
}

function unreadSpecReason(tool: string, cut: SpecCut): string {
  const where = cut.source === 'schema' ? `its input schema at \`${cut.at ?? ''}\`` : `its ${cut.source}`;
  return `the guard read only part of the spec of \`${tool.slice(0, 80)}\` (${where}: ${cut.why}), so it judges the tool as if the unread part said it does all six things`;
}

// Built once: the capability and provenance lists of every mask, shared by all decisions.
const CAPABILITY_LISTS: readonly (readonly Capability[])[] = Array.from({ length: 64 }, (_, m) => Object.freeze(fromMask(m)));
const PROVENANCE_LISTS: readonly (readonly ProvenanceClass[])[] = Array.from({ length: 8 }, (_, m) => Object.freeze(PROVENANCE_CLASSES.filter((c) => m & PROVENANCE_BITS[c])));

/** A decision object with one fixed shape (a literal, not spreads: this is the hot path). */
function decision(
  tool: string,
  call: ReadCall | undefined,
  turn: number,
  verdict: Verdict,
  rules: readonly FiredRule[],
  capabilities: readonly Capability[],
  evidence: readonly Evidence[],
  findings: readonly Finding[],
  provenance: readonly ProvenanceClass[],
): Mutable<Decision> {
  const d: Mutable<Decision> = { tool, turn, verdict, rules, capabilities, evidence, findings, provenance };
  if (call?.id !== undefined) d.id = call.id;
  if (call?.parent !== undefined) d.parent = call.parent;
  return d;
}

/**
 * Create a guard.
 * @throws GuardConfigError listing every problem of `config`
 */
export function createGuard(config: GuardConfig = {}): Guard {
  return new Guard(config);
}
