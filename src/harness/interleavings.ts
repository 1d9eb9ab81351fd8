/**
 * Interleavings of one batch of tool calls.
 *
 * A model turn may issue a batch of n calls at once; the host decides each call, runs the allowed ones
 * concurrently and records each result as it completes. Which completions a decision can see therefore depends on
 * scheduling, and a guard that is correct in declaration order may be wrong in another. This module names those
 * schedules (as orders of the 2n events d_i "decide member i" and c_i "complete member i", each d_i before its c_i),
 * enumerates them (all, or one per equivalence class for guards that cannot tell the members of a class apart),
 * samples them uniformly with a seeded generator of its own, and plans which ones a run explores.
 *
 * Pure: no IO, no clock, no `Math.random`; every function is a deterministic function of its arguments.
 *
 * Event order used everywhere ("event index"): d_0 < d_1 < … < d_{n-1} < c_0 < c_1 < … < c_{n-1}, i.e. decisions
 * before completions, member ascending. `allInterleavings` is lexicographic in this order, so the canonical order
 * (d_0 … d_{n-1} c_0 … c_{n-1}) is the smallest interleaving and always comes first.
 */

export type BatchEvent = { readonly kind: 'd' | 'c'; readonly member: number };
export type Interleaving = readonly BatchEvent[];

/** How many orders a sampled plan draws when asked for `interleavings: 'all'` past the exhaustive limit. */
export const DEFAULT_SAMPLED_ORDERS = 1000;

/** Reject batch sizes that are not counts, so a bad config fails loudly rather than enumerating nothing. */
function assertBatchSize(n: number): void {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`batch size must be a non-negative integer, got ${String(n)}`);
}

/**
 * The 2n distinct events of a batch, indexed by event index (d_m at m, c_m at n + m). Frozen and shared by every
 * order a generator yields, so a yielded order costs one array of references, not 2n fresh objects.
 */
function eventTable(n: number): readonly BatchEvent[] {
  const table: BatchEvent[] = [];
  for (let m = 0; m < n; m++) table.push(Object.freeze({ kind: 'd', member: m }));
  for (let m = 0; m < n; m++) table.push(Object.freeze({ kind: 'c', member: m }));
  return table;
}

/** `d1 d2 c2 d3 c1 c3` (1-based in text, as users read it). */
export function formatInterleaving(order: Interleaving): string {
  return order.map((e) => `${e.kind}${e.member + 1}`).join(' ');
}

/**
 * The representative of an order's class under partial-order reduction (see `reducedInterleavings`): each maximal
 * run of decisions and each maximal run of completions sorted by member. Idempotent; keeps validity.
 */
export function runSorted(order: Interleaving): Interleaving {
  const out = order.slice();
  let i = 0;
  while (i < out.length) {
    const kind = (out[i] as BatchEvent).kind;
    let j = i + 1;
    while (j < out.length && (out[j] as BatchEvent).kind === kind) j++;
    if (j - i > 1) {
      const run = out.slice(i, j).sort((a, b) => a.member - b.member);
      for (let k = 0; k < run.length; k++) out[i + k] = run[k] as BatchEvent;
    }
    i = j;
  }
  return out;
}

/** One token of the text form: `d` or `c` then a 1-based member without leading zeros. */
const TOKEN = /^([dc])([1-9][0-9]*)$/;

/**
 * Parse the text form back (for `--replay-order`); returns undefined when it is not a valid interleaving of n
 * members. Tokens are separated by whitespace and/or commas; anything else (unknown kinds, `d0`, `d01`, a member
 * past n, a repeated or missing event, a completion before its decision) is rejected rather than repaired, because a
 * replayed order must be exactly the one that was reported.
 */
export function parseInterleaving(text: string, n: number): Interleaving | undefined {
  if (!Number.isSafeInteger(n) || n < 0) return undefined;
  const tokens = text.split(/[\s,]+/).filter((t) => t !== '');
  const order: BatchEvent[] = [];
  for (const token of tokens) {
    const m = TOKEN.exec(token);
    if (m === null) return undefined;
    const member = Number(m[2]) - 1;
    if (!Number.isSafeInteger(member) || member >= n) return undefined;
    order.push({ kind: m[1] === 'd' ? 'd' : 'c', member });
  }
  return isValidInterleaving(order, n) ? order : undefined;
}

/** Whether `order` is a valid interleaving of n members (each d_i and c_i exactly once, d_i before c_i). */
export function isValidInterleaving(order: Interleaving, n: number): boolean {
  if (!Number.isSafeInteger(n) || n < 0 || order.length !== 2 * n) return false;
  // state[m]: 0 = not yet decided, 1 = decided, 2 = completed.
  const state = new Uint8Array(n);
  for (const e of order) {
    const m = e.member;
    if (!Number.isInteger(m) || m < 0 || m >= n) return false;
    if (e.kind === 'd') {
      if (state[m] !== 0) return false;
      state[m] = 1;
    } else if (e.kind === 'c') {
      if (state[m] !== 1) return false;
      state[m] = 2;
    } else {
      return false;
    }
  }
  // INVARIANT: 2n events, each accepted one advanced exactly one member by one step and no member can advance past
  // 2 — so every member is now completed, and each d and c occurred exactly once in that order.
  return true;
}

/** A BigInt count as a number: exact while it is a safe integer, Infinity past that (never a rounded value). */
function toCount(x: bigint): number {
  return x <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(x) : Infinity;
}

/**
 * (2n)! / 2^n as a number: exact up to n = 10 (2 375 880 867 360 000), Infinity from n = 11 on, where the count
 * is no longer a safe integer. Computed as ∏_{k=1..n} k(2k−1): placing member k's pair into the 2k−1 gaps of the
 * order built for k−1 members gives C(2k, 2) = k(2k−1) choices, each with d first.
 */
export function countInterleavings(n: number): number {
  assertBatchSize(n);
  let total = 1n;
  for (let k = 1n; k <= BigInt(n); k++) total *= k * (2n * k - 1n);
  return toCount(total);
}

/** The canonical order: every member decided in declaration order, then completed in declaration order (d1 … dn c1 … cn). */
export function canonicalInterleaving(n: number): Interleaving {
  assertBatchSize(n);
  return eventTable(n).slice();
}

/**
 * Depth-first enumeration in event-index order, which makes the output lexicographic. With `reduced`, an event of
 * the same kind as the one just placed must have a larger member, so every maximal run of decisions and every
 * maximal run of completions is in ascending member order ("run-sorted"); see `reducedInterleavings` for why this
 * picks exactly one order per class.
 *
 * Iterative (explicit cursor stack) rather than recursive `yield*`, so each order costs O(2n) amortised steps and
 * no generator-per-level overhead.
 */
function* enumerate(n: number, reduced: boolean): Generator<Interleaving> {
  assertBatchSize(n);
  const total = 2 * n;
  const table = eventTable(n);
  if (total === 0) {
    yield [];
    return;
  }
  // state[m]: 0 = not yet decided, 1 = decided, 2 = completed — the prefix path[0..depth) applied.
  const state = new Uint8Array(n);
  const path = new Int32Array(total);
  const cursor = new Int32Array(total);
  let depth = 0;
  for (;;) {
    const prev = depth > 0 ? (path[depth - 1] ?? -1) : -1;
    const prevIsD = prev >= 0 && prev < n;
    let found = -1;
    for (let k = cursor[depth] ?? 0; k < total; k++) {
      const isD = k < n;
      const m = isD ? k : k - n;
      if (state[m] !== (isD ? 0 : 1)) continue;
      if (reduced && prev >= 0 && prevIsD === isD && k < prev) continue;
      found = k;
      break;
    }
    if (found < 0) {
      if (depth === 0) return;
      depth--;
      undo(path[depth] ?? 0);
      continue;
    }
    cursor[depth] = found + 1;
    path[depth] = found;
    apply(found);
    if (depth === total - 1) {
      // INVARIANT: a full path places every d_m while state[m] = 0 and every c_m while state[m] = 1, so it is a valid
      // interleaving; distinct paths differ in some event index, so no order is yielded twice.
      const order: BatchEvent[] = new Array<BatchEvent>(total);
      for (let i = 0; i < total; i++) order[i] = table[path[i] ?? 0] as BatchEvent;
      yield order;
      undo(found);
    } else {
      depth++;
      cursor[depth] = 0;
    }
  }

  function apply(k: number): void {
    if (k < n) state[k] = 1;
    else state[k - n] = 2;
  }
  function undo(k: number): void {
    if (k < n) state[k] = 0;
    else state[k - n] = 1;
  }
}

/** Every interleaving, lazily, in a fixed deterministic order (lexicographic over events with d before c, member ascending). */
export function allInterleavings(n: number): Generator<Interleaving> {
  assertBatchSize(n);
  return enumerate(n, false);
}

/**
 * Interleavings up to partial-order reduction: one representative per class of orders that no guard satisfying the
 * assumption below can tell apart.
 *
 * Equivalence. For a valid order o and a member i let Before_o(i) = { j : c_j precedes d_i in o } — the set of
 * members whose results the decision on member i can have seen. Then o ≈ o' iff Before_o(i) = Before_o'(i) for
 * every i. (The set of completions at the end of the batch is {0..n−1} in every valid order, so it adds nothing.)
 *
 * Assumption (what a guard may depend on). The guard's observable behaviour over the batch — its verdicts and its
 * state after the batch — is a function of (a) for each decision, the set of completions before it, and (b) the
 * set of completions. Guards OUTSIDE this assumption, for which this reduction is NOT sound and
 * `allInterleavings` must be used instead:
 * - a guard that records results in completion order (a racy guard: e.g. "the last result wins"), which can tell
 *   c_1 c_2 from c_2 c_1 inside one run of completions;
 * - a guard whose decisions see earlier decisions of the same batch (e.g. a per-turn budget that admits the first k
 *   decisions, or state written at decide time), which can tell d_1 d_2 from d_2 d_1 inside one run of decisions.
 *
 * Representatives. An order is run-sorted when in each maximal run of consecutive decisions, and in each maximal
 * run of consecutive completions, members ascend. This generator yields exactly the valid run-sorted orders, in
 * lexicographic order; the canonical order d_1 … d_n c_1 … c_n is run-sorted and lexicographically smallest, so it
 * comes first.
 *
 * Proof that this yields exactly one order per ≈-class (hence is sound and complete for the assumption):
 * 1. Swapping two adjacent events of the same kind preserves validity and ≈. Validity only constrains d_i against
 *    c_i, and Before only depends on which of each pair (d_i, c_j) comes first; swapping d_a d_b (or c_a c_b) changes
 *    the relative order of no such pair.
 * 2. Existence: sorting each run of o by member is a sequence of such swaps (bubble sort inside the run), and the
 *    runs stay the same runs since the kinds at each position do not change. So every class contains a valid
 *    run-sorted order.
 * 3. Uniqueness: in a run-sorted order o, the position of every event is a function of the map Before alone, so
 *    two ≈ run-sorted orders are equal. For an event x let Opp(x) be the set of events of the other kind before x.
 *    Before determines Opp: for a decision d_i, Opp(d_i) = { c_j : j ∈ Before(i) }; for a completion c_j,
 *    Opp(c_j) = { d_i : i = j or j ∉ Before(i) } (for i ≠ j, d_i precedes c_j exactly when c_j does not precede
 *    d_i). Two events of the same kind lie in the same run iff no event of the other kind lies between them, iff
 *    |Opp| is equal; and a same-kind event y lies in an earlier run than x iff |Opp(y)| < |Opp(x)|. Hence
 *    pos(x) = |Opp(x)| + #{ same-kind y : |Opp(y)| < |Opp(x)| } + #{ same-kind y : |Opp(y)| = |Opp(x)|, member(y) <
 *    member(x) }, all functions of Before.
 * 4. The depth-first search with the "same kind ⇒ larger member" rule enumerates precisely the valid orders whose
 *    adjacent same-kind events ascend, i.e. the valid run-sorted orders, each once.
 * So for every guard F satisfying the assumption, F is constant on each class (its inputs (a) are Before and (b)
 * is constant), every class has exactly one yielded representative, and therefore
 * { F(o) : o ∈ reducedInterleavings(n) } = { F(o) : o ∈ allInterleavings(n) }.
 *
 * The classes are the labeled interval orders on the n members (member i's call spans [d_i, c_i]; i ≺ j iff
 * i ∈ Before(j)), so the counts (see `countReducedInterleavings`) are OEIS A079144: n = 1..6 → 1, 3, 19, 207, 3451,
 * 81663 of 1, 6, 90, 2520, 113400, 7484400.
 */
export function reducedInterleavings(n: number): Generator<Interleaving> {
  assertBatchSize(n);
  return enumerate(n, true);
}

/**
 * The number of orders `reducedInterleavings(n)` yields, without enumerating them (exact while a safe integer,
 * else Infinity). A run-sorted order is a sequence of alternating blocks — a non-empty set of members decided,
 * then a non-empty set of decided members completed, … — so with u members undecided and p pending:
 *   afterC(u, p) = [u = p = 0] + Σ_{k=1..u} C(u, k) · afterD(u − k, p + k)
 *   afterD(u, p) = Σ_{k=1..p} C(p, k) · afterC(u, p − k)
 * and the count is afterC(n, 0) (a batch starts with decisions).
 */
export function countReducedInterleavings(n: number): number {
  assertBatchSize(n);
  const binom: bigint[][] = [];
  for (let a = 0; a <= n; a++) {
    const row: bigint[] = [];
    for (let b = 0; b <= a; b++) row.push(b === 0 || b === a ? 1n : (binom[a - 1]?.[b - 1] ?? 0n) + (binom[a - 1]?.[b] ?? 0n));
    binom.push(row);
  }
  const c = (a: number, b: number): bigint => binom[a]?.[b] ?? 0n;
  // afterC[u][p], afterD[u][p] for u + p ≤ n; filled in increasing order of (2u + p), the number of events left,
  // since every term on a right-hand side has fewer events left than its left-hand side.
  const afterC: bigint[][] = Array.from({ length: n + 1 }, () => new Array<bigint>(n + 1).fill(0n));
  const afterD: bigint[][] = Array.from({ length: n + 1 }, () => new Array<bigint>(n + 1).fill(0n));
  const get = (t: bigint[][], u: number, p: number): bigint => t[u]?.[p] ?? 0n;
  for (let left = 0; left <= 2 * n; left++) {
    for (let u = 0; 2 * u <= left && u <= n; u++) {
      const p = left - 2 * u;
      if (u + p > n) continue;
      let d = 0n;
      for (let k = 1; k <= p; k++) d += c(p, k) * get(afterC, u, p - k);
      let cc = u === 0 && p === 0 ? 1n : 0n;
      for (let k = 1; k <= u; k++) cc += c(u, k) * get(afterD, u - k, p + k);
      const rowD = afterD[u];
      const rowC = afterC[u];
      if (rowD !== undefined) rowD[p] = d;
      if (rowC !== undefined) rowC[p] = cc;
    }
  }
  return toCount(get(afterC, n, 0));
}

/**
 * A small seeded generator of uniform 32-bit words (mulberry32): deterministic across platforms because it only
 * uses 32-bit integer arithmetic. A safe-integer seed is folded from both of its 32-bit halves so seeds that differ
 * only above bit 32 still differ.
 */
function mulberry32(seed: number): () => number {
  let a = (seed >>> 0) ^ Math.imul(Math.floor(seed / 0x1_0000_0000) >>> 0, 0x9e3779b1);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

/** Uniform integer in [0, k) by rejection, so small k carry no modulo bias. */
function below(next: () => number, k: number): number {
  const limit = 0x1_0000_0000 - (0x1_0000_0000 % k);
  for (;;) {
    const x = next();
    if (x < limit) return x % k;
  }
}

/**
 * Seeded sampling beyond the exhaustive limit: `count` valid interleavings, the canonical order first and then
 * count − 1 independent draws, each uniform over all (2n)!/2^n orders (with replacement, so repeats are possible).
 * Same seed → same sequence.
 *
 * Why uniform: shuffle the multiset [0, 0, 1, 1, …, n−1, n−1] with Fisher–Yates and read the first occurrence of m
 * as d_m and the second as c_m. This is a bijection between arrangements of the multiset and valid interleavings;
 * Fisher–Yates makes all (2n)! arrangements of the 2n slots equally likely, and each multiset arrangement is the
 * image of exactly 2^n of them (swap the two copies of each member), so each interleaving has probability
 * 2^n / (2n)!.
 */
export function sampleInterleavings(n: number, count: number, seed: number): Interleaving[] {
  assertBatchSize(n);
  if (!Number.isSafeInteger(count) || count < 0) throw new RangeError(`sample count must be a non-negative integer, got ${String(count)}`);
  if (!Number.isSafeInteger(seed)) throw new RangeError(`seed must be a safe integer, got ${String(seed)}`);
  const out: Interleaving[] = [];
  if (count === 0) return out;
  const table = eventTable(n);
  out.push(table.slice());
  const next = mulberry32(seed);
  const total = 2 * n;
  const slots = new Int32Array(total);
  const seen = new Uint8Array(n);
  for (let s = 1; s < count; s++) {
    for (let i = 0; i < total; i++) slots[i] = i >> 1;
    for (let i = total - 1; i > 0; i--) {
      const j = below(next, i + 1);
      const t = slots[i] ?? 0;
      slots[i] = slots[j] ?? 0;
      slots[j] = t;
    }
    seen.fill(0);
    const order: BatchEvent[] = new Array<BatchEvent>(total);
    for (let i = 0; i < total; i++) {
      const m = slots[i] ?? 0;
      // INVARIANT: each member occurs exactly twice in slots, so its first occurrence (d) precedes its second (c).
      order[i] = table[seen[m] === 0 ? m : n + m] as BatchEvent;
      seen[m] = 1;
    }
    out.push(order);
  }
  return out;
}

/**
 * The plan for one batch: exhaustive when n ≤ limit, else sampled; with `reduce` (the default), one order per
 * partial-order class (see `reducedInterleavings` for the assumption this rests on), without it every order.
 * - exhaustive: `orders` is `reducedInterleavings(n)` (or `allInterleavings(n)`) cut to the first N (canonical first),
 *   re-iterable and lazy.
 * - sampled: `orders` is `sampleInterleavings(n, N, seed)`, each draw replaced by its class representative
 *   (`runSorted`) when reducing, with repeats dropped (first occurrence kept, so the canonical order stays first and
 *   there are at most N orders). Reducing matters here: 10 000 draws of a 6-call batch fall into about 5 600 classes,
 *   so nearly half the replays are saved. With `interleavings: 'all'`, N is `DEFAULT_SAMPLED_ORDERS`: 'all' cannot
 *   be honoured past the limit, and failing a whole run over one large batch would be worse than sampling it.
 * `total` is the size of the space the orders stand for (classes when reducing, orders otherwise), so a report can
 * say "explored 100 of 81663".
 */
export function planInterleavings(
  n: number,
  opts: { readonly limit: number; readonly interleavings: 'all' | number; readonly seed: number; readonly reduce?: boolean },
): { readonly mode: 'exhaustive' | 'sampled'; readonly reduced: boolean; readonly orders: Iterable<Interleaving>; readonly total: number } {
  assertBatchSize(n);
  if (Number.isNaN(opts.limit)) throw new RangeError('limit must be a number');
  const cap = opts.interleavings;
  const reduce = opts.reduce ?? true;
  if (cap !== 'all' && (!Number.isSafeInteger(cap) || cap < 1)) throw new RangeError(`interleavings must be 'all' or a positive integer, got ${String(cap)}`);
  if (n <= opts.limit) {
    const orders: Iterable<Interleaving> = {
      *[Symbol.iterator]() {
        let emitted = 0;
        for (const order of reduce ? reducedInterleavings(n) : allInterleavings(n)) {
          yield order;
          emitted++;
          if (cap !== 'all' && emitted >= cap) return;
        }
      },
    };
    return { mode: 'exhaustive', reduced: reduce, orders, total: reduce ? countReducedInterleavings(n) : countInterleavings(n) };
  }
  const drawn = sampleInterleavings(n, cap === 'all' ? DEFAULT_SAMPLED_ORDERS : cap, opts.seed);
  const keys = new Set<string>();
  const orders: Interleaving[] = [];
  for (const draw of drawn) {
    const order = reduce ? runSorted(draw) : draw;
    const key = formatInterleaving(order);
    if (keys.has(key)) continue;
    keys.add(key);
    orders.push(order);
  }
  return { mode: 'sampled', reduced: reduce, orders, total: reduce ? countReducedInterleavings(n) : countInterleavings(n) };
}
