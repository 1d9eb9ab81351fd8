/** The coverage matrix: hits by label, boundaries by tag and by benign twin, per mode and set. */
import { describe, expect, it } from 'vitest';
import type { Mode } from '../../src/core/capabilities.js';
import { COVERED_RULES, UNREACHABLE_RULES, badBoundaryTags, belowFloor, count, coverage } from '../../src/harness/coverage.js';
import type { CallStep, ExpectSpec, Expectation, Scenario } from '../../src/harness/model.js';

const LOC = { file: 'c.yaml', line: 3, col: 1 };
function step(expect: Expectation): CallStep {
  return { kind: 'call', loc: LOC, path: 'steps[0]', call: 't', unknown: false, args: {}, from: [], expect, on_ask: 'approve' };
}
const single = (spec: ExpectSpec): Expectation => ({ kind: 'single', spec });
const byMode = (m: Partial<Record<Mode, ExpectSpec>>): Expectation => ({ kind: 'by-mode', byMode: m });
function sc(id: string, steps: CallStep[], modes: Mode[], extra: Partial<Scenario> = {}): Scenario {
  return { id, set: id.split('/')[0] as string, loc: LOC, tags: [], guard: {}, tools: {}, steps, modes, ...extra };
}

describe('coverage', () => {
  it('a label naming a rule is a hit in each mode it applies to', () => {
    const a = sc('set-2/a', [step(single({ verdict: 'allow' })), step(byMode({ permissive: { verdict: 'allow', rule: 'chain.eit-pat' }, balanced: { verdict: 'ask', rule: 'chain.eit-pat' }, strict: { verdict: 'ask' } }))], ['permissive', 'balanced', 'strict']);
    const b = sc('set-2/b', [step(single({ verdict: 'ask', rule: 'chain.eit-pat' })), step(single({ verdict: 'ask', rule: 'chain.eit-pat' }))], ['balanced']);
    const c = coverage([a, b]);
    expect(count(c.all, 'chain.eit-pat', 'permissive', 'hit')).toBe(1);
    expect(count(c.all, 'chain.eit-pat', 'balanced', 'hit')).toBe(2); // one per scenario, not per step
    expect(count(c.all, 'chain.eit-pat', 'strict', 'hit')).toBe(0); // strict's label names no rule
    expect(c.sets.map((m) => [m.set, m.scenarios])).toEqual([['set-2', 2]]);
  });

  it('a hit from a step marked known stays a hit, and is listed as known in its cell', () => {
    const gap: CallStep = { ...step(single({ verdict: 'deny', rule: 'chain.eit-pat-nat' })), known: { builtin: 'workflow files read as external only' } };
    const a = sc('set-7/a', [step(single({ verdict: 'allow' })), gap], ['balanced', 'strict']);
    const b = sc('set-7/b', [step(single({ verdict: 'deny', rule: 'chain.eit-pat-nat' }))], ['balanced']);
    const c = coverage([a, b]);
    expect(c.all.cells.get('chain.eit-pat-nat|balanced|hit')).toEqual(['set-7/a', 'set-7/b']);
    expect(c.all.known.get('chain.eit-pat-nat|balanced|hit')).toEqual(['set-7/a']);
    expect(c.all.known.get('chain.eit-pat-nat|strict|hit')).toEqual(['set-7/a']);
    expect(c.sets[0]?.known.get('chain.eit-pat-nat|balanced|hit')).toEqual(['set-7/a']);
    expect(coverage([b]).all.known.size).toBe(0);
  });

  it('a boundary is a tagged scenario or a benign twin whose attack twin hits the rule, and never one that names it', () => {
    const tagged = sc('set-3/env-example', [step(single({ verdict: 'allow' }))], ['balanced', 'strict'], { tags: ['boundary:chain.eit-credential'] });
    const attack = sc('set-6/order/attack', [step(byMode({ balanced: { verdict: 'ask', rule: 'chain.eit-pat' }, strict: { verdict: 'ask', rule: 'chain.eit-pat' } }))], ['balanced', 'strict'], { pair: 'set-6/order/x', twin: 'attack' });
    const benign = sc('set-6/order/benign', [step(single({ verdict: 'allow' }))], ['balanced'], { pair: 'set-6/order/x', twin: 'benign' });
    const selfHit = sc('set-3/self', [step(single({ verdict: 'deny', rule: 'chain.eit-credential' }))], ['balanced'], { tags: ['boundary:chain.eit-credential'] });
    const c = coverage([tagged, attack, benign, selfHit]);
    expect(c.all.cells.get('chain.eit-credential|balanced|boundary')).toEqual(['set-3/env-example']);
    expect(count(c.all, 'chain.eit-credential', 'strict', 'boundary')).toBe(1);
    expect(c.all.cells.get('chain.eit-pat|balanced|boundary')).toEqual(['set-6/order/benign']);
    expect(count(c.all, 'chain.eit-pat', 'strict', 'boundary')).toBe(0); // the benign twin runs in balanced only
    expect(count(c.all, 'chain.eit-credential', 'balanced', 'hit')).toBe(1);
    expect(c.sets.map((m) => m.set)).toEqual(['set-3', 'set-6']);
  });

  it('the floor applies to every reachable cell, never to the fail-closed rules', () => {
    const c = coverage([sc('set-1/a', [step(single({ verdict: 'ask', rule: 'classify.unknown-tool' }))], ['balanced'])]);
    const below = belowFloor(c.all, 1);
    expect(below).toHaveLength(COVERED_RULES.length * 3 * 2 - 1);
    expect(below.some((b) => b.rule === 'classify.unknown-tool' && b.mode === 'balanced' && b.polarity === 'hit')).toBe(false);
    for (const r of UNREACHABLE_RULES) expect(below.some((b) => b.rule === r)).toBe(false);
    expect(belowFloor(c.all, 0)).toEqual([]);
  });

  it('finds boundary tags that name no rule', () => {
    const s = sc('set-1/a', [step(single({ verdict: 'allow' }))], ['balanced'], { tags: ['boundary:chain.eit-pta', 'boundary:chain.eit-pat', 'chain'] });
    expect(badBoundaryTags([s]).map((b) => b.rule)).toEqual(['chain.eit-pta']);
  });
});
