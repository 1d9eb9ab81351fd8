/**
 * scripts/learned-baseline.mjs: the features a tool gives, the logistic regression trained on them,
 * and the bounds check that scores it.
 */
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain ESM script without type declarations
import { featuresOf, keepsBounds, score, train } from '../../scripts/learned-baseline.mjs';

describe('learned baseline', () => {
  it('reads a tool into features marked with where each word stands', () => {
    const f = featuresOf(
      {
        name: 'getUserProfile',
        description: 'Fetch a profile. 获取资料',
        inputSchema: { type: 'object', properties: { user_id: { type: 'string', description: 'The user' }, filter: { type: 'object', properties: { city: { type: 'string' } } } } },
        annotations: { readOnlyHint: true, title: 'ignored' },
      },
      ['PRIVATE_ACCESS'],
    );
    expect([...f].sort()).toEqual(
      [
        'bias',
        'builtin:PRIVATE_ACCESS',
        'desc:a',
        'desc:fetch',
        'desc:profile',
        'desc:获',
        'desc:取',
        'desc:资',
        'desc:料',
        'hint:readOnlyHint=true',
        'name:get',
        'name:profile',
        'name:user',
        'prop-desc:the',
        'prop-desc:user',
        'prop:city',
        'prop:filter',
        'prop:id',
        'prop:user',
      ].sort(),
    );
    expect(featuresOf({ name: 'x' }, [])).toEqual(new Set(['bias', 'name:x', 'builtin:none']));
    expect(featuresOf({ name: 'x' }, undefined)).toEqual(new Set(['bias', 'name:x']));
  });

  it('learns a rule the samples follow, and learns it the same way every time', () => {
    // Feature 0 is the bias; feature 1 marks the positives, feature 2 the negatives, feature 3 is noise.
    const xs = [
      [0, 1],
      [0, 1, 3],
      [0, 2],
      [0, 2, 3],
      [0, 1],
      [0, 2],
    ].map((x) => Int32Array.from(x));
    const ys = [1, 1, 0, 0, 1, 0];
    const w = train(xs, ys, 4);
    expect(xs.map((x) => (score(w, x) > 0.5 ? 1 : 0))).toEqual(ys);
    expect(w[1]).toBeGreaterThan(0);
    expect(w[2]).toBeLessThan(0);
    expect(Math.abs(w[3] as number)).toBeLessThan(Math.abs(w[1] as number));
    expect([...train(xs, ys, 4)]).toEqual([...w]);
  });

  it('keeps the bounds only when every `must` is there and no `must_not` is', () => {
    const bounds = { must: ['EXTERNAL_INGESTION'], must_not: ['EXTERNAL_ACTION'] };
    expect(keepsBounds(new Set(['EXTERNAL_INGESTION', 'PRIVATE_ACCESS']), bounds)).toBe(true);
    expect(keepsBounds(new Set(['PRIVATE_ACCESS']), bounds)).toBe(false);
    expect(keepsBounds(new Set(['EXTERNAL_INGESTION', 'EXTERNAL_ACTION']), bounds)).toBe(false);
  });
});
