/**
 * Salted fingerprints of result fragments: how the ledger remembers *that* a result held some text
 * without ever storing the text.
 *
 * Fragmenting (documented in README "Ledger"):
 * 1. Every string or number leaf of a result, and every object key that reads as data rather than
 *    as a field name (`"Alice Chen"`, `"INV-77812"`, not `first_name`), read once by the guard's
 *    bounded reader (walk.ts), is normalised: invisible characters (zero-width spaces and joiners,
 *    soft hyphens, direction marks) removed, Unicode NFKC, lower case; then split into tokens: maximal runs of letters and
 *    digits, except that every Han ideograph is a token of its own (Chinese has no spaces).
 * 2. A leaf of at most {@link WINDOW} tokens is one fragment (the whole leaf). It is kept when it
 *    weighs enough: a Han ideograph weighs 3, every other character 1 (spaces are not counted);
 *    a leaf of several tokens needs {@link MIN_WEIGHT}; a leaf of one token needs
 *    {@link MIN_WEIGHT_ONE_TOKEN} if it is all digits, {@link MIN_IDENTIFIER} if it mixes letters
 *    and digits (an id, a key), and twice {@link MIN_WEIGHT_ONE_TOKEN} if it is all letters. So
 *    `42`, `ok`, `success`, `成功` never become provenance, `Alice Chen`, `INV-77812` do.
 * 3. A longer leaf gives every window of {@link WINDOW} consecutive tokens that weighs at least
 *    {@link MIN_WINDOW_WEIGHT}, so that stock phrases of prose rarely carry provenance from one
 *    text into another; and each identifier-like token in it (letters and digits mixed, at least
 *    {@link MIN_IDENTIFIER} characters: a passport number or an order id quoted in prose) is a
 *    fragment of its own, so one value copied out of a document is found.
 * 4. At most `max` fragments are kept per result: whole short leaves first, then identifier
 *    tokens (sampled evenly, at most a quarter of the room left), then the windows of long leaves
 *    sampled evenly over the whole result (every k-th window), so a large page is
 *    covered from its first line to its last.
 * 5. A fragment is stored as a 52-bit salted hash of its token sequence, whose low
 *    {@link FIRST_TOKEN_BITS} bits are the salted hash of its first token alone (so a probe can
 *    skip every start no stored fragment begins with).
 *
 * An outbound argument carries a provenance class when any run of 1..{@link WINDOW} of its
 * tokens hashes to a stored fragment of that class. Matching is by exact token sequence, so
 * punctuation, case and width differences do not hide a copied value.
 */

import { INVISIBLE, asciiBytes } from './ascii.js';
import { K_NUMBER, K_STRING, readValue } from './walk.js';
import type { Tape } from './walk.js';

/** Tokens per window. */
export const WINDOW = 5;
/** Minimal weight of a whole-leaf fragment of several tokens (a Han ideograph weighs 3). */
export const MIN_WEIGHT = 8;
/** Minimal weight of a one-token leaf that holds a digit (twice that without one). */
export const MIN_WEIGHT_ONE_TOKEN = 10;
/** Minimal weight of a window of a longer text. */
export const MIN_WINDOW_WEIGHT = 15;
/** Minimal length of a token that mixes letters and digits to count by itself (an identifier). */
export const MIN_IDENTIFIER = 8;
const LETTER = /\p{L}/u;
/** A token that mixes letters and digits and is long enough to identify something. */
function isIdentifier(tok: string): boolean {
  if (tok.length < MIN_IDENTIFIER) return false;
  let digit = false;
  let letter = false;
  for (let i = 0; i < tok.length; i++) {
    const c = tok.charCodeAt(i);
    if (c >= 48 && c <= 57) digit = true;
    else if (c >= 97 && c <= 122) letter = true;
    else if (c > 127) return DIGIT.test(tok) && LETTER.test(tok) && !HAN.test(tok); // tokens are lower case
    if (digit && letter) return true;
  }
  return false;
}
/** At most this share of a result's fragments are identifier tokens, so ids never crowd out the text. */
const IDENTIFIER_SHARE = 4;
const HAN_WEIGHT = 3;
const DIGIT = /\p{N}/u;
/** Characters of one leaf that are tokenised (1 MiB, the reader's text cap). */
const MAX_LEAF_CHARS = 1_048_576;
/** A key that names a field (`first_name`, `customerId`) rather than holding data: not a fragment. */
const FIELD_NAME = /^[A-Za-z_$][A-Za-z_$-]*$/u;

/**
 * Visit the texts of a tape: string and number leaves, and object keys. A result's keys that name
 * fields (`first_name`) are left out, so that field names never become provenance; an outbound
 * call's keys are all probed (`allKeys`), so that moving a value into a key never hides it. With
 * `skip` (destination nodes), those nodes and their keys are left out.
 */
export function forEachText(tape: Tape, visit: (text: string) => void, skip?: Uint8Array, allKeys = false): void {
  const n = tape.kind.length;
  for (let i = 0; i < n; i++) {
    if (skip !== undefined && skip[i] === 1) continue;
    const k = tape.key[i];
    if (typeof k === 'string' && (allKeys || !FIELD_NAME.test(k))) visit(k);
    const kind = tape.kind[i];
    if (kind === K_STRING || kind === K_NUMBER) visit(tape.text[i] as string);
  }
}

const HAN = /\p{Script=Han}/u;
const TOKEN = /\p{Script=Han}|[\p{L}\p{N}\p{M}]+/gu;
const ASCII = /^[\u0000-\u007f]*$/; // eslint-disable-line no-control-regex -- the ASCII range starts at NUL by definition
const ASCII_TOKEN = /[a-z0-9]+/g;


/**
 * Normalise and tokenise one text: invisible characters removed ({@link INVISIBLE}), Unicode NFKC
 * (full-width and other compatibility forms become their plain letters and digits), lower case.
 */
export function tokenize(text: string): string[] {
  const cut = text.length > MAX_LEAF_CHARS ? text.slice(0, MAX_LEAF_CHARS) : text;
  // NFKC leaves ASCII unchanged, and ASCII holds no invisible character: skip both for the common case.
  if (ASCII.test(cut)) return cut.toLowerCase().match(ASCII_TOKEN) ?? [];
  return cut.replace(INVISIBLE, '').normalize('NFKC').toLowerCase().match(TOKEN) ?? [];
}

function tokenWeight(tok: string): number {
  // A Han token is always one ideograph (see TOKEN).
  return tok.length === 1 && HAN.test(tok) ? HAN_WEIGHT : tok.length;
}

/**
 * Derive a 32-bit seed from a salt string.
 * @param salt any string; the empty string is a valid (weak) salt
 */
export function saltSeed(salt: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < salt.length; i++) {
    h ^= salt.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** 2^32: the weight of a key's 20 high bits, above the 32 of its low lane. */
const HIGH = 0x100000000;

/**
 * A 52-bit hash of a string (two multiplicative 32-bit lanes, mixed at the end: 20 bits of one
 * above the 32 of the other), returned as a safe integer so that it can key a `Map` and be
 * serialised as JSON without loss.
 * Not cryptographic: the salt keeps fingerprints from being compared across guards, and a
 * collision only ever adds provenance (the stricter direction).
 */
export function hash52(s: string, seed: number): number {
  let a = 0xdeadbeef ^ seed;
  let b = 0x41c6ce57 ^ seed;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    a = Math.imul(a ^ c, 2654435761);
    b = Math.imul(b ^ c, 1597334677);
  }
  a = Math.imul(a ^ (a >>> 16), 2246822507) ^ Math.imul(b ^ (b >>> 13), 3266489909);
  b = Math.imul(b ^ (b >>> 16), 2246822507) ^ Math.imul(a ^ (a >>> 13), 3266489909);
  return HIGH * (b & 0xfffff) + (a >>> 0);
}

/** Starting values of a token's two lanes. */
// Signed 32-bit forms (every use goes through `^` and `Math.imul`): a hash loop's variables then
// keep one machine representation instead of switching between a double and an int.
const FNV_A = 0x811c9dc5 | 0;
const FNV_B = 0x3c6ef372 | 0;

/**
 * Multipliers of the two lanes' run polynomials (odd, so that multiplying by one is a bijection
 * of the 32-bit integers), and their fifth powers: a window's first token leaves its polynomial in
 * one step when the window moves on ({@link windowKeys}).
 */
const RUN_A = 0x9e3779b1 | 0;
const RUN_B = 0x85ebca77 | 0;
const pow32 = (x: number, n: number): number => {
  let r = 1;
  for (let i = 0; i < n; i++) r = Math.imul(r, x);
  return r;
};
const RUN_A_LAST = pow32(RUN_A, WINDOW - 1);
const RUN_B_LAST = pow32(RUN_B, WINDOW - 1);

/**
 * The hash of the token run `[start, start + n)`: each lane is the polynomial of the run's token
 * lanes in the lane's multiplier, started from the salt (`A₀·P^n + Σ laneᵢ·P^(n−1−i)`, modulo
 * 2^32), the two mixed to 52 bits, whose low {@link FIRST_TOKEN_BITS} bits are those of the run's
 * first token alone (see {@link probeHashes}). A polynomial lets a window move on by one token in
 * two steps per lane ({@link windowKeys}) and a probe extend a run by one token in one; the final
 * mix ({@link runKey}) spreads every lane bit over the key. Both sides (results and outbound
 * arguments) reach the same key for the same tokens.
 */
function runHash(la: Int32Array, lb: Int32Array, start: number, n: number, seed: number): number {
  let a = (0xdeadbeef ^ seed) | 0;
  let b = (0x41c6ce57 ^ seed) | 0;
  let first = 0;
  for (let i = start; i < start + n; i++) {
    a = (Math.imul(a, RUN_A) + (la[i] as number)) | 0;
    b = (Math.imul(b, RUN_B) + (lb[i] as number)) | 0;
    if (i === start) first = low32(a, b) & FIRST_MASK;
  }
  return runKey(a, b, first);
}

/** {@link runHash} of a run of one token whose lanes are `ta` and `tb`. */
function oneTokenHash(ta: number, tb: number, seed: number): number {
  const a = (Math.imul((0xdeadbeef ^ seed) | 0, RUN_A) + ta) | 0;
  const b = (Math.imul((0x41c6ce57 ^ seed) | 0, RUN_B) + tb) | 0;
  return runKey(a, b, low32(a, b) & FIRST_MASK);
}

/**
 * Low bits of a fragment's hash that are the salted hash of its first token alone: a probe of a
 * long text skips every start whose first token no stored fragment begins with.
 */
export const FIRST_TOKEN_BITS = 12;
const FIRST_MASK = (1 << FIRST_TOKEN_BITS) - 1;

/** The low 32 bits of the final mix of two lanes `a`, `b` (see {@link runKey}), as a signed int. */
function low32(a0: number, b0: number): number {
  return Math.imul(a0 ^ (a0 >>> 16), 2246822507) ^ Math.imul(b0 ^ (b0 >>> 13), 3266489909);
}

/**
 * Two lanes mixed to 52 bits (as {@link hash52} ends), with the low {@link FIRST_TOKEN_BITS} bits
 * replaced by `first`: integer steps only, no floating-point remainder.
 */
function runKey(a0: number, b0: number, first: number): number {
  const a = Math.imul(a0 ^ (a0 >>> 16), 2246822507) ^ Math.imul(b0 ^ (b0 >>> 13), 3266489909);
  const b = Math.imul(b0 ^ (b0 >>> 16), 2246822507) ^ Math.imul(a ^ (a >>> 13), 3266489909);
  return HIGH * (b & 0xfffff) + (((a & ~FIRST_MASK) | first) >>> 0);
}

function weightOf(lw: Int32Array, start: number, n: number): number {
  let w = 0;
  for (let i = start; i < start + n; i++) w += (lw[i] as number) & WEIGHT;
  return w;
}

/**
 * The fragment hashes of a result value (see the module comment), at most `max` of them,
 * deduplicated. Whole short leaves come first; the windows of long leaves are then sampled
 * evenly over the whole result (every k-th window, k chosen so that they fit in `max`), so that
 * a copied run of at least k + {@link WINDOW} − 1 tokens from anywhere in the result is found.
 */
export function resultFragments(result: unknown, seed: number, max: number): number[] {
  return tapeFragments(readValue(result), seed, max);
}

/**
 * Token flags, kept above the weight in a token's weight lane (see {@link scanLanes}): an
 * identifier (see `isIdentifier`), holds a digit, mixes letters and digits with no Han ideograph.
 * A weight is below 2^21 (a token is at most 1 Mi characters, a Han ideograph weighs 3).
 */
const F_IDENT = 1 << 24;
const F_DIGIT = 1 << 25;
const F_LEAF_IDENT = 1 << 26;
const WEIGHT = (1 << 24) - 1;

/** Tokens the long lanes hold at first (the three always have one length). */
const FIRST_LONG = 1024;
/**
 * Lanes of the long leaves of one result, end to end (grown as needed, reused by every call). Like
 * the scratch lanes they hold token hashes, never text.
 */
let longA: Int32Array = new Int32Array(FIRST_LONG);
let longB: Int32Array = new Int32Array(FIRST_LONG);
let longW: Int32Array = new Int32Array(FIRST_LONG);

/** A copy of `old` in a new array of `m` elements. */
function grown(old: Int32Array, m: number): Int32Array {
  const next = new Int32Array(m);
  next.set(old);
  return next;
}

function growLong(n: number): void {
  if (longA.length >= n) return;
  const m = Math.max(n, longA.length * 2);
  longA = grown(longA, m);
  longB = grown(longB, m);
  longW = grown(longW, m);
}

/**
 * The fragments of one result, in order, without repeats: a list and an open-addressing set of
 * the same keys in a typed array (a `Set` of 52-bit numbers boxes every one of them). Reused by
 * every call; {@link FragmentSet.take} empties it. A slot is taken only when its stamp is the
 * current generation, so emptying the set is one increment, not a pass over its keys.
 * @internal exported for its tests
 */
export class FragmentSet {
  private table = new Float64Array(1024);
  private stamps = new Int32Array(1024);
  private gen = 1;
  private mask = 1023;
  /** 32 − log2 of the table's size: a key's slot is the top bits of its low 32 (see {@link slot}). */
  private shift = 22;
  private list: number[] = [];

  get size(): number {
    return this.list.length;
  }

  /**
   * Twice the slots, every key put back: the load stays at most one half, and the table's size
   * follows the keys a result really has, not the cap it could reach.
   */
  private grow(): void {
    const n = this.table.length * 2;
    this.table = new Float64Array(n);
    this.stamps = new Int32Array(n);
    this.mask = n - 1;
    this.shift--;
    for (const key of this.list) {
      const i = this.slot(key);
      this.table[i] = key;
      this.stamps[i] = this.gen;
    }
  }

  /**
   * The slot holding `key`, or the free slot where its probe ends. It starts at the top bits of
   * the key's low 32: its lowest bits are its first token's, shared by many keys, the bits above
   * them are mixed from the whole run.
   */
  private slot(key: number): number {
    const t = this.table;
    const st = this.stamps;
    const g = this.gen;
    const m = this.mask;
    let i = (key >>> 0) >>> this.shift;
    while (st[i] === g && t[i] !== key) i = (i + 1) & m;
    return i;
  }

  add(key: number): void {
    let i = this.slot(key);
    if (this.stamps[i] === this.gen) return;
    if ((this.list.length + 1) * 2 > this.table.length) {
      this.grow();
      i = this.slot(key);
    }
    this.table[i] = key;
    this.stamps[i] = this.gen;
    this.list.push(key);
  }

  /** The keys added since the last take, in order; the set is empty again. */
  take(): number[] {
    const out = this.list;
    this.list = [];
    if (this.gen === 0x7fffffff) {
      this.stamps.fill(0);
      this.gen = 1;
    } else this.gen++;
    return out;
  }
}

const FRAGMENTS = new FragmentSet();

/** {@link resultFragments} of a value already read. */
export function tapeFragments(tape: Tape, seed: number, max: number): number[] {
  if (max <= 0) return [];
  const out = FRAGMENTS;
  out.take(); // empty after a call that threw midway
  /** Long leaves: start and token count of each in the long lanes. */
  const longAt: number[] = [];
  let longEnd = 0;
  /** Lanes of the identifier tokens of multi-token leaves. */
  const identA: number[] = [];
  const identB: number[] = [];
  let windows = 0;
  forEachText(tape, (text) => {
    const n = scanLanes(text);
    if (n === 0) return;
    if (n > WINDOW) {
      growLong(longEnd + n);
      longA.set(laneA.subarray(0, n), longEnd);
      longB.set(laneB.subarray(0, n), longEnd);
      longW.set(laneW.subarray(0, n), longEnd);
      longAt.push(longEnd, n);
      longEnd += n;
      windows += n - WINDOW + 1;
    } else if (out.size < max) {
      const f = laneW[0] as number;
      if (weightOf(laneW, 0, n) >= minWeight(n === 1, (f & F_DIGIT) !== 0, (f & F_LEAF_IDENT) !== 0)) out.add(runHash(laneA, laneB, 0, n, seed));
    }
    if (n > 1) {
      for (let i = 0; i < n; i++) {
        if ((laneW[i] as number) & F_IDENT) {
          identA.push(laneA[i] as number);
          identB.push(laneB[i] as number);
        }
      }
    }
  });
  // Identifiers, sampled evenly over the result, up to a quarter of what is left.
  const idRoom = Math.floor((max - out.size) / IDENTIFIER_SHARE);
  const idStride = Math.max(1, Math.ceil(identA.length / Math.max(1, idRoom)));
  for (let k = 0; k < identA.length && idRoom > 0; k += idStride) out.add(oneTokenHash(identA[k] as number, identB[k] as number, seed));
  const room = max - out.size;
  if (room <= 0 || windows === 0) return out.take();
  const stride = Math.max(1, Math.ceil(windows / room));
  // Windows are counted across the whole result, not from each leaf's start: every k-th window of
  // the result is at most ⌈windows / k⌉ ≤ room of them, so the last leaf's end is reached too.
  let before = 0;
  for (let l = 0; l < longAt.length; l += 2) {
    const at = longAt[l] as number;
    const count = (longAt[l + 1] as number) - WINDOW + 1;
    const from = (stride - (before % stride)) % stride;
    if (stride === 1) windowKeys(at, count, seed, max, out);
    else for (let i = from; i < count && out.size < max; i += stride) {
      if (weightOf(longW, at + i, WINDOW) >= MIN_WINDOW_WEIGHT) out.add(runHash(longA, longB, at + i, WINDOW, seed));
    }
    before += count;
  }
  return out.take();
}

/**
 * The keys of every window of {@link WINDOW} tokens of the long leaf at `at` in the long lanes
 * (`count` windows) that weighs at least {@link MIN_WINDOW_WEIGHT}, into `out` while it holds fewer
 * than `max`: the same keys as {@link runHash} of each window, with each lane's polynomial and the
 * weight moved on by one token per window instead of computed afresh.
 */
function windowKeys(at: number, count: number, seed: number, max: number, out: FragmentSet): void {
  const la = longA;
  const lb = longB;
  const lw = longW;
  const a0 = (0xdeadbeef ^ seed) | 0;
  const b0 = (0x41c6ce57 ^ seed) | 0;
  // The salt's share of a window's polynomial (`A₀·P^WINDOW`), and the first token's start.
  const a0Window = Math.imul(a0, Math.imul(RUN_A_LAST, RUN_A));
  const b0Window = Math.imul(b0, Math.imul(RUN_B_LAST, RUN_B));
  const a0First = Math.imul(a0, RUN_A);
  const b0First = Math.imul(b0, RUN_B);
  let a = 0;
  let b = 0;
  let w = 0;
  for (let j = at; j < at + WINDOW - 1; j++) {
    a = (Math.imul(a, RUN_A) + (la[j] as number)) | 0;
    b = (Math.imul(b, RUN_B) + (lb[j] as number)) | 0;
    w += (lw[j] as number) & WEIGHT;
  }
  for (let i = at; i < at + count && out.size < max; i++) {
    const j = i + WINDOW - 1;
    a = (Math.imul(a, RUN_A) + (la[j] as number)) | 0;
    b = (Math.imul(b, RUN_B) + (lb[j] as number)) | 0;
    w += (lw[j] as number) & WEIGHT;
    if (w >= MIN_WINDOW_WEIGHT) {
      const ta = la[i] as number;
      const tb = lb[i] as number;
      out.add(runKey((a + a0Window) | 0, (b + b0Window) | 0, low32((a0First + ta) | 0, (b0First + tb) | 0) & FIRST_MASK));
    }
    // The window's first token leaves it.
    a = (a - Math.imul(la[i] as number, RUN_A_LAST)) | 0;
    b = (b - Math.imul(lb[i] as number, RUN_B_LAST)) | 0;
    w -= (lw[i] as number) & WEIGHT;
  }
}

function minWeight(single: boolean, digit: boolean, ident: boolean): number {
  if (!single) return MIN_WEIGHT;
  if (ident) return MIN_IDENTIFIER;
  return digit ? MIN_WEIGHT_ONE_TOKEN : 2 * MIN_WEIGHT_ONE_TOKEN;
}

/** The weight a whole leaf of these tokens needs to be kept (see the module comment). */
export function leafMinWeight(toks: readonly string[]): number {
  const only = toks.length === 1 ? (toks[0] ?? '') : '';
  return minWeight(toks.length === 1, DIGIT.test(only), DIGIT.test(only) && LETTER.test(only) && !HAN.test(only));
}

/** Tokens the scratch lanes hold at first (the three always have one length). */
const FIRST_LANES = 256;
// Scratch lanes of one text's tokens, reused by every scan (the guard is single-threaded and a
// scan never re-enters itself): fragmenting a result or probing a large argument allocates no
// per-token strings.
let laneA: Int32Array = new Int32Array(FIRST_LANES);
let laneB: Int32Array = new Int32Array(FIRST_LANES);
/** Per token: its weight, and its flags above it ({@link F_IDENT}, {@link F_DIGIT}, {@link F_LEAF_IDENT}). */
let laneW: Int32Array = new Int32Array(FIRST_LANES);

function ensureLanes(n: number): void {
  if (laneA.length >= n) return;
  const m = Math.max(n, laneA.length * 2);
  laneA = grown(laneA, m);
  laneB = grown(laneB, m);
  laneW = grown(laneW, m);
}

/** Lower-cased code of each ASCII character that belongs to a token (`[A-Za-z0-9]`), 0 for the others. */
const FOLD: Uint8Array = (() => {
  const t = new Uint8Array(128);
  for (let c = 48; c <= 57; c++) t[c] = c;
  for (let c = 97; c <= 122; c++) t[c] = c;
  for (let c = 65; c <= 90; c++) t[c] = c + 32;
  return t;
})();

/** The flags of an ASCII token of `len` characters that holds a digit and/or a letter. */
function asciiFlags(len: number, digit: boolean, letter: boolean): number {
  if (!digit) return 0;
  if (!letter) return F_DIGIT;
  return F_DIGIT | F_LEAF_IDENT | (len >= MIN_IDENTIFIER ? F_IDENT : 0);
}

/**
 * The lanes and weights of every token of `text`, into the scratch arrays; returns the count.
 * Each weight carries the token's flags above it: {@link F_IDENT} (an identifier, see
 * `isIdentifier`), {@link F_DIGIT} (holds a digit), {@link F_LEAF_IDENT} (mixes letters and digits, no Han).
 * ASCII text is hashed in one pass over its bytes (see {@link asciiBytes}), with the same tokens as
 * {@link tokenize} gives (lower-cased runs of `[a-z0-9]`) and the same lanes as the string path;
 * other text is tokenised by {@link tokenize}.
 */
function scanLanes(text: string): number {
  const cut = text.length > MAX_LEAF_CHARS ? text.slice(0, MAX_LEAF_CHARS) : text;
  const end = cut.length;
  const bytes = asciiBytes(cut);
  if (bytes === undefined) {
    const toks = tokenize(cut);
    ensureLanes(toks.length);
    for (let i = 0; i < toks.length; i++) {
      const t = toks[i] as string;
      let x = FNV_A;
      let y = FNV_B;
      for (let j = 0; j < t.length; j++) {
        const c = t.charCodeAt(j);
        x = Math.imul(x ^ c, 0x01000193);
        y = Math.imul(y ^ c, 0x5bd1e995);
      }
      laneA[i] = x;
      laneB[i] = y;
      const digit = DIGIT.test(t);
      laneW[i] = tokenWeight(t) | (isIdentifier(t) ? F_IDENT : 0) | (digit ? F_DIGIT : 0) | (digit && LETTER.test(t) && !HAN.test(t) ? F_LEAF_IDENT : 0);
    }
    return toks.length;
  }
  let n = 0;
  let x = FNV_A;
  let y = FNV_B;
  let len = 0;
  let digit = false;
  let letter = false;
  // One step past the end, read as a separator: the last token ends there like any other.
  for (let i = 0; i <= end; i++) {
    const c = i < end ? (FOLD[bytes[i] as number] as number) : 0;
    if (c !== 0) {
      x = Math.imul(x ^ c, 0x01000193);
      y = Math.imul(y ^ c, 0x5bd1e995);
      len++;
      if (c <= 57) digit = true;
      else letter = true;
    } else if (len > 0) {
      if (n >= laneA.length) ensureLanes(n + 1);
      laneA[n] = x;
      laneB[n] = y;
      laneW[n] = len | asciiFlags(len, digit, letter);
      n++;
      len = 0;
      x = FNV_A;
      y = FNV_B;
      digit = false;
      letter = false;
    }
  }
  // No raw argument outlives the scan: only its tokens' hashes stay in the scratch lanes.
  bytes.fill(0, 0, end);
  return n;
}

/**
 * Words of a probe filter: {@link FIRST_WORDS} words with a bit per first-token value (the low
 * {@link FIRST_TOKEN_BITS} bits of a stored key), then {@link RUN_WORDS} words with a bit per
 * value of the key's next 16 bits: a quick "certainly not stored" before a table lookup.
 */
const FIRST_WORDS = (FIRST_MASK + 1) >>> 5;
const RUN_WORDS = 2048;
export const PROBE_FILTER_WORDS = FIRST_WORDS + RUN_WORDS;

/** The bit of a key's 16 bits above its first-token bits, in a probe filter. */
function runBit(key: number): number {
  // Bits 12..27 of the key all sit in its low 32 bits.
  return FIRST_WORDS * 32 + (((key >>> 0) >>> FIRST_TOKEN_BITS) & 0xffff);
}

function setBit(filter: Uint32Array, bit: number): void {
  filter[bit >>> 5] = (filter[bit >>> 5] as number) | (1 << (bit & 31));
}

function hasBit(filter: Uint32Array, bit: number): boolean {
  return ((filter[bit >>> 5] as number) & (1 << (bit & 31))) !== 0;
}

/** Mark `key` (a stored hash) in a probe filter of {@link PROBE_FILTER_WORDS} 32-bit words. */
export function markProbe(filter: Uint32Array, key: number): void {
  setBit(filter, (key >>> 0) & FIRST_MASK);
  setBit(filter, runBit(key));
}

/**
 * Every run hash of 1..{@link WINDOW} tokens of one outbound text that weighs enough to be a
 * fragment. The caller looks each up in the ledger; `visit` returns true to stop early.
 * With `filter` (built by {@link markProbe} from every stored key, and from 0 when key 1 is
 * stored, as a table stores hash 0 under key 1), a start whose first token begins no stored
 * fragment is skipped, and only hashes whose next 16 bits are marked are visited: the others are
 * certainly not stored.
 */
export function probeHashes(text: string, seed: number, visit: (hash: number) => boolean, filter?: Uint32Array): boolean {
  const n = scanLanes(text);
  const la = laneA;
  const lb = laneB;
  const lw = laneW;
  for (let i = 0; i < n; i++) {
    let weight = 0;
    let a = (0xdeadbeef ^ seed) | 0;
    let b = (0x41c6ce57 ^ seed) | 0;
    let first = 0;
    for (let k = 1; k <= WINDOW && i + k <= n; k++) {
      const j = i + k - 1;
      weight += (lw[j] as number) & WEIGHT;
      a = (Math.imul(a, RUN_A) + (la[j] as number)) | 0;
      b = (Math.imul(b, RUN_B) + (lb[j] as number)) | 0;
      if (k === 1) {
        first = low32(a, b) & FIRST_MASK;
        if (filter !== undefined && !hasBit(filter, first)) break;
      }
      // Probing a lighter run than any stored fragment could weigh is wasted work, nothing more.
      if (weight < (k > 1 ? MIN_WEIGHT : MIN_IDENTIFIER)) continue;
      // The filter's run bit is in the key's low 32 bits: asked before the rest of the key is mixed.
      if (filter !== undefined && !hasBit(filter, runBit((low32(a, b) & ~FIRST_MASK) | first))) continue;
      if (visit(runKey(a, b, first))) return true;
    }
  }
  return false;
}
