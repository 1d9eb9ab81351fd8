/**
 * Agreement statistics for the labeling workflow: how far two (or more) labelers agree on the
 * verdict a tool call deserves. Verdicts are ordinal categories, allow < ask < deny.
 *
 * Each statistic has a generic core over category indices, counts or numeric values (so that the
 * tests can check it against published worked examples with other category sets), and a thin
 * wrapper over `Verdict` labels.
 *
 * Degenerate cases, chosen once for all functions:
 * - no items (n = 0), or no pairable values for α: the statistic is `NaN`;
 * - a chance-corrected statistic whose expected disagreement is 0 (every label in one category,
 *   so chance alone predicts perfect agreement): `NaN`, not 1. The ratio is 0/0 and the data say
 *   nothing about the labelers' skill; callers that must print a number print "n/a".
 * - malformed input (arrays of different lengths, unknown labels, rows of unequal size, fewer
 *   than two raters per item for Fleiss' κ, bad options): a `RangeError`.
 *
 * Pure: no IO, no clock, no `Math.random` (the bootstrap has its own seeded generator).
 */
import { VERDICTS } from '../core/capabilities.js';
import type { Verdict } from '../core/capabilities.js';

export { VERDICTS };
export type { Verdict };

export type KappaWeighting = 'quadratic' | 'linear';
export type AlphaMetric = 'nominal' | 'ordinal' | 'interval';

// ---------------------------------------------------------------------------------------------
// Confusion matrices and the two-rater statistics
// ---------------------------------------------------------------------------------------------

/** Category index of each label, in `categories` order; throws on an unknown label. */
function indicesOf<C>(labels: readonly C[], categories: readonly C[], who: string): number[] {
  return labels.map((l, i) => {
    const k = categories.indexOf(l);
    if (k < 0) throw new RangeError(`${who}[${i}]: unknown category ${JSON.stringify(l)}`);
    return k;
  });
}

function samePairing(a: readonly unknown[], b: readonly unknown[]): void {
  if (a.length !== b.length) throw new RangeError(`labelings differ in length: ${a.length} vs ${b.length}`);
}

/** k × k counts: row = category of `a`, column = category of `b`, both in `categories` order. */
export function confusionMatrixOf<C>(a: readonly C[], b: readonly C[], categories: readonly C[]): number[][] {
  samePairing(a, b);
  const ia = indicesOf(a, categories, 'a');
  const ib = indicesOf(b, categories, 'b');
  const m = categories.map(() => categories.map(() => 0));
  for (let t = 0; t < ia.length; t++) (m[ia[t]!]!)[ib[t]!]! += 1;
  return m;
}

/** Verdict confusion matrix: rows are `a`, columns `b`, both in `VERDICTS` order. */
export function confusionMatrix(a: readonly Verdict[], b: readonly Verdict[]): number[][] {
  return confusionMatrixOf(a, b, VERDICTS);
}

function total(m: readonly (readonly number[])[]): number {
  let n = 0;
  for (const row of m) for (const x of row) n += x;
  return n;
}

function checkSquare(m: readonly (readonly number[])[]): number {
  const k = m.length;
  for (const row of m) {
    if (row.length !== k) throw new RangeError(`confusion matrix must be square: ${k} rows, a row of ${row.length}`);
    for (const x of row) if (!(x >= 0) || !Number.isFinite(x)) throw new RangeError(`confusion matrix cell ${x} is not a non-negative count`);
  }
  return k;
}

/**
 * Chance-corrected agreement with disagreement weights v(i, j) (v(i, i) = 0):
 *
 *   κ_v = 1 − Σ v_ij o_ij / Σ v_ij e_ij,   e_ij = r_i c_j / n
 *
 * with o the observed counts, r and c its row and column sums (Cohen 1968). `NaN` when n = 0 or
 * the expected weighted disagreement Σ v e is 0.
 */
function kappaWithDisagreement(m: readonly (readonly number[])[], v: (i: number, j: number) => number): number {
  const k = checkSquare(m);
  const n = total(m);
  if (n === 0) return NaN;
  const r = m.map((row) => row.reduce((s, x) => s + x, 0));
  const c = m.map((_, j) => m.reduce((s, row) => s + row[j]!, 0));
  let observed = 0;
  let expected = 0;
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) {
      const w = v(i, j);
      if (w === 0) continue;
      observed += w * m[i]![j]!;
      expected += (w * r[i]! * c[j]!) / n;
    }
  }
  if (expected === 0) return NaN;
  return 1 - observed / expected;
}

/** Proportion of items on the diagonal: p_o = Σ o_ii / n. `NaN` when n = 0. */
export function rawAgreementFromMatrix(m: readonly (readonly number[])[]): number {
  checkSquare(m);
  const n = total(m);
  if (n === 0) return NaN;
  let diag = 0;
  for (let i = 0; i < m.length; i++) diag += m[i]![i]!;
  return diag / n;
}

/**
 * Cohen's κ (Cohen 1960): κ = (p_o − p_e) / (1 − p_e), p_e = Σ r_i c_i / n². Equal to the
 * weighted form with v(i, j) = [i ≠ j]. `NaN` when n = 0 or p_e = 1 (both raters used one and
 * the same category throughout).
 */
export function cohenKappaFromMatrix(m: readonly (readonly number[])[]): number {
  return kappaWithDisagreement(m, (i, j) => (i === j ? 0 : 1));
}

/**
 * Weighted κ (Cohen 1968) for k ordered categories, agreement weights
 *   quadratic: w_ij = 1 − (i − j)² / (k − 1)²      linear: w_ij = 1 − |i − j| / (k − 1)
 * i.e. disagreement weights v = 1 − w. With quadratic weights κ_w equals Lin's concordance
 * correlation of the category indices, 2 cov(a, b) / (var a + var b + (ā − b̄)²) with population
 * moments: Σ o (i − j)² / n = E(a − b)² = var a + var b − 2 cov + (ā − b̄)², and under
 * independence the covariance term vanishes. `NaN` when n = 0, k < 2 or Σ v e = 0.
 */
export function weightedKappaFromMatrix(m: readonly (readonly number[])[], weighting: KappaWeighting = 'quadratic'): number {
  const k = checkSquare(m);
  if (k < 2) return NaN;
  const d = k - 1;
  return weighting === 'quadratic'
    ? kappaWithDisagreement(m, (i, j) => ((i - j) * (i - j)) / (d * d))
    : kappaWithDisagreement(m, (i, j) => Math.abs(i - j) / d);
}

export function rawAgreement(a: readonly Verdict[], b: readonly Verdict[]): number {
  return rawAgreementFromMatrix(confusionMatrix(a, b));
}

export function cohenKappa(a: readonly Verdict[], b: readonly Verdict[]): number {
  return cohenKappaFromMatrix(confusionMatrix(a, b));
}

/** Weighted κ over allow < ask < deny (k = 3): quadratic by default. */
export function weightedKappa(a: readonly Verdict[], b: readonly Verdict[], weighting: KappaWeighting = 'quadratic'): number {
  return weightedKappaFromMatrix(confusionMatrix(a, b), weighting);
}

// ---------------------------------------------------------------------------------------------
// Fleiss' κ
// ---------------------------------------------------------------------------------------------

/**
 * Fleiss' κ (Fleiss 1971) from per-item category counts: `counts[i][j]` raters put item i in
 * category j; every item has the same number m ≥ 2 of ratings. With N items,
 *
 *   P_i = (Σ_j n_ij² − m) / (m (m − 1)),   P̄ = mean P_i,
 *   p_j = Σ_i n_ij / (N m),                P̄_e = Σ_j p_j²,
 *   κ = (P̄ − P̄_e) / (1 − P̄_e).
 *
 * `NaN` when there are no items or P̄_e = 1 (every rating in one category).
 */
export function fleissKappaCounts(counts: readonly (readonly number[])[]): number {
  const nItems = counts.length;
  if (nItems === 0) return NaN;
  const k = counts[0]!.length;
  let m = -1;
  const p = new Array<number>(k).fill(0);
  let pBar = 0;
  counts.forEach((row, i) => {
    if (row.length !== k) throw new RangeError(`item ${i}: ${row.length} categories, expected ${k}`);
    let mi = 0;
    let sq = 0;
    row.forEach((x, j) => {
      if (!Number.isInteger(x) || x < 0) throw new RangeError(`item ${i}: count ${x} is not a non-negative integer`);
      mi += x;
      sq += x * x;
      p[j]! += x;
    });
    if (m < 0) m = mi;
    if (mi !== m) throw new RangeError(`item ${i}: ${mi} ratings, expected ${m} (every item needs the same number of raters)`);
    if (mi < 2) throw new RangeError(`item ${i}: ${mi} ratings, Fleiss' κ needs at least 2 per item`);
    pBar += (sq - mi) / (mi * (mi - 1));
  });
  pBar /= nItems;
  let pe = 0;
  for (const pj of p) pe += (pj / (nItems * m)) ** 2;
  if (pe === 1) return NaN;
  return (pBar - pe) / (1 - pe);
}

/** Fleiss' κ over verdicts: `ratings[i]` holds the m ≥ 2 verdicts given to item i. */
export function fleissKappa(ratings: readonly (readonly Verdict[])[]): number {
  return fleissKappaCounts(
    ratings.map((item, i) => {
      const row = VERDICTS.map(() => 0);
      for (const k of indicesOf(item, VERDICTS, `ratings[${i}]`)) row[k]! += 1;
      return row;
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Krippendorff's α
// ---------------------------------------------------------------------------------------------

/**
 * Krippendorff's α over numeric values, following Krippendorff (2011), "Computing
 * Krippendorff's Alpha-Reliability" (Annenberg School for Communication Departmental Papers 43).
 * `units[u][c]` is coder c's value for unit u, or `null` when missing.
 *
 * Coincidence matrix: for each unit with m_u ≥ 2 values, every ordered pair of values from two
 * different coders adds 1 / (m_u − 1) to o_ck (units with fewer than 2 values are not pairable
 * and are dropped). n_c = Σ_k o_ck, n = Σ_c n_c.
 *
 *   α = 1 − (n − 1) Σ_c Σ_k o_ck δ²_ck / Σ_c Σ_k n_c n_k δ²_ck
 *
 * Difference functions δ²_ck:
 *   nominal:  0 if c = k, else 1;
 *   ordinal:  (Σ_{g=c..k} n_g − (n_c + n_k) / 2)², the categories ranked by value (so only the
 *             order of the values matters, and the distance uses the marginal frequencies n_g);
 *   interval: (c − k)².
 *
 * `NaN` when no unit is pairable or the expected disagreement is 0 (one value throughout).
 */
export function krippendorffAlphaValues(units: readonly (readonly (number | null)[])[], metric: AlphaMetric): number {
  const values = new Set<number>();
  for (const unit of units) {
    for (const v of unit) {
      if (v === null) continue;
      if (!Number.isFinite(v)) throw new RangeError(`value ${v} is not a finite number`);
      values.add(v);
    }
  }
  const cats = [...values].sort((x, y) => x - y);
  const index = new Map(cats.map((v, i) => [v, i]));
  const k = cats.length;
  const o = cats.map(() => new Array<number>(k).fill(0));
  for (const unit of units) {
    const vs = unit.filter((v): v is number => v !== null).map((v) => index.get(v)!);
    const mu = vs.length;
    if (mu < 2) continue;
    for (let x = 0; x < mu; x++) {
      for (let y = 0; y < mu; y++) {
        if (x !== y) o[vs[x]!]![vs[y]!]! += 1 / (mu - 1);
      }
    }
  }
  const nc = o.map((row) => row.reduce((s, x) => s + x, 0));
  const n = nc.reduce((s, x) => s + x, 0);
  if (n === 0) return NaN;
  const delta2 = (c: number, kk: number): number => {
    if (c === kk) return 0;
    switch (metric) {
      case 'nominal':
        return 1;
      case 'interval':
        return (cats[c]! - cats[kk]!) ** 2;
      case 'ordinal': {
        const lo = Math.min(c, kk);
        const hi = Math.max(c, kk);
        let s = 0;
        for (let g = lo; g <= hi; g++) s += nc[g]!;
        return (s - (nc[c]! + nc[kk]!) / 2) ** 2;
      }
    }
  };
  let observed = 0;
  let expected = 0;
  for (let c = 0; c < k; c++) {
    for (let kk = 0; kk < k; kk++) {
      const d = delta2(c, kk);
      if (d === 0) continue;
      observed += o[c]![kk]! * d;
      expected += nc[c]! * nc[kk]! * d;
    }
  }
  if (expected === 0) return NaN;
  return 1 - ((n - 1) * observed) / expected;
}

/**
 * Krippendorff's α over verdicts (`units[u][c]`: coder c's verdict on unit u, `null` if
 * missing). Verdicts are mapped to 0, 1, 2 in allow < ask < deny order; the ordinal metric
 * depends only on that order, the interval metric treats the three as equally spaced.
 * Defaults to ordinal.
 */
export function krippendorffAlpha(units: readonly (readonly (Verdict | null)[])[], metric: AlphaMetric = 'ordinal'): number {
  return krippendorffAlphaValues(
    units.map((unit, u) => unit.map((v, c) => (v === null ? null : indicesOf([v], VERDICTS, `units[${u}][${c}]`)[0]!))),
    metric,
  );
}

// ---------------------------------------------------------------------------------------------
// Bootstrap
// ---------------------------------------------------------------------------------------------

/** mulberry32: a small 32-bit generator, uniform on [0, 1); the same seed gives the same stream. */
function mulberry32(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Linear-interpolation quantile of sorted `xs` (Hyndman & Fan type 7, R's default). */
function quantileSorted(xs: readonly number[], p: number): number {
  const h = (xs.length - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, xs.length - 1);
  return xs[lo]! + (h - lo) * (xs[hi]! - xs[lo]!);
}

export interface BootstrapOptions {
  /** Any integer; the same seed, data and options give the same interval. */
  readonly seed: number;
  /** Number of resamples; default 1000. */
  readonly resamples?: number;
  /** Confidence level in (0, 1); default 0.95. */
  readonly level?: number;
}

/**
 * Percentile bootstrap CI (Efron & Tibshirani 1993, ch. 13) for a paired statistic: draw
 * `resamples` samples of n item indices with replacement, evaluate `stat` on each, and take the
 * (1 − level)/2 and (1 + level)/2 quantiles (type 7) of the values.
 *
 * Resamples whose statistic is `NaN` (say κ of a resample that happens to use one category) are
 * left out; when n = 0 or every resample is `NaN`, the interval is [NaN, NaN]. A percentile
 * interval is not guaranteed to contain the point estimate for a skewed statistic.
 */
export function bootstrapCI<C>(
  a: readonly C[],
  b: readonly C[],
  stat: (a: C[], b: C[]) => number,
  options: BootstrapOptions,
): [number, number] {
  samePairing(a, b);
  const { seed, resamples = 1000, level = 0.95 } = options;
  if (!Number.isInteger(seed)) throw new RangeError(`bootstrap seed must be an integer, got ${seed}`);
  if (!Number.isInteger(resamples) || resamples < 1) throw new RangeError(`resamples must be a positive integer, got ${resamples}`);
  if (!(level > 0 && level < 1)) throw new RangeError(`level must be in (0, 1), got ${level}`);
  const n = a.length;
  if (n === 0) return [NaN, NaN];
  const rand = mulberry32(seed);
  const values: number[] = [];
  const ra = new Array<C>(n);
  const rb = new Array<C>(n);
  for (let r = 0; r < resamples; r++) {
    for (let t = 0; t < n; t++) {
      const i = Math.floor(rand() * n);
      ra[t] = a[i]!;
      rb[t] = b[i]!;
    }
    const v = stat(ra.slice(), rb.slice());
    if (!Number.isNaN(v)) values.push(v);
  }
  if (values.length === 0) return [NaN, NaN];
  values.sort((x, y) => x - y);
  return [quantileSorted(values, (1 - level) / 2), quantileSorted(values, (1 + level) / 2)];
}

// ---------------------------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------------------------

export interface AgreementItem {
  readonly a: Verdict;
  readonly b: Verdict;
  readonly stratum?: string;
}

export interface StratumAgreement {
  n: number;
  agreement: number;
  cohenKappa: number;
  weightedKappa: number;
}

export interface AgreementReport {
  n: number;
  agreement: number;
  cohenKappa: number;
  /** Quadratic weights. */
  weightedKappa: number;
  /** Rows `a`, columns `b`, in `VERDICTS` order. */
  confusion: number[][];
  ci: { agreement: [number, number]; cohenKappa: [number, number]; weightedKappa: [number, number] };
  byStratum: { [stratum: string]: StratumAgreement };
  disagreements: number;
}

export interface AgreementReportOptions {
  readonly seed: number;
  readonly resamples?: number;
  readonly level?: number;
}

const quadratic = (a: Verdict[], b: Verdict[]): number => weightedKappa(a, b, 'quadratic');

/**
 * Agreement between labelers a and b over a set of items: point estimates, percentile bootstrap
 * CIs (all three from the same resamples: one seed), the confusion matrix, and the same point
 * estimates per stratum. Strata are listed in code-unit order of their names; items without a
 * stratum count in the totals only. Plain data with a fixed key order; `NaN` marks an undefined
 * statistic (it serializes to `null` in JSON).
 */
export function agreementReport(items: readonly AgreementItem[], options: AgreementReportOptions): AgreementReport {
  const a = items.map((x) => x.a);
  const b = items.map((x) => x.b);
  const confusion = confusionMatrix(a, b);
  const boot: BootstrapOptions = {
    seed: options.seed,
    ...(options.resamples !== undefined ? { resamples: options.resamples } : {}),
    ...(options.level !== undefined ? { level: options.level } : {}),
  };
  const strata = new Map<string, { a: Verdict[]; b: Verdict[] }>();
  for (const item of items) {
    if (item.stratum === undefined) continue;
    let s = strata.get(item.stratum);
    if (!s) strata.set(item.stratum, (s = { a: [], b: [] }));
    s.a.push(item.a);
    s.b.push(item.b);
  }
  const names = [...strata.keys()].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
  const byStratum = Object.fromEntries(
    names.map((name) => {
      const s = strata.get(name)!;
      const m = confusionMatrix(s.a, s.b);
      const entry: StratumAgreement = {
        n: s.a.length,
        agreement: rawAgreementFromMatrix(m),
        cohenKappa: cohenKappaFromMatrix(m),
        weightedKappa: weightedKappaFromMatrix(m, 'quadratic'),
      };
      return [name, entry];
    }),
  );
  return {
    n: items.length,
    agreement: rawAgreementFromMatrix(confusion),
    cohenKappa: cohenKappaFromMatrix(confusion),
    weightedKappa: weightedKappaFromMatrix(confusion, 'quadratic'),
    confusion,
    ci: {
      agreement: bootstrapCI(a, b, rawAgreement, boot),
      cohenKappa: bootstrapCI(a, b, cohenKappa, boot),
      weightedKappa: bootstrapCI(a, b, quadratic, boot),
    },
    byStratum,
    disagreements: items.length - confusion.reduce((s, row, i) => s + row[i]!, 0),
  };
}
