import { describe, expect, it } from 'vitest';
import { EIT, PAT } from '../../src/core/capabilities.js';
import { DEFAULT_LIMITS, Ledger } from '../../src/core/ledger.js';
import type { EventRecord } from '../../src/core/ledger.js';

function event(tool: string, turn: number, capabilities: number): EventRecord {
  return { fragments: [], contextKey: undefined, audit: { tool, capabilities, turn }, scripts: [], unread: false };
}

// README "Ledger": open Code Mode scopes are bounded by `limits.scopes`; opening one more closes the
// oldest.
describe('openScope under limits.scopes', () => {
  it('with room for one, opening a second program closes the first', () => {
    const l = new Ledger('s', { ...DEFAULT_LIMITS, scopes: 1 });
    l.openScope('first', l.root, 1);
    expect(l.scopeOf('first')).toBeDefined();
    l.openScope('second', l.root, 2);
    expect(l.scopeOf('first')).toBeUndefined();
    expect(l.scopeOf('second')).toBeDefined();
    expect(l.openScopeCount).toBe(1);
  });

  it('with room for none, a program has no open scope', () => {
    const l = new Ledger('s', { ...DEFAULT_LIMITS, scopes: 0 });
    l.openScope('only', l.root, 1);
    expect(l.scopeOf('only')).toBeUndefined();
    expect(l.openScopeCount).toBe(0);
  });
});

// README "Ledger": a sub-call of a program whose scope was closed for room has no known place among
// the session's turns; it is recorded where it weakens nothing: its external content at the earliest
// turn the program could have started, its private read at the newest turn. So a private read and
// then a page read of such programs still form EIT → PAT: the page may have come first.
describe('recordOrphan places a private read at the newest turn', () => {
  it('a later page read of a program closed for room still comes before it', () => {
    const l = new Ledger('s', { ...DEFAULT_LIMITS, scopes: 0 });
    l.openScope('program', l.root, 1); // closed at once: the program may run from turn 1 on
    l.recordEvent(l.root, 2, 0, event('get_time', 2, 0));
    l.recordEvent(l.root, 3, 0, event('get_time', 3, 0));
    l.recordOrphan(PAT, event('crm_lookup', 3, PAT));
    expect(l.root.chainSnapshot()).toMatchObject({ turn: 3, eitMin: null, patMax: null, pendingPat: true });
    l.recordOrphan(EIT, event('fetch_url', 3, EIT));
    expect(l.root.chainSnapshot()).toMatchObject({ eitMin: 1, pendingPat: true });
    expect(l.root.allFacts()).toEqual({ eit: true, eitPat: true });
    expect(l.root.facts(4)).toEqual({ eit: true, eitPat: true });
  });
});
