/**
 * Salted fingerprints of result fragments: how the ledger remembers *that* a result held some text
 * without ever storing the text.
 *
 * Fragmenting (documented in README "Ledger"):
 * 1. Every string or number leaf of a result (at most {@link MAX_LEAVES} leaves, depth ≤ 32) is
 *    normalised: Unicode NFKC, lower case; then split into tokens: maximal runs of letters and
 *    digits, except that every Han ideograph is a token of its own (Chinese has no spaces).
 * 2. A leaf of at most {@link WINDOW} tokens is one fragment (the whole leaf). It is kept when it
 *    weighs enough: a Han ideograph weighs 3, every other character 1 (spaces are not counted);
 *    a leaf of several tokens needs {@link MIN_WEIGHT}; a leaf of one token needs
 *    {@link MIN_WEIGHT_ONE_TOKEN} if it holds a digit (an id, a number, a key) and twice that if
 *    not. So `42`, `ok`, `success`, `成功` never become provenance, `Alice Chen`, `INV-77812` do.
 * 3. A longer leaf gives every window of {@link WINDOW} consecutive tokens that weighs at least
 *    {@link MIN_WINDOW_WEIGHT}, so that stock phrases of prose rarely carry provenance from one
 *    text into another.
 * 4. A fragment is stored as a 52-bit salted hash of its tokens joined by one space.
 *
 * An outbound argument carries a provenance class when any window of 1..{@link WINDOW} of its
 * tokens hashes to a stored fragment of that class. Matching is by exact token sequence, so
 * punctuation, case and width differences do not hide a copied value.
 */

/** Tokens per window. */
export const WINDOW = 5;
/** Minimal weight of a whole-leaf fragment of several tokens (a Han ideograph weighs 3). */
export const MIN_WEIGHT = 8;
/** Minimal weight of a one-token leaf that holds a digit (twice that without one). */
export const MIN_WEIGHT_ONE_TOKEN = 10;
/** Minimal weight of a window of a longer text. */
export const MIN_WINDOW_WEIGHT = 15;
const HAN_WEIGHT = 3;
const DIGIT = /\p{N}/u;
/** Leaves visited per result or argument value. */
export const MAX_LEAVES = 4096;
const MAX_DEPTH = 32;
/** Characters of one leaf that are fragmented (the rest of a huge page is ignored). */
const MAX_LEAF_CHARS = 65_536;

const HAN = /\p{Script=Han}/u;
const TOKEN = /\p{Script=Han}|[\p{L}\p{N}\p{M}]+/gu;

/** Normalise and tokenise one text. */
export function tokenize(text: string): string[] {
  const norm = (text.length > MAX_LEAF_CHARS ? text.slice(0, MAX_LEAF_CHARS) : text).normalize('NFKC').toLowerCase();
  return norm.match(TOKEN) ?? [];
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

/**
 * A 52-bit hash of a string (two multiplicative 32-bit lanes, mixed at the end), returned as a
 * safe integer so that it can key a `Map` and be serialised as JSON without loss.
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
  return 0x100000 * (b & 0xfffff) + (a >>> 0);
}

/** Visit the string and number leaves of a JSON-like value, bounded in depth and count. */
export function forEachLeaf(value: unknown, visit: (text: string, key: string | undefined) => void, skipKey?: (key: string) => boolean): void {
  let budget = MAX_LEAVES;
  const seen = new Set<object>();
  const walk = (v: unknown, key: string | undefined, depth: number): void => {
    if (budget <= 0) return;
    if (typeof v === 'string') {
      budget--;
      visit(v, key);
    } else if (typeof v === 'number' || typeof v === 'bigint') {
      budget--;
      visit(String(v), key);
    } else if (v !== null && typeof v === 'object' && depth < MAX_DEPTH && !seen.has(v)) {
      seen.add(v);
      if (Array.isArray(v)) {
        for (const item of v) walk(item, key, depth + 1);
      } else {
        for (const k of Object.keys(v)) {
          if (skipKey?.(k)) continue;
          walk((v as Record<string, unknown>)[k], k, depth + 1);
        }
      }
    }
  };
  walk(value, undefined, 0);
}

/**
 * The fragment hashes of a result value (see the module comment), at most `max` of them, in
 * document order, deduplicated.
 */
export function resultFragments(result: unknown, seed: number, max: number): number[] {
  const out = new Set<number>();
  forEachLeaf(result, (text) => {
    if (out.size >= max) return;
    const toks = tokenize(text);
    if (toks.length === 0) return;
    if (toks.length <= WINDOW) {
      addWindow(toks, 0, toks.length, leafMinWeight(toks), seed, out);
      return;
    }
    for (let i = 0; i + WINDOW <= toks.length && out.size < max; i++) addWindow(toks, i, WINDOW, MIN_WINDOW_WEIGHT, seed, out);
  });
  return [...out];
}

/** The weight a whole leaf of these tokens needs to be kept (see the module comment). */
export function leafMinWeight(toks: readonly string[]): number {
  if (toks.length > 1) return MIN_WEIGHT;
  return DIGIT.test(toks[0] ?? '') ? MIN_WEIGHT_ONE_TOKEN : 2 * MIN_WEIGHT_ONE_TOKEN;
}

function addWindow(toks: readonly string[], start: number, n: number, minWeight: number, seed: number, out: Set<number>): void {
  let weight = 0;
  for (let j = start; j < start + n; j++) weight += tokenWeight(toks[j] as string);
  if (weight < minWeight) return;
  out.add(hash52(toks.slice(start, start + n).join(' '), seed));
}

/**
 * Every window hash of 1..{@link WINDOW} tokens of one outbound text that weighs enough to be a
 * fragment. The caller looks each up in the ledger; `visit` returns true to stop early.
 */
export function probeHashes(text: string, seed: number, visit: (hash: number) => boolean): boolean {
  const toks = tokenize(text);
  for (let i = 0; i < toks.length; i++) {
    let weight = 0;
    let joined = '';
    for (let n = 1; n <= WINDOW && i + n <= toks.length; n++) {
      const t = toks[i + n - 1] as string;
      weight += tokenWeight(t);
      joined = n === 1 ? t : `${joined} ${t}`;
      if (weight >= MIN_WEIGHT && (n > 1 || weight >= MIN_WEIGHT_ONE_TOKEN) && visit(hash52(joined, seed))) return true;
    }
  }
  return false;
}
