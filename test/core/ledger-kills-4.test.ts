import { describe, expect, it } from 'vitest';
import { EIT, PAT } from '../../src/core/capabilities.js';
import { DEFAULT_LIMITS, Ledger, ProvenanceTable, Ring } from '../../src/core/ledger.js';
import type { EventRecord } from '../../src/core/ledger.js';

function event(tool: string, turn: number, extra: Partial<EventRecord> = {}): EventRecord {
  return { fragments: [], contextKey: undefined, audit: { tool, capabilities: 0, turn }, scripts: [], unread: false, ...extra };
}

describe('audit events are numbered from 0', () => {
  it('the first event is seq 0 and the count is the number of events', () => {
    const l = new Ledger('s', DEFAULT_LIMITS);
    expect(l.eventCount).toBe(0);
    l.recordEvent(l.root, 0, EIT, event('fetch_url', 0));
    l.recordEvent(l.root, 1, PAT, event('crm_lookup', 1));
    expect(l.eventCount).toBe(2);
    const snap = l.snapshot();
    expect(snap.events).toBe(2);
    expect(snap.history.map((e) => e.seq)).toEqual([0, 1]);
  });

  it('an orphan sub-call is numbered in the same sequence', () => {
    const l = new Ledger('s', DEFAULT_LIMITS);
    l.recordOrphan(EIT, event('fetch_url', 0, { audit: { tool: 'fetch_url', capabilities: EIT, turn: 0, parent: 'gone' } }));
    expect(l.snapshot().history).toEqual([{ seq: 0, tool: 'fetch_url', capabilities: EIT, turn: 0, parent: 'gone' }]);
  });
});

describe('ProvenanceTable memory', () => {
  it('holds a 2-byte index of ceil(1.25 × cap) slots, 8 + 4 + 1 bytes per entry in its ring, and a pool record of 3 turns only for an entry whose classes were first seen at different turns', () => {
    const t = new ProvenanceTable(4);
    expect(t.byteLength).toBe(0);
    t.add(11, 1, 0);
    // 5 slots × 2 (index) + a ring of 4 (the cap: it starts at 16 entries, never past the cap) × (8 (key) + 4 (turn) + 1 (classes))
    const base = 5 * 2 + 4 * (8 + 4 + 1);
    expect(t.byteLength).toBe(base);
    // Another class at the same turn, or an earlier turn for every class: still one turn.
    t.add(11, 2, 0);
    t.add(11, 3, 0);
    expect(t.byteLength).toBe(base);
    expect(t.entries()).toEqual([[11, 0, 0, -1]]);
    // A class first seen later than the others: the entry's turns move to the pool (4 records of 3 turns at first).
    t.add(11, 4, 2);
    expect(t.byteLength).toBe(base + 4 * 3 * 4);
    expect(t.entries()).toEqual([[11, 0, 0, 2]]);
    expect(t.classesBefore(11, 1)).toBe(3);
    expect(t.classesBefore(11, 3)).toBe(7);
  });

  it('a table of cap 0 stores nothing, and every entry it is given counts as evicted at its turn', () => {
    const t = new ProvenanceTable(0, true);
    t.add(11, 5, 2);
    t.add(12, 0, 1); // no class: nothing to remember
    expect(t.size).toBe(0);
    expect(t.classesBefore(11, 5)).toBe(0);
    expect(t.evictedBefore(5)).toBe(5);
    expect(t.evictedBefore(2)).toBe(0);
    expect(t.classesOfKey(11, 5)).toBe(5);
    expect(t.classesOfKey(11, 2)).toBe(0);
    expect(t.classesOfKey(12, 5)).toBe(0);
  });

  it('entries are listed oldest first, with -1 for a class never seen', () => {
    const t = new ProvenanceTable(2);
    t.add(21, 1, 3);
    t.add(22, 2, 4);
    t.add(23, 4, 5);
    expect(t.entries()).toEqual([
      [22, -1, 4, -1],
      [23, -1, -1, 5],
    ]);
    expect(t.evictedBefore(4)).toBe(1);
    expect(t.evictedBefore(3)).toBe(0);
  });
});

describe('Ring', () => {
  it('a ring of capacity 0 keeps nothing', () => {
    const r = new Ring<number>(0);
    r.push(1);
    expect(r.length).toBe(0);
    expect(r.toArray()).toEqual([]);
  });
});
