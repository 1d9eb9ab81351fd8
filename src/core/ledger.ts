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
 * Order is happens-before (docs/semantics.md "Events and order"). Every event lives at a position: a
 * turn within a *scope*. The session is the root scope; each Code Mode call opens a child scope
 * whose own turns are its sequential sub-calls. An event of turn t comes before every event of a
 * later turn of the same scope; events of one turn are concurrent. A child scope's events sit, for
 * its parent scope, at the turn of the `run_code` call that opened it.
 *
 * The chain facts of a scope are kept as three numbers and two flags (a child scope adds, live,
 * what its enclosing scopes held before the call that opened it):
 * `eitMin` (the earliest turn holding an EIT event), `patMax` (the latest turn before the
 * current one holding a PAT event) and `ep` (a chain EIT → PAT was closed inside a child scope),
 * which answer "an EIT before turn t" (`eitMin < t`) and "EIT → PAT before the current turn"
 * (`ep || eitMin < patMax`) exactly, whatever order the events of a turn are recorded in.
 */
import { CRED, EIT, PAT } from './capabilities.js';
import { markProbe } from './fingerprint.js';
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
  /** Scripts written in the session whose content can reach the network or reads credentials, per scope (first in, first out). */
  readonly scripts: number;
}

export const DEFAULT_LIMITS: LedgerLimits = {
  history: 128,
  fingerprints: 1024,
  contexts: 256,
  scopes: 64,
  fragmentsPerEvent: 512,
  errors: 32,
  scripts: 64,
};

/**
 * What a script written in the session can do when run by file, as class bits of a
 * {@link ProvenanceTable} keyed by the script's path keys (see `scriptKeys` in command.ts).
 */
export const SCRIPT_BITS = { network: 1, credential: 2 } as const;

const EMPTY_KEYS = new Float64Array(0);
const EMPTY_INDEX = new Uint16Array(0);
const EMPTY_CLASSES = new Uint8Array(0);
/** The class bits of a {@link ProvenanceTable} entry whose turns are in the pool. */
const SPLIT = 8;
const TWO_POW_MINUS_32 = 2 ** -32;
/** Bits of a table's filter of evicted keys (256 bytes, allocated at the first eviction). */
const EVICTED_BITS = 2048;
/** The two filter bits of a 52-bit key: from its low 32 bits, and from the 20 above them. */
const lowBit = (key: number): number => (key >>> 0) & (EVICTED_BITS - 1);
const highBit = (key: number): number => Math.floor(key * TWO_POW_MINUS_32) & (EVICTED_BITS - 1);
const hasBit = (f: Uint32Array, bit: number): boolean => ((f[bit >>> 5] as number) & (1 << (bit & 31))) !== 0;
const EMPTY_TURNS = new Int32Array(0);

/** Turn value of a class never seen. */
const NEVER = 0x7fffffff;
/** Largest turn the ledger stores (turns are kept in 32-bit slots). */
export const MAX_TURN = NEVER - 1;
/** A view turn after every stored turn: lookups before it see everything recorded. */
export const AFTER_ALL = NEVER;

/**
 * A bounded provenance table: 52-bit key → for each of the three classes, the earliest turn it
 * was seen. The entries sit in a ring in insertion order, which gives first-in first-out eviction;
 * an open-addressing index over the ring (linear probing, a 2-byte ring position per slot, 4 for
 * a cap of 65 535 or more, backward-shift deletion so that probing never needs tombstones) finds a
 * key. Both grow with
 * their entries up to `cap` (most sessions stay small): the index by doubling, the ring by four.
 *
 * An entry is a key, a turn and its classes (13 bytes, no per-entry object): every class of an
 * entry is nearly always first seen at one turn, since one event adds its classes together. An
 * entry whose classes were first seen at different turns keeps its three turns in an overflow
 * pool instead. A full table of 1 024 entries holds 15.5 KiB.
 */
export class ProvenanceTable {
  /** Slots at full size: the load factor never passes 0.8. */
  private readonly maxSlots: number;
  private slots = 0;
  /** Per slot, the ring position of its entry plus one; 0 for an empty slot. */
  private index: Uint16Array | Uint32Array = EMPTY_INDEX;
  /** The entries' keys, by ring position. Positions `[0, count)` are live. */
  private keys = EMPTY_KEYS;
  /**
   * Per entry, the turn its classes were first seen at, stored as `NEVER - turn` (a larger value
   * is an earlier turn); for an entry marked {@link SPLIT}, the index of its record in `pool`.
   */
  private seen = EMPTY_TURNS;
  /** Per entry, its class bits, and {@link SPLIT} when its classes were first seen at different turns. */
  private classes = EMPTY_CLASSES;
  /**
   * Records of three turns (`NEVER - turn` per class, 0 for a class never seen) of the entries
   * marked {@link SPLIT}; a free record holds the index of the next free one (or -1) first.
   */
  private pool = EMPTY_TURNS;
  private poolFree = -1;
  private poolUsed = 0;
  /** Ring position of the oldest entry: 0 until the ring is full, then it turns. */
  private head = 0;
  private count = 0;
  /** Per class, the earliest turn of an evicted entry: what the table no longer remembers. */
  private readonly evicted = [NEVER, NEVER, NEVER];
  /**
   * With `keepsEvictedKeys`, a filter of the keys of evicted entries (two bits of {@link EVICTED_BITS}
   * per key, set at the first eviction): a key whose bits are not both set was never evicted.
   */
  private evictedKeys: Uint32Array | undefined;

  /**
   * @param cap entries kept; past it the oldest is evicted (0: every entry is evicted as it comes)
   * @param keepsEvictedKeys keep a filter of evicted keys, so that {@link classesOfKey} knows which
   *   keys may have been evicted (a table looked up by a key the host names, the context ids)
   */
  constructor(
    readonly cap: number,
    private readonly keepsEvictedKeys = false,
  ) {
    this.maxSlots = Math.max(1, Math.ceil(cap * 1.25));
  }

  /** A new index of `slots` slots, every live entry put back. */
  private resize(slots: number): void {
    const index = this.cap < 0xffff ? new Uint16Array(slots) : new Uint32Array(slots);
    this.slots = slots;
    this.index = index;
    const keys = this.keys;
    for (let r = 0; r < this.count; r++) {
      let i = this.home(keys[r] as number);
      while (index[i] !== 0) i = i + 1 === slots ? 0 : i + 1;
      index[i] = r + 1;
    }
  }

  /**
   * Room in the ring for `n` entries, grown four times at a step (up to `cap`): a table that
   * fills takes few steps, and each step is one buffer for the three arrays.
   */
  private growRing(n: number): void {
    let m = Math.max(16, this.keys.length);
    while (m < n) m *= 4;
    m = Math.min(this.cap, m);
    // Keys first (8-byte aligned), then turns (4-byte aligned: 8m is), then classes.
    const buffer = new ArrayBuffer(m * 13);
    const keys = new Float64Array(buffer, 0, m);
    keys.set(this.keys);
    const seen = new Int32Array(buffer, m * 8, m);
    seen.set(this.seen);
    const classes = new Uint8Array(buffer, m * 12, m);
    classes.set(this.classes);
    this.keys = keys;
    this.seen = seen;
    this.classes = classes;
  }

  /**
   * A key's home slot, from the high bits of its low 32 (multiply-shift range reduction: no
   * integer division, and the product stays below 2^53, so the double arithmetic is exact). A
   * fragment key's lowest bits are those of its run's first token (see fingerprint.ts `runKey`),
   * shared by every fragment that starts with the same token: `key % slots` piled them into a few
   * probe runs (a 1 KiB result was recorded in about 100 µs, most of it probing). The bits above
   * them are mixed from the whole run, as every bit of a context or script key is.
   */
  private home(key: number): number {
    return Math.floor((key >>> 0) * this.slots * TWO_POW_MINUS_32);
  }

  /** The ring position of `key`, or -1. */
  private find(key: number): number {
    if (this.count === 0) return -1;
    const i = this.probe(key);
    return i >= 0 ? (this.index[i] as number) - 1 : -1;
  }

  /**
   * The slot holding `key`, or, when no slot does, `-1 - e` where `e` is the empty slot its probe
   * ended at (the load factor stays below 1, so every probe ends). The index must have slots.
   */
  private probe(key: number): number {
    const index = this.index;
    const keys = this.keys;
    const slots = this.slots;
    for (let i = this.home(key); ; i = i + 1 === slots ? 0 : i + 1) {
      const r = index[i] as number;
      if (r === 0) return -1 - i;
      if (keys[r - 1] === key) return i;
    }
  }

  /** Make room for `n` more keys at once: one resize instead of one per doubling. */
  reserve(n: number): void {
    const want = Math.min(this.cap, this.count + n);
    if (want > this.keys.length) this.growRing(want);
    if (this.slots >= this.maxSlots || want * 5 <= this.slots * 4) return;
    let slots = Math.max(16, this.slots);
    while (slots < this.maxSlots && want * 5 > slots * 4) slots *= 2;
    this.resize(Math.min(this.maxSlots, slots));
  }

  /** Add `classes` (bits of {@link PROVENANCE_BITS}) for `key`, seen at `turn`. */
  add(rawKey: number, classes: number, turn: number): void {
    if (classes === 0) return;
    const key = rawKey === 0 ? 1 : rawKey;
    if (this.cap === 0) {
      // INVARIANT: a table that keeps nothing evicts every entry as it comes, and remembers what it lost.
      for (let c = 0; c < 3; c++) if (classes & (1 << c)) this.evicted[c] = Math.min(this.evicted[c] as number, turn);
      this.markEvicted(key);
      return;
    }
    const at = NEVER - turn;
    if (this.slots < this.maxSlots && (this.count + 1) * 5 > this.slots * 4) this.resize(Math.min(this.maxSlots, Math.max(16, this.slots * 2)));
    let i = this.probe(key);
    if (i >= 0) {
      this.merge((this.index[i] as number) - 1, classes, at);
      return;
    }
    let r: number;
    if (this.count === this.cap) {
      // INVARIANT: only provenance is ever evicted here, never chain state.
      r = this.head;
      for (let c = 0; c < 3; c++) this.evicted[c] = Math.min(this.evicted[c] as number, NEVER - this.seenAt(r, c));
      this.markEvicted(this.keys[r] as number);
      if ((this.classes[r] as number) & SPLIT) this.release(this.seen[r] as number);
      this.removeAt(this.probe(this.keys[r] as number));
      this.head = r + 1 === this.cap ? 0 : r + 1;
      this.count--;
      // The removal may have shifted the probe run the key would end in.
      i = this.probe(key);
    } else {
      if (this.count === this.keys.length) this.growRing(this.count + 1);
      r = this.count;
    }
    this.keys[r] = key;
    this.seen[r] = at;
    this.classes[r] = classes;
    this.index[-1 - i] = r + 1;
    this.count++;
  }

  /** `NEVER - turn` of the earliest turn class `c` of entry `r` was seen at; 0 when it never was. */
  private seenAt(r: number, c: number): number {
    const cls = this.classes[r] as number;
    if (cls & SPLIT) return this.pool[(this.seen[r] as number) * 3 + c] as number;
    return cls & (1 << c) ? (this.seen[r] as number) : 0;
  }

  /** Entry `r` is also seen with `classes` at `at` (`NEVER - turn`): keep each class's earliest. */
  private merge(r: number, classes: number, at: number): void {
    const cls = this.classes[r] as number;
    if (!(cls & SPLIT)) {
      const had = this.seen[r] as number;
      if (at === had) {
        this.classes[r] = cls | classes;
        return;
      }
      // Nothing new: every class is already seen, no later than this.
      if (at < had && (classes & ~cls) === 0) return;
      // Earlier for every class the entry has: the classes seen before are seen now, at `at`.
      if (at > had && (cls & ~classes) === 0) {
        this.seen[r] = at;
        this.classes[r] = classes;
        return;
      }
      // The classes now differ in their first turns: the entry moves its turns to the pool.
      const rec = this.acquire();
      for (let c = 0; c < 3; c++) this.pool[rec * 3 + c] = cls & (1 << c) ? had : 0;
      this.seen[r] = rec;
      this.classes[r] = SPLIT;
    }
    const base = (this.seen[r] as number) * 3;
    const p = this.pool;
    if (classes & 1 && at > (p[base] as number)) p[base] = at;
    if (classes & 2 && at > (p[base + 1] as number)) p[base + 1] = at;
    if (classes & 4 && at > (p[base + 2] as number)) p[base + 2] = at;
  }

  /** A free record of the pool (grown by doubling); the caller writes its three turns. */
  private acquire(): number {
    if (this.poolFree >= 0) {
      const rec = this.poolFree;
      this.poolFree = this.pool[rec * 3] as number;
      return rec;
    }
    if (this.poolUsed * 3 === this.pool.length) {
      const pool = new Int32Array(Math.max(4, this.poolUsed * 2) * 3);
      pool.set(this.pool);
      this.pool = pool;
    }
    return this.poolUsed++;
  }

  private release(rec: number): void {
    this.pool[rec * 3] = this.poolFree;
    this.poolFree = rec;
  }

  /** Empty slot `at`, then close the gap it leaves in its probe run. */
  private removeAt(at: number): void {
    const index = this.index;
    const keys = this.keys;
    const slots = this.slots;
    let i = at;
    index[i] = 0;
    // Backward-shift: move later members of the probe run into the hole when their home allows.
    for (let j = i + 1 === slots ? 0 : i + 1; index[j] !== 0; j = j + 1 === slots ? 0 : j + 1) {
      const h = this.home(keys[(index[j] as number) - 1] as number);
      const between = i <= j ? h > i && h <= j : h > i || h <= j;
      if (between) continue;
      index[i] = index[j] as number;
      index[j] = 0;
      i = j;
    }
  }

  /** Mark every stored key in a probe filter (see `probeHashes`); hash 0 is stored as key 1. */
  markKeys(filter: Uint32Array): void {
    const keys = this.keys;
    for (let r = 0; r < this.count; r++) {
      const k = keys[r] as number;
      markProbe(filter, k);
      if (k === 1) markProbe(filter, 0);
    }
  }

  /**
   * Class bits of entries evicted for room that were seen strictly before `turn`: any key may have
   * been one of them. Constant space, kept for the table's life.
   */
  evictedBefore(turn: number): number {
    const e = this.evicted;
    return ((e[0] as number) < turn ? 1 : 0) | ((e[1] as number) < turn ? 2 : 0) | ((e[2] as number) < turn ? 4 : 0);
  }

  /** Mark an evicted entry's key in the filter of evicted keys, when the table keeps one. */
  private markEvicted(key: number): void {
    if (!this.keepsEvictedKeys) return;
    const f = (this.evictedKeys ??= new Uint32Array(EVICTED_BITS >>> 5));
    for (const bit of [lowBit(key), highBit(key)]) f[bit >>> 5] = (f[bit >>> 5] as number) | (1 << (bit & 31));
  }

  /**
   * Class bits `key` may carry strictly before `turn`, counting what the table forgot (docs/semantics.md
   * "Bounds never weaken a verdict"): the classes of its entry, and, when an evicted entry may have
   * had the key (the filter of evicted keys says so; it never misses one), every class evicted
   * before `turn`. A table made without `keepsEvictedKeys` answers as if every key might have been
   * evicted.
   */
  classesOfKey(key: number, turn: number): number {
    // Hash 0 is stored as key 1 (see `add`); its filter bits (0, 0) are set whenever key 1's (1, 0) are.
    const own = this.classesBefore(key, turn);
    // A table that keeps a filter and evicted nothing yet has no evicted class to add.
    const f = this.evictedKeys;
    if (f !== undefined && !(hasBit(f, lowBit(key)) && hasBit(f, highBit(key)))) return own;
    return own | this.evictedBefore(turn);
  }

  /** Class bits of `key` seen strictly before `turn`. */
  classesBefore(rawKey: number, turn: number): number {
    const r = this.find(rawKey === 0 ? 1 : rawKey);
    if (r < 0) return 0;
    const after = NEVER - turn;
    const cls = this.classes[r] as number;
    if (!(cls & SPLIT)) return (this.seen[r] as number) > after ? cls : 0;
    const base = (this.seen[r] as number) * 3;
    const p = this.pool;
    return ((p[base] as number) > after ? 1 : 0) | ((p[base + 1] as number) > after ? 2 : 0) | ((p[base + 2] as number) > after ? 4 : 0);
  }

  get size(): number {
    return this.count;
  }

  /** Entries oldest first: `[key, untrustedTurn, privateTurn, credentialTurn]`, -1 for never. */
  entries(): number[][] {
    const out: number[][] = [];
    for (let n = 0; n < this.count; n++) {
      const r = (this.head + n) % this.cap;
      const row = [this.keys[r] as number];
      for (let c = 0; c < 3; c++) {
        const t = this.seenAt(r, c);
        row.push(t === 0 ? -1 : NEVER - t);
      }
      out.push(row);
    }
    return out;
  }

  /** Bytes held by the index, the ring, the pool and the filter of evicted keys. */
  get byteLength(): number {
    return this.index.byteLength + this.keys.byteLength + this.seen.byteLength + this.classes.byteLength + this.pool.byteLength + (this.evictedKeys?.byteLength ?? 0);
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
  readonly fingerprints: ProvenanceTable;
  /** Context ids, by their salted hash. */
  readonly contexts: ProvenanceTable;
  /** Scripts written in this scope, by the salted hash of each path key: {@link SCRIPT_BITS}. */
  readonly scripts: ProvenanceTable;
  /**
   * Per provenance class, the earliest turn of an event whose result was not read in full (a
   * reader cap, or a value that could not be read). Constant space, never evicted: any later
   * argument may carry what was not read, so it carries that class (README "Bounds").
   */
  private readonly unread = [NEVER, NEVER, NEVER];

  /**
   * @param parent the enclosing scope, or undefined for the session
   * @param parentTurn the turn, in `parent`, of the call that opened this scope: everything the
   *   parent holds before that turn comes before every event of this scope
   */
  constructor(
    limits: LedgerLimits,
    readonly parent?: Scope,
    readonly parentTurn = 0,
  ) {
    this.fingerprints = new ProvenanceTable(limits.fingerprints);
    this.contexts = new ProvenanceTable(limits.contexts, true);
    this.scripts = new ProvenanceTable(limits.scripts);
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
    return this.factsAt(turn);
  }

  /**
   * The facts before `turn`, without moving the current turn. The enclosing scopes are asked
   * live, at the turn of the call that opened each child, so an event they record late is seen.
   */
  private factsAt(turn: number): ChainFacts {
    const eit = this.eitMin < turn;
    const eitPat = this.ep || this.eitMin < this.patMax;
    if (this.parent === undefined) return { eit, eitPat };
    const base = this.parent.factsAt(this.parentTurn);
    // Every event of the enclosing scopes before the opening call comes before this scope's.
    return { eit: eit || base.eit, eitPat: eitPat || base.eitPat || (base.eit && this.patMax > -Infinity) };
  }

  /** Note classes (bits of {@link PROVENANCE_BITS}) of a result not read in full, at `turn`. */
  addUnread(classes: number, turn: number): void {
    for (let c = 0; c < 3; c++) if (classes & (1 << c) && turn < (this.unread[c] as number)) this.unread[c] = turn;
  }

  /** Classes of results not read in full, seen strictly before `turn`. */
  unreadBefore(turn: number): number {
    const u = this.unread;
    return ((u[0] as number) < turn ? 1 : 0) | ((u[1] as number) < turn ? 2 : 0) | ((u[2] as number) < turn ? 4 : 0);
  }

  /**
   * The facts of every event recorded so far, whatever its turn: what a call whose place in the
   * session is unknown sees (stricter than any exact position, never laxer).
   */
  allFacts(): ChainFacts {
    return { eit: this.eitMin !== Infinity, eitPat: this.hasInnerChain() };
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

/** Fixed-capacity ring buffer for audit events and errors; grows up to its capacity, then wraps. */
export class Ring<T> {
  private readonly items: T[] = [];
  private next = 0;
  constructor(readonly capacity: number) {}
  push(item: T): void {
    if (this.capacity === 0) return;
    if (this.items.length < this.capacity) {
      this.items.push(item);
      return;
    }
    this.items[this.next] = item;
    this.next = (this.next + 1) % this.capacity;
  }
  /** Oldest first. */
  toArray(): T[] {
    return [...this.items.slice(this.next), ...this.items.slice(0, this.next)];
  }
  get length(): number {
    return this.items.length;
  }
}

/**
 * The audit history: the last `capacity` events in columns (a turn and a capability mask in typed
 * arrays, the names in plain arrays), about 17 bytes an event besides the id strings a host gave,
 * against some 130 for an object per event. Sequence numbers are not stored: the events held are
 * the last ones recorded, numbered consecutively up to the count of all recorded.
 */
export class AuditRing {
  private readonly tools: string[] = [];
  /** Made when a first event has an id, or a parent: many hosts give neither. */
  private ids: (string | undefined)[] | undefined;
  private parents: (string | undefined)[] | undefined;
  /** Grown by doubling up to the capacity, as events come: most sessions are short. */
  private masks = new Uint8Array(0);
  private turns = new Int32Array(0);
  /** Events recorded over the ring's life. */
  private total = 0;

  constructor(readonly capacity: number) {}

  push(audit: Omit<AuditEvent, 'seq'>): void {
    const at = this.capacity === 0 ? -1 : this.total % this.capacity;
    this.total++;
    if (at < 0) return;
    if (at === this.masks.length) {
      const n = Math.min(this.capacity, Math.max(16, 2 * at));
      // One buffer: the turns first (4-byte aligned), then the masks.
      const buffer = new ArrayBuffer(n * 5);
      const turns = new Int32Array(buffer, 0, n);
      turns.set(this.turns);
      const masks = new Uint8Array(buffer, n * 4, n);
      masks.set(this.masks);
      this.masks = masks;
      this.turns = turns;
    }
    this.tools[at] = audit.tool;
    if (audit.id !== undefined) (this.ids ??= [])[at] = audit.id;
    else if (this.ids !== undefined) this.ids[at] = undefined;
    if (audit.parent !== undefined) (this.parents ??= [])[at] = audit.parent;
    else if (this.parents !== undefined) this.parents[at] = undefined;
    this.masks[at] = audit.capabilities;
    this.turns[at] = audit.turn;
  }

  /** Events held. */
  get length(): number {
    return Math.min(this.total, this.capacity);
  }

  /** The events held, oldest first. */
  toArray(): AuditEvent[] {
    const out: AuditEvent[] = [];
    for (let seq = this.total - this.length; seq < this.total; seq++) {
      const at = seq % this.capacity;
      const event: { -readonly [K in keyof AuditEvent]: AuditEvent[K] } = { seq, tool: this.tools[at] as string, capabilities: this.masks[at] as number, turn: this.turns[at] as number };
      const id = this.ids?.[at];
      const parent = this.parents?.[at];
      if (id !== undefined) event.id = id;
      if (parent !== undefined) event.parent = parent;
      out.push(event);
    }
    return out;
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
  /** Context ids as salted hashes, same row shape. */
  readonly contexts: readonly (readonly number[])[];
  readonly openScopes: number;
  readonly errors: readonly string[];
  readonly degraded: boolean;
}

/** What one successful call leaves in the ledger besides its capabilities. */
export interface EventRecord {
  /** Salted hashes of its result's fragments. */
  readonly fragments: readonly number[];
  /** Salted hash of the host's call id, if it gave one. */
  readonly contextKey: number | undefined;
  readonly audit: Omit<AuditEvent, 'seq'>;
  /** Scripts its write put on disk: path key hash and {@link SCRIPT_BITS}. */
  readonly scripts: readonly (readonly [key: number, bits: number])[];
  /** Its result was not read in full. */
  readonly unread: boolean;
}

/** The ledger of one session. */
export class Ledger {
  readonly root: Scope;
  readonly history: AuditRing;
  readonly errors: Ring<string>;
  /** Open Code Mode scopes by the id of the call that opened them (insertion order = age). */
  private readonly scopes = new Map<string, Scope>();
  private seq = 0;
  /**
   * The earliest session turn of a Code Mode call whose scope was closed for room while its
   * program may still run (the limit `scopes`); Infinity while none was. See {@link recordOrphan}.
   */
  private evictedFloor = Infinity;
  /** Set when recording failed: the chain may be missing an event, so decisions fail closed. */
  degraded = false;

  constructor(
    readonly session: string,
    readonly limits: LedgerLimits,
  ) {
    this.root = new Scope(limits);
    this.history = new AuditRing(limits.history);
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
    const scope = new Scope(this.limits, within, turn);
    this.scopes.set(id, scope);
    if (this.scopes.size > this.limits.scopes) {
      const oldest = this.scopes.keys().next();
      if (!oldest.done) {
        const evicted = this.scopes.get(oldest.value) as Scope;
        this.scopes.delete(oldest.value);
        this.evictedFloor = Math.min(this.evictedFloor, rootTurnOf(evicted));
      }
    }
    return scope;
  }

  closeScope(id: string): void {
    this.scopes.delete(id);
  }

  /**
   * Record one successful event in `scope` at `turn`, with its fragments and context id (and,
   * with `unread`, the note that its result was not read in full), and propagate it to every enclosing scope at the turn of the call that opened the child.
   */
  recordEvent(scope: Scope, turn: number, caps: number, event: EventRecord): void {
    const { fragments, contextKey, audit, scripts, unread } = event;
    const classes = provenanceOf(caps);
    let s: Scope | undefined = scope;
    let t = turn;
    let innerChain = false;
    while (s !== undefined) {
      s.insert(t, caps, innerChain);
      if (classes !== 0) {
        s.fingerprints.reserve(fragments.length);
        for (const h of fragments) s.fingerprints.add(h, classes, t);
        if (contextKey !== undefined) s.contexts.add(contextKey, classes, t);
        if (unread) s.addUnread(classes, t);
      }
      for (const [key, bits] of scripts) s.scripts.add(key, bits, t);
      innerChain = s.hasInnerChain();
      t = s.parentTurn;
      s = s.parent;
    }
    this.audit(audit);
  }

  private audit(audit: Omit<AuditEvent, 'seq'>): void {
    this.seq++;
    this.history.push(audit);
  }

  /**
   * Record one successful event of a sub-call whose Code Mode scope is not open: closed for room
   * (the limit `scopes`) or never opened. Its place among the session's turns is unknown, so it
   * is placed where it weakens nothing:
   * - its EIT, fingerprints, context id, scripts and unread classes at the earliest turn its
   *   program could have started (seen by every later call);
   * - its PAT at the session's newest turn, and as a closed chain when any EIT was recorded
   *   before it (the program's own earlier sub-calls included, whatever scope they were in).
   * An event that is both EIT and PAT is placed at one turn, as any single event is: it closes
   * no chain by itself.
   */
  recordOrphan(caps: number, event: EventRecord): void {
    const { fragments, contextKey, audit, scripts, unread } = event;
    const root = this.root;
    const early = Math.max(0, Math.min(root.cur, this.evictedFloor));
    const hadEit = root.allFacts().eit;
    if (caps & PAT && !(caps & EIT)) root.insert(Math.max(0, root.cur), caps, hadEit);
    else root.insert(early, caps, hadEit && (caps & PAT) !== 0);
    const classes = provenanceOf(caps);
    if (classes !== 0) {
      for (const h of fragments) root.fingerprints.add(h, classes, early);
      if (contextKey !== undefined) root.contexts.add(contextKey, classes, early);
      if (unread) root.addUnread(classes, early);
    }
    for (const [key, bits] of scripts) root.scripts.add(key, bits, early);
    this.audit(audit);
  }

  /** Number of events recorded over the session's life. */
  get eventCount(): number {
    return this.seq;
  }

  get openScopeCount(): number {
    return this.scopes.size;
  }

  snapshot(): LedgerSnapshot {
    return {
      session: this.session,
      chain: this.root.chainSnapshot(),
      events: this.seq,
      history: this.history.toArray(),
      fingerprints: this.root.fingerprints.entries(),
      contexts: this.root.contexts.entries(),
      openScopes: this.scopes.size,
      errors: this.errors.toArray(),
      degraded: this.degraded,
    };
  }
}

/** The session turn of the call that opened `scope` (or of its outermost enclosing scope). */
function rootTurnOf(scope: Scope): number {
  let s = scope;
  while (s.parent?.parent !== undefined) s = s.parent;
  return s.parentTurn;
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
