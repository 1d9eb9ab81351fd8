/**
 * The light measure of a document without aliases agrees with the full one: the same duplicate
 * and lone keys in the same order, and it hands over (undefined) whenever the full measure finds
 * the document too large or too deep, or an alias is there to expand.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import type { Node } from 'yaml';
import { MAX_NESTING_DEPTH, measure, measureWithoutAliases } from '../../src/io/dsl-yaml.js';

/** YAML text of nested flow and block collections, with repeated keys, `{a b}` lone keys and, sometimes, an anchor and an alias. */
const yamlText = fc.letrec<{ node: string }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom('1', 'x', 'null', '"q"', '~'),
    fc.array(tie('node'), { maxLength: 4 }).map((xs) => `[${xs.join(', ')}]`),
    fc.array(fc.tuple(fc.constantFrom('a', 'b', 'c', 'x y'), tie('node')), { maxLength: 4 }).map((kv) => `{${kv.map(([k, v]) => (k === 'x y' ? k : `${k}: ${v}`)).join(', ')}}`),
  ),
})).node;

function both(text: string, maxNodes: number): { light: ReturnType<typeof measureWithoutAliases>; full: ReturnType<typeof measure>; lightDup: Node[]; fullDup: Node[]; lightLone: Node[]; fullLone: Node[] } {
  const doc = parseDocument(text, { uniqueKeys: false });
  const root = doc.contents as Node | null;
  const lightDup: Node[] = [];
  const lightLone: Node[] = [];
  const fullDup: Node[] = [];
  const fullLone: Node[] = [];
  return { light: measureWithoutAliases(root, maxNodes, lightDup, lightLone), full: measure(root, maxNodes, fullDup, fullLone), lightDup, fullDup, lightLone, fullLone };
}

describe('measuring a document without aliases', () => {
  it('finds what the full measure finds, or hands the document over to it (seed 2024)', () => {
    fc.assert(
      fc.property(yamlText, fc.boolean(), fc.integer({ min: 1, max: 40 }), (body, alias, maxNodes) => {
        const text = alias ? `{base: &x ${body}, again: *x}` : body;
        const r = both(text, maxNodes);
        if (r.light === undefined) {
          // Handed over: there is an alias, or the full measure finds the document too big or too deep.
          expect(alias || r.full.kind !== 'ok').toBe(true);
          return;
        }
        expect(alias).toBe(false);
        expect(r.full.kind).toBe('ok');
        expect(r.lightDup).toEqual(r.fullDup);
        expect(r.lightLone).toEqual(r.fullLone);
      }),
      { seed: 2024, numRuns: 400 },
    );
  });

  it.each([
    ['lists', (d: number): string => `${'['.repeat(d)}1${']'.repeat(d)}`],
    ['maps', (d: number): string => `${'{a: '.repeat(d)}1${'}'.repeat(d)}`],
  ])('hands over %s nested one level past the limit, and keeps them at the limit', (_, nested) => {
    expect(both(nested(MAX_NESTING_DEPTH), 1e6).light).toEqual({ kind: 'ok', aliasTargets: new Map() });
    expect(both(nested(MAX_NESTING_DEPTH), 1e6).full.kind).toBe('ok');
    expect(both(nested(MAX_NESTING_DEPTH + 1), 1e6).light).toBeUndefined();
    expect(both(nested(MAX_NESTING_DEPTH + 1), 1e6).full.kind).toBe('too-deep');
  });

  it('hands over a document of one node more than the limit, and keeps one at the limit', () => {
    // `[1, 2]` is three nodes: the list and its two items.
    expect(both('[1, 2]', 3).light).toEqual({ kind: 'ok', aliasTargets: new Map() });
    expect(both('[1, 2]', 2).light).toBeUndefined();
    expect(both('[1, 2]', 2).full.kind).toBe('too-large');
  });
});
