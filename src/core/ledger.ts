/**
 * The per-session ledger: what the guard remembers of a session's successful calls.
 *
 * Three parts, with different memory rules (README "Ledger"):
 * - **Chain state**, constant space and never evicted: the facts the chain rules need
 *   (has an EXTERNAL_INGESTION event come before; has a PRIVATE_ACCESS event come after one).
 * - **Fingerprints and context ids**, bounded, first-in first-out eviction: the provenance of
 *   result fragments (salted hashes only) and of the host's call ids.
 * - **Audit history**, bounded ring of the last events (tool label, capabilities, turn), and the
 *   last internal errors.
 *
 * Order is happens-before (DESIGN.md "Events and order"). Every event lives at a position: a
 * turn within a *scope*. The session is the root scope; each Code Mode call opens a child scope
 * whose own turns are its sequential sub-calls. An event of turn t comes before every event of a
 * later turn of the same scope; events of one turn are concurrent. A child scope's events sit, for
 * its parent scope, at the turn of the `run_code` call that opened it.
 *
 * The chain facts of a scope are kept as three numbers and two flags:
 * `eitMin` (the earliest turn holding an EIT event), `patMax` (the latest turn before the
 * current one holding a PAT event) and `ep` (a chain EIT → PAT was closed inside a child scope),
 * which answer "an EIT before turn t" (`eitMin < t`) and "EIT → PAT before the current turn"
 * (`ep || eitMin < patMax`) exactly, whatever order the events of a turn are recorded in.
 */
import { CRED, EIT, PAT } from './capabilities.js';
import type { ProvenanceClass } from './types.js';

export const PROVENANCE_BITS: Readonly<Record<ProvenanceClass, number>> = { untrusted: 1, private: 2, credential: 4 };
export const PROVENANCE_CLASSES: readonly ProvenanceClass[] = ['untrusted', 'private', 'credential'];

/** Provenance classes of an event with capability mask `caps`. */
export function provenanceOf(caps: number): number {
  return (caps & EIT ? PROVENANCE_BITS.untrusted : 0) | (caps & PAT ? PROVENANCE_BITS.private : 0) | (caps & CRED ? PROVENANCE_BITS.credential : 0);
}

/** Chain facts visible to one decision. */
export interface ChainFacts {
  /** An EXTERNAL_INGESTION event came before. */
  readonly eit: boolean;
  /** An EXTERNAL_INGESTION event, then (in a later turn) a PRIVATE_ACCESS event, came before. */
  readonly eitPat: boolean;
}

/** Memory bounds of one session. Documented defaults in {@link DEFAULT_LIMITS}. */
export interface LedgerLimits {
  /** Audit events kept (ring; the oldest is dropped). */
  readonly history: number;
  /** Fingerprints kept per scope (first in, first out). */
  readonly fingerprints: number;
  /** Context ids kept per scope (first in, first out). */
  readonly contexts: number;
  /** Code Mode scopes open at once (the oldest is closed). */
  readonly scopes: number;
  /** Fragments taken from one result. */
  readonly fragmentsPerEvent: number;
  /** Internal errors kept. */
  readonly errors: number;
}

export const DEFAULT_LIMITS: LedgerLimits = {
  history: 256,
  fingerprints: 2048,
  contexts: 512,
  scopes: 64,
  fragmentsPerEvent: 512,
  errors: 32,
};

/** A visibility-tagged provenance store: key → class bits, each with the earliest turn it was seen. */
class ProvenanceStore<K> {
  // value: [untrustedTurn, privateTurn, credentialTurn]; Infinity = never
  private readonly map = new Map<K, [number, number, number]>();
  constructor(private readonly cap: number) {}

  add(key: K, classes: number, turn: number): void {
    let v = this.map.get(key);
    if (v === undefined) {
      v = [Infinity, Infinity, Infinity];
      this.map.set(key, v);
      if (this.map.size > this.cap) {
        // INVARIANT: only provenance is ever evicted here, never chain state.
        const oldest = this.map.keys().next();
        if (!oldest.done) this.map.delete(oldest.value);
      }
    }
    for (let i = 0; i < 3; i++) if (classes & (1 << i) && turn < (v[i] as number)) v[i] = turn;
  }

  /** Class bits of `key` seen strictly before `turn`. */
  classesBefore(key: K, turn: number): number {
    const v = this.map.get(key);
    if (v === undefined) return 0;
    return (v[0] < turn ? 1 : 0) | (v[1] < turn ? 2 : 0) | (v[2] < turn ? 4 : 0);
  }

  get size(): number {
    return this.map.size;
  }

  entries(): IterableIterator<[K, [number, number, number]]> {
    return this.map.entries();
  }
}

/** One scope of turns: the session itself, or the sub-calls of one Code Mode call. */
export class Scope {
  /** Latest turn seen in this scope. */
  cur = -1;
  private eitMin = Infinity;
  private patMax = -Infinity;
  private ep = false;
  private pendingPat = false;
  private pendingEp = false;
  readonly fingerprints: ProvenanceStore<number>;
  readonly contexts: ProvenanceStore<string>;

  /**
   * @param parent the enclosing scope, or undefined for the session
   * @param parentTurn the turn, in `parent`, of the call that opened this scope
   * @param base the chain facts visible to that call, which come before every event of this scope
   */
  constructor(
    limits: LedgerLimits,
    readonly parent?: Scope,
    readonly parentTurn = 0,
    base?: ChainFacts,
  ) {
    this.fingerprints = new ProvenanceStore(limits.fingerprints);
    this.contexts = new ProvenanceStore(limits.contexts);
    // The base events sit at a virtual turn before the first real one.
    if (base?.eit) this.eitMin = -1;
    if (base?.eitPat) this.ep = true;
  }

  private advance(turn: number): void {
    if (turn <= this.cur) return;
    if (this.pendingPat) this.patMax = Math.max(this.patMax, this.cur);
    if (this.pendingEp) this.ep = true;
    this.pendingPat = false;
    this.pendingEp = false;
    this.cur = turn;
  }

  /**
   * Add an event of `turn` with capability mask `caps`; `innerChain` says that a child scope
   * closed an EIT → PAT chain inside this event.
   */
  insert(turn: number, caps: number, innerChain: boolean): void {
    this.advance(turn);
    if (turn === this.cur) {
      if (caps & PAT) this.pendingPat = true;
      if (innerChain) this.pendingEp = true;
    } else {
      // A late event of an earlier turn: it goes straight into the settled facts.
      if (caps & PAT) this.patMax = Math.max(this.patMax, turn);
      if (innerChain) this.ep = true;
    }
    if (caps & EIT) this.eitMin = Math.min(this.eitMin, turn);
  }

  /**
   * The chain facts visible to a decision at `turn`.
   * A decision for a turn older than the newest one seen is judged against everything settled
   * so far: stricter than exact, never laxer (hosts do not decide for past turns).
   */
  facts(turn: number): ChainFacts {
    this.advance(turn);
    return { eit: this.eitMin < turn, eitPat: this.ep || this.eitMin < this.patMax };
  }

  /** Whether this scope holds a closed EIT → PAT chain among all its events, pending ones included. */
  hasInnerChain(): boolean {
    const patTop = this.pendingPat ? this.cur : this.patMax;
    return this.ep || this.pendingEp || this.eitMin < patTop;
  }

  /** Plain-data chain state, for snapshots and explanations. */
  chainSnapshot(): { turn: number; eitMin: number | null; patMax: number | null; innerChain: boolean; pendingPat: boolean } {
    return {
      turn: this.cur,
      eitMin: Number.isFinite(this.eitMin) ? this.eitMin : null,
      patMax: Number.isFinite(this.patMax) ? this.patMax : null,
      innerChain: this.ep || this.pendingEp,
      pendingPat: this.pendingPat,
    };
  }
}

/** One audit record. Holds no argument or result text. */
export interface AuditEvent {
  readonly seq: number;
  readonly tool: string;
  readonly capabilities: number;
  readonly turn: number;
  readonly id?: string;
  readonly parent?: string;
}

/** Fixed-capacity ring buffer for audit events and errors. */
export class Ring<T> {
  private readonly items: (T | undefined)[];
  private next = 0;
  private count = 0;
  constructor(readonly capacity: number) {
    this.items = new Array<T | undefined>(capacity);
  }
  push(item: T): void {
    if (this.capacity === 0) return;
    this.items[this.next] = item;
    this.next = (this.next + 1) % this.capacity;
    if (this.count < this.capacity) this.count++;
  }
  /** Oldest first. */
  toArray(): T[] {
    const out: T[] = [];
    const start = (this.next - this.count + this.capacity) % Math.max(1, this.capacity);
    for (let i = 0; i < this.count; i++) out.push(this.items[(start + i) % this.capacity] as T);
    return out;
  }
  get length(): number {
    return this.count;
  }
}

/** Serialised form of a ledger: what a debugger or a test sees. No raw text inside. */
export interface LedgerSnapshot {
  readonly session: string;
  readonly chain: ReturnType<Scope['chainSnapshot']>;
  readonly events: number;
  readonly history: readonly AuditEvent[];
  /** `[hash, untrustedTurn, privateTurn, credentialTurn]`, -1 for a class never seen. */
  readonly fingerprints: readonly (readonly number[])[];
  readonly contexts: readonly (readonly [string, number, number, number])[];
  readonly openScopes: number;
  readonly errors: readonly string[];
  readonly degraded: boolean;
}

/** The ledger of one session. */
export class Ledger {
  readonly root: Scope;
  readonly history: Ring<AuditEvent>;
  readonly errors: Ring<string>;
  /** Open Code Mode scopes by the id of the call that opened them (insertion order = age). */
  private readonly scopes = new Map<string, Scope>();
  private seq = 0;
  /** Set when recording failed: the chain may be missing an event, so decisions fail closed. */
  degraded = false;

  constructor(
    readonly session: string,
    readonly limits: LedgerLimits,
  ) {
    this.root = new Scope(limits);
    this.history = new Ring(limits.history);
    this.errors = new Ring(limits.errors);
  }

  /** The scope a call with this `parent` lives in (the root when there is none). */
  scopeOf(parent: string | undefined): Scope | undefined {
    return parent === undefined ? this.root : this.scopes.get(parent);
  }

  /**
   * Open the scope of a Code Mode call `id` decided at `turn` of `within`. Re-opening an open
   * id keeps the existing scope.
   */
  openScope(id: string, within: Scope, turn: number): Scope {
    const existing = this.scopes.get(id);
    if (existing) return existing;
    const scope = new Scope(this.limits, within, turn, within.facts(turn));
    this.scopes.set(id, scope);
    if (this.scopes.size > this.limits.scopes) {
      const oldest = this.scopes.keys().next();
      if (!oldest.done) this.scopes.delete(oldest.value);
    }
    return scope;
  }

  closeScope(id: string): void {
    this.scopes.delete(id);
  }

  /**
   * Record one successful event in `scope` at `turn`, with its fragments and context id, and
   * propagate it to every enclosing scope at the turn of the call that opened the child.
   */
  recordEvent(scope: Scope, turn: number, caps: number, fragments: readonly number[], contextId: string | undefined, audit: Omit<AuditEvent, 'seq'>): void {
    const classes = provenanceOf(caps);
    let s: Scope | undefined = scope;
    let t = turn;
    let innerChain = false;
    while (s !== undefined) {
      s.insert(t, caps, innerChain);
      if (classes !== 0) {
        for (const h of fragments) s.fingerprints.add(h, classes, t);
        if (contextId !== undefined) s.contexts.add(contextId, classes, t);
      }
      innerChain = s.hasInnerChain();
      t = s.parentTurn;
      s = s.parent;
    }
    this.history.push({ seq: this.seq++, ...audit });
  }

  /** Number of events recorded over the session's life. */
  get eventCount(): number {
    return this.seq;
  }

  get openScopeCount(): number {
    return this.scopes.size;
  }

  snapshot(): LedgerSnapshot {
    const fp: number[][] = [];
    for (const [h, v] of this.root.fingerprints.entries()) fp.push([h, ...v.map((x) => (Number.isFinite(x) ? x : -1))]);
    const ctx: [string, number, number, number][] = [];
    for (const [id, v] of this.root.contexts.entries()) {
      const [a, b, c] = v.map((x) => (Number.isFinite(x) ? x : -1)) as [number, number, number];
      ctx.push([id, a, b, c]);
    }
    return {
      session: this.session,
      chain: this.root.chainSnapshot(),
      events: this.seq,
      history: this.history.toArray(),
      fingerprints: fp,
      contexts: ctx,
      openScopes: this.scopes.size,
      errors: this.errors.toArray(),
      degraded: this.degraded,
    };
  }
}

/**
 * Provenance classes (bits of {@link PROVENANCE_BITS}) visible from `scope` at `turn` for a
 * lookup function: the scope's own entries before `turn`, then each enclosing scope's entries
 * before the turn of the call that opened the child.
 */
export function visibleClasses(scope: Scope, turn: number, lookup: (s: Scope, before: number) => number): number {
  let bits = 0;
  let s: Scope | undefined = scope;
  let t = turn;
  while (s !== undefined && bits !== 7) {
    bits |= lookup(s, t);
    t = s.parentTurn;
    s = s.parent;
  }
  return bits;
}
