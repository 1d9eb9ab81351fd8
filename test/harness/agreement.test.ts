/**
 * Agreement statistics: published worked examples (numbers and sources in the comments), a hand
 * computation for weighted κ, degenerate cases, and properties (fast-check, pinned seeds; a
 * failing property prints its seed and counterexample).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  VERDICTS,
  agreementReport,
  bootstrapCI,
  cohenKappa,
  cohenKappaFromMatrix,
  confusionMatrix,
  confusionMatrixOf,
  fleissKappa,
  fleissKappaCounts,
  krippendorffAlpha,
  krippendorffAlphaValues,
  rawAgreement,
  rawAgreementFromMatrix,
  weightedKappa,
  weightedKappaFromMatrix,
} from '../../src/harness/agreement.js';
import type { Verdict } from '../../src/harness/agreement.js';

/** Expand a k × k count matrix (rows a, columns b, in VERDICTS order) into paired labelings. */
function fromMatrix(m: number[][]): { a: Verdict[]; b: Verdict[] } {
  const a: Verdict[] = [];
  const b: Verdict[] = [];
  m.forEach((row, i) =>
    row.forEach((count, j) => {
      for (let t = 0; t < count; t++) {
        a.push(VERDICTS[i]!);
        b.push(VERDICTS[j]!);
      }
    }),
  );
  return { a, b };
}

const rank = (v: Verdict): number => VERDICTS.indexOf(v);
const verdict = fc.constantFrom(...VERDICTS);
const pairs = (minLength = 1): fc.Arbitrary<[Verdict, Verdict][]> => fc.array(fc.tuple(verdict, verdict), { minLength, maxLength: 60 });
const unzip = (ps: [Verdict, Verdict][]): { a: Verdict[]; b: Verdict[] } => ({ a: ps.map((p) => p[0]), b: ps.map((p) => p[1]) });

describe('confusion matrix', () => {
  it('counts rows a, columns b, in allow < ask < deny order', () => {
    expect(VERDICTS).toEqual(['allow', 'ask', 'deny']);
    expect(confusionMatrix(['allow', 'ask', 'deny', 'deny'], ['ask', 'ask', 'allow', 'deny'])).toEqual([
      [0, 1, 0],
      [0, 1, 0],
      [1, 0, 1],
    ]);
  });

  it('rejects labelings of different lengths and unknown labels', () => {
    expect(() => confusionMatrix(['allow'], [])).toThrow(RangeError);
    expect(() => confusionMatrix(['allow'], ['maybe' as Verdict])).toThrow(/unknown category/);
    expect(() => cohenKappaFromMatrix([[1, 2], [3]])).toThrow(/square/);
  });
});

describe("Cohen's κ: Wikipedia \"Cohen's kappa\", worked examples", () => {
  // Example 1: 50 proposals, two readers, yes/no. Both yes 20, A yes B no 5, A no B yes 10, both
  // no 15. p_o = 35/50 = 0.7; p_e = 0.5·0.6 + 0.5·0.4 = 0.5; κ = 0.2/0.5 = 0.4.
  // Mapped yes → deny, no → allow ('ask' unused, so the matrix is 3 × 3 with an empty middle).
  const yesNo = (yy: number, yn: number, ny: number, nn: number): number[][] => [
    [nn, 0, ny],
    [0, 0, 0],
    [yn, 0, yy],
  ];
  it('20, 5, 10, 15 → p_o = 0.7, κ = 0.4', () => {
    const { a, b } = fromMatrix(yesNo(20, 5, 10, 15));
    expect(a).toHaveLength(50);
    expect(rawAgreement(a, b)).toBeCloseTo(0.7, 12);
    expect(cohenKappa(a, b)).toBeCloseTo(0.4, 12);
    // Only categories 0 and 2 occur, and both weightings give them disagreement 1: same as κ.
    expect(weightedKappa(a, b, 'quadratic')).toBeCloseTo(0.4, 12);
    expect(weightedKappa(a, b, 'linear')).toBeCloseTo(0.4, 12);
  });

  // "Same percentages but different numbers": both p_o = 0.6, but
  // 45, 15, 25, 15 → κ = 0.06/0.46 = 0.1304, and 25, 35, 5, 35 → κ = 0.14/0.54 = 0.2593.
  it('45, 15, 25, 15 → κ ≈ 0.1304; 25, 35, 5, 35 → κ ≈ 0.2593', () => {
    expect(cohenKappaFromMatrix(yesNo(45, 15, 25, 15))).toBeCloseTo(0.06 / 0.46, 12);
    expect(cohenKappaFromMatrix(yesNo(45, 15, 25, 15))).toBeCloseTo(0.1304, 4);
    expect(cohenKappaFromMatrix(yesNo(25, 35, 5, 35))).toBeCloseTo(0.2593, 4);
    expect(rawAgreementFromMatrix(yesNo(25, 35, 5, 35))).toBeCloseTo(0.6, 12);
  });
});

describe('weighted κ: a 3 × 3 hand computation', () => {
  // Rows a, columns b (allow, ask, deny), n = 20:
  //        allow ask deny | r
  //   allow   6   2   0   | 8
  //   ask     1   4   1   | 6
  //   deny    1   1   4   | 6
  //   c       8   7   5
  // Unweighted: p_o = 14/20 = 0.7; p_e = (8·8 + 6·7 + 6·5)/400 = 136/400 = 0.34;
  //   κ = 0.36/0.66 = 6/11 ≈ 0.5455.
  // Expected counts e_ij = r_i c_j / 20 off the diagonal: adjacent cells (0,1) 2.8, (1,0) 2.4,
  //   (1,2) 1.5, (2,1) 2.1 → 8.8; two apart (0,2) 2.0, (2,0) 2.4 → 4.4.
  // Observed off the diagonal: adjacent 2 + 1 + 1 + 1 = 5; two apart 0 + 1 = 1.
  // Linear (disagreement 1/2 adjacent, 1 two apart): O = 2.5 + 1 = 3.5, E = 4.4 + 4.4 = 8.8,
  //   κ_l = 1 − 3.5/8.8 = 53/88 ≈ 0.6023.
  // Quadratic (1/4 adjacent, 1 two apart): O = 1.25 + 1 = 2.25, E = 2.2 + 4.4 = 6.6,
  //   κ_q = 1 − 2.25/6.6 = 29/44 ≈ 0.6591.
  // Cross-check via Lin's concordance on indices 0, 1, 2: mean a = 0.9, mean b = 0.85,
  //   var a = 1.5 − 0.81 = 0.69, var b = 1.35 − 0.7225 = 0.6275, E[ab] = 24/20 = 1.2,
  //   cov = 1.2 − 0.765 = 0.435; 2·0.435 / (0.69 + 0.6275 + 0.05²) = 0.87/1.32 = 29/44. ✓
  const M = [
    [6, 2, 0],
    [1, 4, 1],
    [1, 1, 4],
  ];
  it('κ = 6/11, linear κ_w = 53/88, quadratic κ_w = 29/44', () => {
    const { a, b } = fromMatrix(M);
    expect(confusionMatrix(a, b)).toEqual(M);
    expect(cohenKappa(a, b)).toBeCloseTo(6 / 11, 12);
    expect(weightedKappa(a, b, 'linear')).toBeCloseTo(53 / 88, 12);
    expect(weightedKappa(a, b, 'quadratic')).toBeCloseTo(29 / 44, 12);
    expect(weightedKappa(a, b)).toBeCloseTo(29 / 44, 12); // quadratic is the default
  });
  it('transposing the table (swapping the raters) changes none of them', () => {
    const { a, b } = fromMatrix(M);
    expect(cohenKappa(b, a)).toBeCloseTo(6 / 11, 12);
    expect(weightedKappa(b, a, 'linear')).toBeCloseTo(53 / 88, 12);
    expect(weightedKappa(b, a, 'quadratic')).toBeCloseTo(29 / 44, 12);
  });
});

describe("Fleiss' κ: Fleiss (1971), as worked in Wikipedia \"Fleiss' kappa\"", () => {
  // 10 subjects, 14 raters each, 5 categories. Wikipedia: P_1 = 1.000, P_2 = 0.253, …;
  // p_j = 0.143, 0.200, 0.279, 0.150, 0.229; P̄ = 0.378, P̄_e = 0.213, κ = 0.210.
  const COUNTS = [
    [0, 0, 0, 0, 14],
    [0, 2, 6, 4, 2],
    [0, 0, 3, 5, 6],
    [0, 3, 9, 2, 0],
    [2, 2, 8, 1, 1],
    [7, 7, 0, 0, 0],
    [3, 2, 6, 3, 0],
    [2, 5, 3, 2, 2],
    [6, 5, 2, 1, 0],
    [0, 2, 2, 3, 7],
  ];
  it('κ ≈ 0.210 (exactly (P̄ − P̄_e)/(1 − P̄_e) with P̄ = 0.37802, P̄_e = 0.21276)', () => {
    const k = fleissKappaCounts(COUNTS);
    expect(k).toBeCloseTo(0.21, 3);
    expect(k).toBeCloseTo((0.378021978021978 - 0.21275510204081632) / (1 - 0.21275510204081632), 12);
  });

  it('the verdict wrapper counts the ratings per item', () => {
    const ratings: Verdict[][] = [
      ['allow', 'allow', 'ask'],
      ['deny', 'deny', 'deny'],
      ['ask', 'deny', 'ask'],
      ['allow', 'allow', 'allow'],
    ];
    expect(fleissKappa(ratings)).toBeCloseTo(fleissKappaCounts([[2, 1, 0], [0, 0, 3], [0, 2, 1], [3, 0, 0]]), 12);
  });

  it('rejects unequal rater counts and fewer than 2 raters; NaN with no items or one category', () => {
    expect(() => fleissKappaCounts([[1, 1], [2, 1]])).toThrow(/same number of raters/);
    expect(() => fleissKappaCounts([[1, 0], [0, 1]])).toThrow(/at least 2/);
    expect(() => fleissKappa([['allow', 'ask'], ['allow']])).toThrow(RangeError);
    expect(fleissKappaCounts([])).toBeNaN();
    expect(fleissKappa([['ask', 'ask'], ['ask', 'ask']])).toBeNaN();
  });
});

describe("Krippendorff's α: the worked example of Krippendorff (2011)", () => {
  // "Computing Krippendorff's Alpha-Reliability", 4 observers × 12 units, values 1..5, with
  // missing data (unit 12 has a single value and is not pairable):
  //   A: 1 2 3 3 2 1 4 1 2 . . .
  //   B: 1 2 3 3 2 2 4 1 2 5 . 3
  //   C: . 3 3 3 2 3 4 2 2 5 1 .
  //   D: 1 2 3 3 2 4 4 1 2 5 1 .
  // Marginals n_1..n_5 = 9, 13, 10, 5, 3 (n = 40). Published: nominal α = 0.743,
  // ordinal α = 0.815, interval α = 0.849.
  const _ = null;
  const CODERS = [
    [1, 2, 3, 3, 2, 1, 4, 1, 2, _, _, _],
    [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, _, 3],
    [_, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, _],
    [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, _],
  ];
  const UNITS = CODERS[0]!.map((_v, u) => CODERS.map((coder) => coder[u]!));

  it('nominal 0.743, ordinal 0.815, interval 0.849', () => {
    expect(krippendorffAlphaValues(UNITS, 'nominal')).toBeCloseTo(0.743, 3);
    expect(krippendorffAlphaValues(UNITS, 'ordinal')).toBeCloseTo(0.815, 3);
    expect(krippendorffAlphaValues(UNITS, 'interval')).toBeCloseTo(0.849, 3);
  });

  it('the verdict wrapper maps allow < ask < deny to 0 < 1 < 2', () => {
    const units: (Verdict | null)[][] = [
      ['allow', 'allow', null],
      ['ask', 'deny', 'ask'],
      ['deny', 'deny', 'deny'],
      [null, 'ask', null],
      ['allow', 'ask', 'allow'],
    ];
    const numeric = units.map((u) => u.map((v) => (v === null ? null : rank(v))));
    for (const metric of ['nominal', 'ordinal', 'interval'] as const) {
      expect(krippendorffAlpha(units, metric)).toBeCloseTo(krippendorffAlphaValues(numeric, metric), 12);
    }
    expect(krippendorffAlpha(units)).toBeCloseTo(krippendorffAlphaValues(numeric, 'ordinal'), 12);
  });

  it('NaN with no pairable unit or a single value throughout', () => {
    expect(krippendorffAlpha([], 'nominal')).toBeNaN();
    expect(krippendorffAlpha([['allow', null], [null, 'deny']], 'nominal')).toBeNaN();
    expect(krippendorffAlpha([['ask', 'ask'], ['ask', 'ask', null]], 'ordinal')).toBeNaN();
  });
});

describe('degenerate cases', () => {
  it('n = 0: every statistic is NaN', () => {
    expect(rawAgreement([], [])).toBeNaN();
    expect(cohenKappa([], [])).toBeNaN();
    expect(weightedKappa([], [])).toBeNaN();
    expect(weightedKappa([], [], 'linear')).toBeNaN();
    expect(bootstrapCI([], [], rawAgreement, { seed: 1 })).toEqual([NaN, NaN]);
  });

  it('chance predicts perfect agreement (one category throughout): κ is NaN, agreement 1', () => {
    const a: Verdict[] = ['deny', 'deny', 'deny'];
    expect(rawAgreement(a, a)).toBe(1);
    expect(cohenKappa(a, a)).toBeNaN();
    expect(weightedKappa(a, a)).toBeNaN();
    expect(weightedKappaFromMatrix([[5]])).toBeNaN(); // k = 1: no weights to speak of
  });

  it('bootstrap rejects bad options', () => {
    expect(() => bootstrapCI(['allow'], ['allow'], rawAgreement, { seed: 1.5 })).toThrow(/seed/);
    expect(() => bootstrapCI(['allow'], ['allow'], rawAgreement, { seed: 1, resamples: 0 })).toThrow(/resamples/);
    expect(() => bootstrapCI(['allow'], ['allow'], rawAgreement, { seed: 1, level: 1 })).toThrow(/level/);
  });
});

describe('properties', () => {
  it('κ, linear and quadratic κ_w are 1 for identical labelings using more than one category', () => {
    fc.assert(
      fc.property(fc.array(verdict, { minLength: 2, maxLength: 60 }).filter((a) => new Set(a).size > 1), (a) => {
        expect(cohenKappa(a, a)).toBeCloseTo(1, 12);
        expect(weightedKappa(a, a, 'quadratic')).toBeCloseTo(1, 12);
        expect(weightedKappa(a, a, 'linear')).toBeCloseTo(1, 12);
        expect(fleissKappa(a.map((v) => [v, v, v]))).toBeCloseTo(1, 12);
        for (const metric of ['nominal', 'ordinal', 'interval'] as const) expect(krippendorffAlpha(a.map((v) => [v, v]), metric)).toBeCloseTo(1, 12);
      }),
      { seed: 20260701, numRuns: 200 },
    );
  });

  it('symmetric in the two raters; the confusion matrix transposes; values in range', () => {
    fc.assert(
      fc.property(pairs(), (ps) => {
        const { a, b } = unzip(ps);
        const m = confusionMatrix(a, b);
        expect(confusionMatrix(b, a)).toEqual(m.map((_r, i) => m.map((row) => row[i])));
        const ag = rawAgreement(a, b);
        expect(ag).toBeGreaterThanOrEqual(0);
        expect(ag).toBeLessThanOrEqual(1);
        for (const f of [cohenKappa, (x: Verdict[], y: Verdict[]) => weightedKappa(x, y, 'linear'), (x: Verdict[], y: Verdict[]) => weightedKappa(x, y, 'quadratic')]) {
          const k = f(a, b);
          if (Number.isNaN(k)) {
            expect(f(b, a)).toBeNaN();
            continue;
          }
          expect(f(b, a)).toBeCloseTo(k, 12);
          expect(k).toBeLessThanOrEqual(1 + 1e-12);
          expect(k).toBeGreaterThanOrEqual(-1 - 1e-12);
        }
      }),
      { seed: 1960, numRuns: 300 },
    );
  });

  it("quadratic κ_w equals Lin's concordance correlation of the category indices", () => {
    // Σ o_ij (i − j)² / n = var a + var b − 2 cov + (ā − b̄)²; its chance expectation drops the
    // cov term; so 1 − ratio = 2 cov / (var a + var b + (ā − b̄)²) (population moments).
    fc.assert(
      fc.property(pairs(), (ps) => {
        const { a, b } = unzip(ps);
        const x = a.map(rank);
        const y = b.map(rank);
        const n = x.length;
        const mx = x.reduce((s, v) => s + v, 0) / n;
        const my = y.reduce((s, v) => s + v, 0) / n;
        const vx = x.reduce((s, v) => s + (v - mx) ** 2, 0) / n;
        const vy = y.reduce((s, v) => s + (v - my) ** 2, 0) / n;
        const cov = x.reduce((s, v, i) => s + (v - mx) * (y[i]! - my), 0) / n;
        const denom = vx + vy + (mx - my) ** 2;
        const qwk = weightedKappa(a, b, 'quadratic');
        if (denom === 0) expect(qwk).toBeNaN();
        else expect(qwk).toBeCloseTo((2 * cov) / denom, 9);
      }),
      { seed: 1968, numRuns: 300 },
    );
  });

  it('with only allow and deny in use, both weightings reduce to Cohen’s κ', () => {
    const ends = fc.constantFrom<Verdict>('allow', 'deny');
    fc.assert(
      fc.property(fc.array(fc.tuple(ends, ends), { minLength: 1, maxLength: 60 }), (ps) => {
        const { a, b } = unzip(ps);
        const k = cohenKappa(a, b);
        if (Number.isNaN(k)) return;
        expect(weightedKappa(a, b, 'linear')).toBeCloseTo(k, 12);
        expect(weightedKappa(a, b, 'quadratic')).toBeCloseTo(k, 12);
      }),
      { seed: 71, numRuns: 200 },
    );
  });

  it("two raters: Fleiss' κ is Scott's π, and nominal α = 1 − (1 − 1/2N)(1 − π)", () => {
    fc.assert(
      fc.property(pairs(), (ps) => {
        const { a, b } = unzip(ps);
        const n = a.length;
        const pooled = VERDICTS.map((v) => (a.filter((x) => x === v).length + b.filter((x) => x === v).length) / (2 * n));
        const pe = pooled.reduce((s, p) => s + p * p, 0);
        const po = rawAgreement(a, b);
        const pi = pe === 1 ? NaN : (po - pe) / (1 - pe);
        const fleiss = fleissKappa(ps);
        const alpha = krippendorffAlpha(ps, 'nominal');
        if (Number.isNaN(pi)) {
          expect(fleiss).toBeNaN();
          expect(alpha).toBeNaN();
          return;
        }
        expect(fleiss).toBeCloseTo(pi, 9);
        expect(alpha).toBeCloseTo(1 - (1 - 1 / (2 * n)) * (1 - pi), 9);
      }),
      { seed: 1971, numRuns: 300 },
    );
  });

  it('α: ordinal depends only on the order of values, interval is affine-invariant, single-value units are ignored', () => {
    const value = fc.option(fc.integer({ min: 0, max: 4 }), { freq: 4 });
    const units = fc.array(fc.array(value, { minLength: 3, maxLength: 3 }), { minLength: 1, maxLength: 25 });
    fc.assert(
      fc.property(units, fc.integer({ min: 0, max: 4 }), (us, lone) => {
        const monotone = us.map((u) => u.map((v) => (v === null ? null : v ** 3 + 10 * v)));
        const affine = us.map((u) => u.map((v) => (v === null ? null : 3 * v - 7)));
        const padded = [...us, [lone, null, null], [null, null, null]];
        for (const metric of ['nominal', 'ordinal', 'interval'] as const) {
          const alpha = krippendorffAlphaValues(us, metric);
          const same = (x: number): void => (Number.isNaN(alpha) ? expect(x).toBeNaN() : expect(x).toBeCloseTo(alpha, 9));
          same(krippendorffAlphaValues(padded, metric));
          if (metric !== 'interval') same(krippendorffAlphaValues(monotone, metric));
          same(krippendorffAlphaValues(affine, metric));
        }
      }),
      { seed: 2011, numRuns: 300 },
    );
  });

  it('bootstrap: deterministic per seed; lo ≤ hi; the agreement CI lies in [0, 1] and contains the estimate', () => {
    fc.assert(
      fc.property(pairs(), fc.integer(), (ps, seed) => {
        const { a, b } = unzip(ps);
        const ci = bootstrapCI(a, b, rawAgreement, { seed, resamples: 200 });
        expect(bootstrapCI(a, b, rawAgreement, { seed, resamples: 200 })).toEqual(ci);
        const [lo, hi] = ci;
        const est = rawAgreement(a, b);
        expect(lo).toBeGreaterThanOrEqual(0);
        expect(hi).toBeLessThanOrEqual(1);
        expect(lo).toBeLessThanOrEqual(est + 1e-12);
        expect(hi).toBeGreaterThanOrEqual(est - 1e-12);
      }),
      { seed: 1993, numRuns: 100 },
    );
  });

  it('bootstrap on the 3 × 3 example: κ intervals contain the estimates, seeds matter, wider level is wider', () => {
    const { a, b } = fromMatrix([
      [6, 2, 0],
      [1, 4, 1],
      [1, 1, 4],
    ]);
    const ci = bootstrapCI(a, b, cohenKappa, { seed: 7 });
    expect(ci[0]).toBeLessThan(6 / 11);
    expect(ci[1]).toBeGreaterThan(6 / 11);
    expect(bootstrapCI(a, b, cohenKappa, { seed: 8 })).not.toEqual(ci);
    const wide = bootstrapCI(a, b, cohenKappa, { seed: 7, level: 0.99 });
    expect(wide[0]).toBeLessThanOrEqual(ci[0]);
    expect(wide[1]).toBeGreaterThanOrEqual(ci[1]);
    const q = bootstrapCI(a, b, (x, y) => weightedKappa(x, y), { seed: 7 });
    expect(q[0]).toBeLessThan(29 / 44);
    expect(q[1]).toBeGreaterThan(29 / 44);
  });
});

describe('agreement report', () => {
  const { a, b } = fromMatrix([
    [6, 2, 0],
    [1, 4, 1],
    [1, 1, 4],
  ]);
  // Strata assigned round-robin; the first two items carry no stratum.
  const NAMES = ['web', 'shell', 'email'];
  const items = a.map((v, i) => (i < 2 ? { a: v, b: b[i]! } : { a: v, b: b[i]!, stratum: NAMES[i % 3]! }));

  it('has the point estimates, counts and a stable key order', () => {
    const r = agreementReport(items, { seed: 42 });
    expect(Object.keys(r)).toEqual(['n', 'agreement', 'cohenKappa', 'weightedKappa', 'confusion', 'ci', 'byStratum', 'disagreements']);
    expect(Object.keys(r.ci)).toEqual(['agreement', 'cohenKappa', 'weightedKappa']);
    expect(r.n).toBe(20);
    expect(r.agreement).toBeCloseTo(0.7, 12);
    expect(r.cohenKappa).toBeCloseTo(6 / 11, 12);
    expect(r.weightedKappa).toBeCloseTo(29 / 44, 12);
    expect(r.disagreements).toBe(6);
    expect(r.confusion).toEqual(confusionMatrix(a, b));
    expect(r.ci.agreement).toEqual(bootstrapCI(a, b, rawAgreement, { seed: 42 }));
    expect(r.ci.cohenKappa).toEqual(bootstrapCI(a, b, cohenKappa, { seed: 42 }));
  });

  it('per stratum: sorted names, the same statistics on each subset, unlabelled items left out', () => {
    const r = agreementReport(items, { seed: 42 });
    expect(Object.keys(r.byStratum)).toEqual(['email', 'shell', 'web']);
    let total = 0;
    for (const name of NAMES) {
      const sub = items.filter((x) => x.stratum === name);
      const sa = sub.map((x) => x.a);
      const sb = sub.map((x) => x.b);
      const s = r.byStratum[name]!;
      expect(Object.keys(s)).toEqual(['n', 'agreement', 'cohenKappa', 'weightedKappa']);
      expect(s.n).toBe(sub.length);
      expect(s.agreement).toBe(rawAgreement(sa, sb));
      expect(Object.is(s.cohenKappa, cohenKappa(sa, sb))).toBe(true);
      expect(Object.is(s.weightedKappa, weightedKappa(sa, sb))).toBe(true);
      total += s.n;
    }
    expect(total).toBe(18);
  });

  it('is deterministic for a seed, plain JSON data, and a stratum named __proto__ is just a key', () => {
    const r1 = agreementReport(items, { seed: 3 });
    expect(agreementReport(items, { seed: 3 })).toEqual(r1);
    expect(JSON.parse(JSON.stringify(r1))).toEqual(r1);
    const odd = agreementReport([{ a: 'allow', b: 'deny', stratum: '__proto__' }], { seed: 1 });
    expect(Object.keys(odd.byStratum)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(odd.byStratum)).toBe(Object.prototype);
  });

  it('empty input: n = 0, NaN statistics and intervals', () => {
    const r = agreementReport([], { seed: 1 });
    expect(r.n).toBe(0);
    expect(r.agreement).toBeNaN();
    expect(r.ci.cohenKappa).toEqual([NaN, NaN]);
    expect(r.byStratum).toEqual({});
    expect(r.disagreements).toBe(0);
  });
});

describe('generic core', () => {
  it('confusionMatrixOf works with any category list', () => {
    expect(confusionMatrixOf(['y', 'n', 'y'], ['y', 'y', 'y'], ['y', 'n'])).toEqual([
      [2, 0],
      [1, 0],
    ]);
  });
});
