/**
 * The one bounded reader of argument and result values.
 *
 * Everything the guard learns from a call's arguments or a tool's result goes through
 * {@link readValue}: it reads the value once, into a flat *tape* of plain data (no getter is read
 * twice, no Proxy trap runs after it returns), and every consumer — the sensitive-data detectors,
 * fingerprinting and command analysis — works on the tape. It visits object keys as well as
 * values (a key is text like any other), and it counts every value it visits, not only leaves, so
 * a sparse array with a length of 2³² or a Proxy claiming a billion elements costs a bounded time.
 *
 * The rule (README "Bounds"): a bound is a place where the guard stops looking, and stopping
 * never weakens a verdict. When a cap is reached, or a value cannot be read (a throwing getter, a
 * revoked Proxy), the walk stops and says where and why ({@link Stop}); the guard then decides the
 * call as if the unread part held everything its rules look for.
 *
 * Pure: standard ECMAScript only, no IO, no clock. Iterative: no recursion, so nesting depth never
 * reaches the engine's stack.
 */

/** The caps of one read. Generous: real calls stay far below them (README "Bounds"). */
export interface ReadCaps {
  /** UTF-16 code units of text read, string values and object keys together. */
  readonly text: number;
  /** String and number leaves read. */
  readonly leaves: number;
  /** Values of any kind visited (containers, leaves, holes, nulls) plus object keys listed. */
  readonly visits: number;
  /** Container nesting depth (the root is depth 0). */
  readonly depth: number;
}

/** Documented defaults: 1 MiB of text, 100 000 leaves, 400 000 visits, depth 1 000. */
export const DEFAULT_READ_CAPS: ReadCaps = Object.freeze({ text: 1_048_576, leaves: 100_000, visits: 400_000, depth: 1_000 });

/** Node kinds on a tape. */
export const K_STRING = 0;
export const K_NUMBER = 1;
export const K_OBJECT = 2;
export const K_ARRAY = 3;
/** Anything else: undefined, holes, functions, symbols, a cycle back to an ancestor. */
export const K_OTHER = 4;
/** `true` or `false` (the text says which). */
export const K_BOOLEAN = 5;
export const K_NULL = 6;

/** Why a read stopped. `unreadable` means reading threw; every other reason is a cap. */
export type StopReason = 'text' | 'leaves' | 'visits' | 'depth' | 'unreadable';

/** Where and why a read stopped before the end of the value. */
export interface Stop {
  readonly reason: StopReason;
  /** Path of the value at which reading stopped (`$` for the root). */
  readonly path: string;
  /** One line for a reason text: the cap that was reached, or the error that was thrown. */
  readonly detail: string;
}

/**
 * A value read once, as a pre-order list of nodes (a parent always comes before its children).
 * Struct of arrays: node `i` is `kind[i]`, `parent[i]`, `key[i]`, `text[i]`.
 */
export interface Tape {
  readonly kind: Uint8Array;
  /** Index of the enclosing container, -1 for the root. */
  readonly parent: Int32Array;
  /** The property name (in an object) or index (in an array) of the node; undefined for the root. */
  readonly key: (string | number | undefined)[];
  /** The text of a string leaf, `String(n)` of a number leaf, '' for every other node. */
  readonly text: string[];
  /** Set when the read stopped early: the tape holds everything read before that point. */
  readonly stop: Stop | undefined;
}

const MAX_DETAIL = 200;

/** A one-line, bounded description of a thrown value. */
export function errorText(e: unknown): string {
  let s: string | undefined;
  try {
    s = e instanceof Error ? `${e.name}: ${e.message}` : `thrown: ${typeof e}`;
  } catch {
    // A name or message that throws (or is a symbol): unreadable, below.
  }
  const text = s ?? 'thrown: an unreadable error';
  return text.length > MAX_DETAIL ? `${text.slice(0, MAX_DETAIL)}…` : text;
}

interface Frame {
  readonly node: number;
  readonly value: object;
  readonly depth: number;
  /** Object keys, or undefined for an array-like frame. */
  readonly keys: string[] | undefined;
  readonly length: number;
  i: number;
}

/**
 * Growable storage of a read's node kinds and parents. The tape's two numeric columns are typed
 * arrays: a value of 400 000 nodes made its `number[]` columns grow step by step into fresh memory,
 * and on a machine where touching a fresh page is slow that cost more than the read itself. One
 * store is kept and reused from read to read (a read copies out exactly what it used); a read that
 * starts while another is in progress (a getter of the value being read calls the guard) takes a
 * store of its own.
 */
class Columns {
  kind = new Uint8Array(1024);
  parent = new Int32Array(1024);
  /** Written by index, never shrunk: each read's copy is allocated once, at its final size. */
  readonly key: (string | number | undefined)[] = [];
  readonly text: string[] = [];
  busy = false;

  grow(): void {
    const kind = new Uint8Array(this.kind.length * 2);
    kind.set(this.kind);
    const parent = new Int32Array(this.parent.length * 2);
    parent.set(this.parent);
    this.kind = kind;
    this.parent = parent;
  }
}
let shared = new Columns();
/**
 * A store grown past a call's read (a tool spec is read with larger caps; the store's capacity
 * doubles, so past twice the call's cap) is let go after that read: a host keeps at most about a
 * call's worth of columns and texts between reads.
 */
const KEPT_NODES = DEFAULT_READ_CAPS.visits;

/**
 * One read in progress. A class rather than closures inside {@link readValue}, so that one compiled
 * copy of its code serves every read.
 */
class Reader {
  readonly cols: Columns;
  /** Nodes on the tape so far. */
  n = 0;
  chars = 0;
  leaves = 0;
  visits = 0;
  readonly stack: Frame[] = [];
  /** Containers on the current path: a reference back to one of them is a cycle. */
  readonly onPath = new Set<object>();
  stop: Stop | undefined = undefined;

  constructor(readonly caps: ReadCaps) {
    this.cols = shared.busy ? new Columns() : shared;
    this.cols.busy = true;
  }

  /**
   * The tape read so far, its columns copied out of the store. The store keeps the keys and texts
   * of earlier reads until later reads overwrite them: at most a call's read worth (see KEPT_NODES).
   */
  tape(): Tape {
    const { cols, n } = this;
    return { kind: cols.kind.slice(0, n), parent: cols.parent.slice(0, n), key: cols.key.slice(0, n), text: cols.text.slice(0, n), stop: this.stop };
  }

  /** A new node: its parent, key, kind and text. */
  node(p: number, k: string | number | undefined, kind: number, text: string): void {
    const { cols, n } = this;
    if (n === cols.kind.length) cols.grow();
    cols.parent[n] = p;
    cols.kind[n] = kind;
    cols.key[n] = k;
    cols.text[n] = text;
    this.n = n + 1;
  }

  halt(reason: StopReason, at: number, detail: string): void {
    // A view of the store: a path reads only the nodes before `n`.
    const { cols, n } = this;
    const tape = { kind: cols.kind.subarray(0, n), parent: cols.parent.subarray(0, n), key: cols.key, text: cols.text, stop: undefined };
    this.stop = { reason, path: pathOf(tape, at), detail };
  }

  /** Add one node; a container pushes its frame. Returns false when the read must stop. */
  add(v: unknown, p: number, k: string | number | undefined, depth: number): boolean {
    const caps = this.caps;
    if (++this.visits > caps.visits) {
      this.halt('visits', p < 0 ? 0 : p, `more than ${caps.visits} values`);
      return false;
    }
    const i = this.n;
    const t = typeof v;
    if (t === 'string' || t === 'number' || t === 'bigint') {
      let s = t === 'string' ? (v as string) : String(v);
      if (++this.leaves > caps.leaves) {
        this.node(p, k, K_OTHER, '');
        this.halt('leaves', i, `more than ${caps.leaves} leaves`);
        return false;
      }
      const cut = this.chars + s.length > caps.text;
      if (cut) s = s.slice(0, caps.text - this.chars);
      this.chars += s.length;
      this.node(p, k, t === 'string' ? K_STRING : K_NUMBER, s);
      if (cut) {
        this.halt('text', i, `more than ${caps.text} characters of text`);
        return false;
      }
      return true;
    }
    if (t === 'boolean') {
      this.node(p, k, K_BOOLEAN, v ? 'true' : 'false');
      return true;
    }
    if (v === null) {
      this.node(p, k, K_NULL, '');
      return true;
    }
    if (t !== 'object') {
      this.node(p, k, K_OTHER, '');
      return true;
    }
    const obj = v as object;
    if (this.onPath.has(obj)) {
      // A cycle: everything below it is already on the tape, above.
      this.node(p, k, K_OTHER, '');
      return true;
    }
    if (depth > caps.depth) {
      this.node(p, k, K_OTHER, '');
      this.halt('depth', i, `nested deeper than ${caps.depth} levels`);
      return false;
    }
    // The node is on the tape before its container is read: a read that throws leaves it there, as
    // something unread (K_OTHER), with the stop at it.
    this.node(p, k, K_OTHER, '');
    try {
      let arrayLike = Array.isArray(obj);
      if (!arrayLike && ArrayBuffer.isView(obj) && !(obj instanceof DataView)) arrayLike = true;
      if (arrayLike) {
        const n = (obj as { length: unknown }).length;
        const length = typeof n === 'number' && Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
        this.cols.kind[i] = K_ARRAY;
        this.stack.push({ node: i, value: obj, depth, keys: undefined, length, i: 0 });
      } else {
        const ks = Object.keys(obj);
        this.cols.kind[i] = K_OBJECT;
        this.stack.push({ node: i, value: obj, depth, keys: ks, length: ks.length, i: 0 });
      }
    } catch (e) {
      this.halt('unreadable', i, errorText(e));
      return false;
    }
    this.onPath.add(obj);
    return true;
  }

  /** Read everything below the root, frame by frame, up to the end or the first stop. */
  run(): void {
    const { stack, caps } = this;
    while (stack.length > 0) {
      const f = stack[stack.length - 1] as Frame;
      if (f.i >= f.length) {
        stack.pop();
        this.onPath.delete(f.value);
        continue;
      }
      const idx = f.i++;
      let child: unknown;
      let k: string | number;
      if (f.keys === undefined) {
        k = idx;
      } else {
        k = f.keys[idx] as string;
        // A key is text: it counts against the text cap and the visits.
        if (this.chars + k.length > caps.text) {
          this.halt('text', f.node, `more than ${caps.text} characters of text`);
          return;
        }
        this.chars += k.length;
      }
      try {
        child = (f.value as Record<string | number, unknown>)[k];
      } catch (e) {
        this.node(f.node, k, K_OTHER, '');
        this.halt('unreadable', this.n - 1, errorText(e));
        return;
      }
      if (!this.add(child, f.node, k, f.depth + 1)) return;
    }
  }
}

/**
 * Read a value into a tape, once, within `caps`. Never throws.
 * @param value any value: JSON, or a hostile object (getters that throw, Proxies, cycles, sparse arrays)
 * @param caps the caps of this read
 * @default caps {@link DEFAULT_READ_CAPS}
 */
export function readValue(value: unknown, caps: ReadCaps = DEFAULT_READ_CAPS): Tape {
  const r = new Reader(caps);
  try {
    if (r.add(value, -1, undefined, 0)) r.run();
    return r.tape();
  } finally {
    r.cols.busy = false;
    if (r.cols === shared && r.cols.kind.length > 2 * KEPT_NODES) shared = new Columns();
  }
}

/** An identifier-like key shown as `.key` in a path. */
const PLAIN_KEY = /^[A-Za-z_$][\w$-]{0,31}$/u;
/** A short key with no character that suggests data (an address, a number): shown quoted. */
const QUOTABLE_KEY = /^[\p{L}\p{M}_$ .:/-]{1,32}$/u;
const DIGITS = /\d/gu;

/**
 * How a key appears in a path. A key that could itself be data (an e-mail address, a card
 * number, a token) is shown by its position, `[#2]`, never by its text: paths appear in reports.
 */
function keyLabel(k: string | number, index: number): string {
  if (typeof k === 'number') return `[${k}]`;
  const digits = k.match(DIGITS)?.length ?? 0;
  if (digits <= 3 && PLAIN_KEY.test(k)) return `.${k}`;
  if (digits === 0 && QUOTABLE_KEY.test(k)) return `[${JSON.stringify(k)}]`;
  return `[#${index}]`;
}

/**
 * The path of node `i`: `body.items[3]`, `headers["Content Type"]`, `$` for the root. A key that
 * could be data is shown by its position among its object's keys (`body[#0]`).
 */
export function pathOf(tape: Tape, i: number): string {
  const parts: string[] = [];
  for (let n = i; n > 0 && n < tape.kind.length; n = tape.parent[n] as number) {
    const k = tape.key[n];
    if (k === undefined) break;
    parts.push(keyLabel(k, typeof k === 'number' ? k : keyIndex(tape, n)));
  }
  if (parts.length === 0) return '$';
  parts.reverse();
  const s = parts.join('');
  return s.startsWith('.') ? s.slice(1) : s;
}

/** Member positions of a tape's nodes, computed once per tape (in one pass) when a path needs one. */
const SIBLING_INDEX = new WeakMap<Tape, Int32Array>();

/** Position of an object member among its siblings. */
function keyIndex(tape: Tape, n: number): number {
  let idx = SIBLING_INDEX.get(tape);
  if (idx === undefined) {
    const count = new Int32Array(tape.kind.length);
    idx = new Int32Array(tape.kind.length);
    for (let i = 1; i < tape.kind.length; i++) {
      const p = tape.parent[i] as number;
      idx[i] = count[p] as number;
      count[p] = (count[p] as number) + 1;
    }
    SIBLING_INDEX.set(tape, idx);
  }
  return idx[n] as number;
}

/**
 * Which nodes lie at or below a destination field (`to`, `recipients`, `webhook`, ...): where data
 * goes, not data that leaves, so the detectors and provenance probes skip them.
 * @returns per node, true when it or an enclosing object member is named as a destination
 */
export function destinationMask(tape: Tape, isDestination: (name: string) => boolean): Uint8Array {
  const n = tape.kind.length;
  const out = new Uint8Array(n);
  for (let i = 1; i < n; i++) {
    const p = tape.parent[i] as number;
    if (out[p] === 1) out[i] = 1;
    else {
      const k = tape.key[i];
      if (typeof k === 'string' && tape.kind[p] === K_OBJECT && isDestination(k)) out[i] = 1;
    }
  }
  return out;
}

/** The object key a node sits under, lowercased, or undefined (array elements and the root). */
export function keyOf(tape: Tape, i: number): string | undefined {
  const k = tape.key[i];
  return typeof k === 'string' ? k.toLowerCase() : undefined;
}

/**
 * Rebuild plain JSON-like data from a tape: objects, arrays, strings, numbers, booleans and null.
 * Other values (functions, symbols, undefined, cycles) are left out of objects and become null in
 * arrays, as `JSON.stringify` would; a `__proto__` key stays an own property.
 * @returns the rebuilt value (everything read, when the tape stopped early)
 */
export function toPlain(tape: Tape): unknown {
  const n = tape.kind.length;
  const out: unknown[] = new Array<unknown>(n);
  for (let i = 0; i < n; i++) {
    const kind = tape.kind[i];
    let v: unknown;
    switch (kind) {
      case K_STRING:
        v = tape.text[i];
        break;
      case K_NUMBER:
        v = Number(tape.text[i]);
        break;
      case K_BOOLEAN:
        v = tape.text[i] === 'true';
        break;
      case K_NULL:
        v = null;
        break;
      case K_OBJECT:
        v = {};
        break;
      case K_ARRAY:
        v = [];
        break;
      default:
        v = undefined;
    }
    out[i] = v;
    const p = tape.parent[i] as number;
    if (p < 0) continue;
    const container = out[p];
    const k = tape.key[i];
    if (Array.isArray(container)) container[k as number] = v === undefined ? null : v;
    else if (v !== undefined) {
      // A plain store where nothing of that name is inherited. An inherited name is defined instead:
      // a store would set the prototype (`__proto__`), call an inherited setter, or throw on a frozen
      // prototype's read-only member (`toString` in a hardened realm).
      if ((k as string) in (container as object)) Object.defineProperty(container, k as string, { value: v, enumerable: true, writable: true, configurable: true });
      else (container as Record<string, unknown>)[k as string] = v;
    }
  }
  return out[0];
}
