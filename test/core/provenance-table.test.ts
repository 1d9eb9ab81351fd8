/** The bounded provenance table against a plain Map model with first-in first-out eviction. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { markProbe, PROBE_FILTER_WORDS } from '../../src/core/fingerprint.js';
import { AuditRing, MAX_TURN, ProvenanceTable, Ring } from '../../src/core/ledger.js';

class Model {
  readonly map = new Map<number, [number, number, number]>();
  /** Earliest turn per class among evicted entries. */
  readonly evicted: [number, number, number] = [Infinity, Infinity, Infinity];
  /** Every key an eviction took (a table with `keepsEvictedKeys` keeps a filter of them). */
  readonly evictedKeys = new Set<number>();
  constructor(readonly cap: number) {}
  add(key: number, classes: number, turn: number): void {
    if (classes === 0) return;
    if (this.cap === 0) {
      // A table that keeps nothing evicts every entry as it comes.
      for (let c = 0; c < 3; c++) if (classes & (1 << c)) this.evicted[c] = Math.min(this.evicted[c] as number, turn);
      this.evictedKeys.add(key);
      return;
    }
    let v = this.map.get(key);
    if (!v) {
      if (this.map.size === this.cap) {
        const oldest = this.map.keys().next().value as number;
        const gone = this.map.get(oldest) as [number, number, number];
        for (let c = 0; c < 3; c++) this.evicted[c] = Math.min(this.evicted[c] as number, gone[c] as number);
        this.evictedKeys.add(oldest);
        this.map.delete(oldest);
      }
      v = [Infinity, Infinity, Infinity];
      this.map.set(key, v);
    }
    for (let c = 0; c < 3; c++) if (classes & (1 << c)) v[c] = Math.min(v[c] as number, turn);
  }
  evictedBefore(turn: number): number {
    const e = this.evicted;
    return (e[0] < turn ? 1 : 0) | (e[1] < turn ? 2 : 0) | (e[2] < turn ? 4 : 0);
  }
  classesBefore(key: number, turn: number): number {
    const v = this.map.get(key);
    return v ? (v[0] < turn ? 1 : 0) | (v[1] < turn ? 2 : 0) | (v[2] < turn ? 4 : 0) : 0;
  }
  /** What a key the host names may carry: its own classes, and every evicted class if it was evicted. */
  classesOfKey(key: number, turn: number): number {
    return this.classesBefore(key, turn) | (this.evictedKeys.has(key) ? this.evictedBefore(turn) : 0);
  }
}

/**
 * Each add on the table and on the model, each followed by a query of its key and of the evicted
 * classes; then the table's entries against the model's.
 */
function replay(cap: number, ops: readonly { key: number; classes: number; turn: number; query: number }[]): [ProvenanceTable, Model] {
  const real = new ProvenanceTable(cap);
  const model = new Model(cap);
  for (const o of ops) {
    real.add(o.key, o.classes, o.turn);
    model.add(o.key, o.classes, o.turn);
    expect(real.classesBefore(o.key, o.query)).toBe(model.classesBefore(o.key, o.query));
    expect(real.evictedBefore(o.query)).toBe(model.evictedBefore(o.query));
  }
  expect(real.entries()).toEqual([...model.map].map(([k, v]) => [k, ...v.map((t) => (t === Infinity ? -1 : t))]));
  return [real, model];
}

describe('ProvenanceTable', () => {
  it('behaves as a FIFO-evicting map of earliest turns per class, remembering what it evicted (seed 5150)', () => {
    // Keys from a small range collide on their home slots, exercising probing and backward shifts.
    const op = fc.oneof(
      fc.record({ kind: fc.constant('add' as const), key: fc.integer({ min: 1, max: 90 }), classes: fc.integer({ min: 0, max: 7 }), turn: fc.nat(30) }),
      fc.record({ kind: fc.constant('query' as const), key: fc.integer({ min: 1, max: 90 }), turn: fc.nat(31) }),
      // Room made ahead of a batch of keys changes no answer, only when the table grows.
      fc.record({ kind: fc.constant('reserve' as const), n: fc.nat(80) }),
    );
    fc.assert(
      // Small caps stress probing and eviction; larger ones also the growth by doubling.
      fc.property(fc.oneof(fc.integer({ min: 0, max: 12 }), fc.integer({ min: 13, max: 60 })), fc.array(op, { maxLength: 300, size: 'max' }), fc.boolean(), (cap, ops, keeps) => {
        const real = new ProvenanceTable(cap, keeps);
        const model = new Model(cap);
        for (const o of ops) {
          if (o.kind === 'add') {
            real.add(o.key, o.classes, o.turn);
            model.add(o.key, o.classes, o.turn);
          } else if (o.kind === 'reserve') {
            real.reserve(o.n);
          } else {
            expect(real.classesBefore(o.key, o.turn)).toBe(model.classesBefore(o.key, o.turn));
            expect(real.evictedBefore(o.turn)).toBe(model.evictedBefore(o.turn));
            // Keys below 2 048 have filter bits of their own: the filter of evicted keys is exact here.
            // Without one, any key may have been evicted.
            expect(real.classesOfKey(o.key, o.turn)).toBe(keeps ? model.classesOfKey(o.key, o.turn) : model.classesBefore(o.key, o.turn) | model.evictedBefore(o.turn));
          }
        }
        expect(real.size).toBe(model.map.size);
        for (const k of model.map.keys()) for (const t of [0, 15, 31]) expect(real.classesBefore(k, t)).toBe(model.classesBefore(k, t));
        // Every entry, oldest first, with the earliest turn per class and -1 for a class never seen.
        expect(real.entries()).toEqual([...model.map].map(([k, v]) => [k, ...v.map((t) => (t === Infinity ? -1 : t))]));
      }),
      { seed: 5150, numRuns: 500 },
    );
  });

  it('keeps for each class its own first turn through re-adds and evictions of the same few keys (seed 5151)', () => {
    // Keys from just past the cap: most adds meet a stored key, often with other classes at another
    // turn (an entry whose turns split), and most evictions take such an entry.
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }).chain((cap) =>
          fc.tuple(fc.constant(cap), fc.array(fc.record({ key: fc.integer({ min: 1, max: cap + 2 }), classes: fc.integer({ min: 1, max: 7 }), turn: fc.nat(8), query: fc.nat(9) }), { maxLength: 200, size: 'max' })),
        ),
        ([cap, ops]) => {
          replay(cap, ops);
        },
      ),
      { seed: 5151, numRuns: 300 },
    );
  });

  it('behaves as the model with keys spread over the whole range, whose probe runs wrap past the last slot (seed 5152)', () => {
    // Keys whose low 32 bits sit near the top put their home in the last slots (a slot is the top
    // bits of a key's low 32), so probe runs, growth and backward shifts wrap around the end.
    const pool: number[] = [];
    for (let i = 0; i < 48; i++) {
      const high = (i * 2654435761) % 0x100000;
      const low = i % 3 === 0 ? 0xffffffff - i * 977 : (Math.imul(i + 1, 0x9e3779b1) >>> 0);
      pool.push(high * 0x100000000 + low);
    }
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }),
        fc.array(fc.record({ key: fc.constantFrom(...pool), classes: fc.integer({ min: 0, max: 7 }), turn: fc.nat(12), query: fc.nat(13) }), { maxLength: 250, size: 'max' }),
        (cap, ops) => {
          const [real, model] = replay(cap, ops);
          for (const k of pool) expect(real.classesBefore(k, 13)).toBe(model.classesBefore(k, 13));
        },
      ),
      { seed: 5152, numRuns: 300 },
    );
  });

  it('reuses the pool record of an evicted entry whose turns split', () => {
    const t = new ProvenanceTable(1);
    t.add(5, 1, 0);
    t.add(5, 2, 3);
    const split = t.byteLength;
    // Each key evicts the one before (its record goes back to the pool), then splits and takes a
    // record again: the pool never grows past its first four records.
    for (let k = 6; k < 30; k++) {
      t.add(k, 1, 0);
      t.add(k, 4, 1);
    }
    expect(t.byteLength).toBe(split);
    // One record in use all along: each split took the record the eviction before it gave back.
    expect((t as unknown as { poolUsed: number }).poolUsed).toBe(1);
    expect(t.entries()).toEqual([[29, 0, -1, 1]]);
    expect(t.evictedBefore(1)).toBe(1);
    expect(t.evictedBefore(4)).toBe(7);
  });

  it('moves the turns of an entry to the pool only when its classes were first seen at different turns', () => {
    const t = new ProvenanceTable(8);
    const poolBytes = (): number => (t as unknown as { pool: Int32Array }).pool.byteLength;
    t.add(5, 3, 4);
    // Later, with classes it has: nothing new. Earlier, with every class it has and more: one turn still.
    t.add(5, 1, 6);
    t.add(5, 7, 2);
    expect(poolBytes()).toBe(0);
    expect(t.entries()).toEqual([[5, 2, 2, 2]]);
    // Five entries whose turns split: the pool grows from four records to eight.
    for (let k = 10; k < 15; k++) {
      t.add(k, 1, 0);
      t.add(k, 2, 1);
    }
    expect(poolBytes()).toBe(8 * 3 * 4);
  });

  it('grows its ring four times at a step from 16 entries, in one buffer of 13 bytes an entry', () => {
    const exact = new ProvenanceTable(1000);
    exact.add(1, 1, 0);
    // Room for exactly 64 entries is a ring of 64, not the step after it.
    exact.reserve(63);
    expect((exact as unknown as { keys: Float64Array }).keys.length).toBe(64);
    const t = new ProvenanceTable(1000);
    const ring = (): Float64Array => (t as unknown as { keys: Float64Array }).keys;
    t.add(1, 1, 0);
    expect(ring().length).toBe(16);
    for (let k = 2; k <= 16; k++) t.add(k * 7919, 1, 0);
    expect(ring().length).toBe(16);
    t.add(17 * 7919, 1, 0);
    expect(ring().length).toBe(64);
    expect(ring().buffer.byteLength).toBe(64 * 13);
    // Room reserved for exactly what the ring holds grows nothing; one more, four times.
    t.reserve(64 - t.size);
    expect(ring().length).toBe(64);
    t.reserve(65 - t.size);
    expect(ring().length).toBe(256);
    // Never past the cap.
    t.reserve(5000);
    expect(ring().length).toBe(1000);
  });

  it('reserves index slots for a batch only past 80 % load', () => {
    const t = new ProvenanceTable(1000);
    const slots = (): number => (t as unknown as { slots: number }).slots;
    t.add(1, 1, 0);
    expect(slots()).toBe(16);
    // 12 keys fill 16 slots to 75 %, 13 to 81 %.
    t.reserve(11);
    expect(slots()).toBe(16);
    t.reserve(12);
    expect(slots()).toBe(32);
    // 100 keys: 128 slots would be 78 % full.
    t.reserve(99);
    expect(slots()).toBe(128);
    // Up to the full size, ceil(1.25 × 1 000) = 1 250 slots.
    t.reserve(2000);
    expect(slots()).toBe(1250);
  });

  it('holds 52-bit keys and treats key 0 as a key', () => {
    const t = new ProvenanceTable(4);
    t.add(2 ** 52 - 1, 2, 3);
    t.add(0, 1, 1);
    expect(t.classesBefore(2 ** 52 - 1, 4)).toBe(2);
    expect(t.classesBefore(2 ** 52 - 1, 3)).toBe(0);
    expect(t.classesBefore(0, 2)).toBe(1);
  });

  it('marks, for a stored hash 0 (kept as key 1), the probe filter bits of hash 0 as well as those of key 1', () => {
    const bitsOf = (key: number): number[] => {
      const f = new Uint32Array(PROBE_FILTER_WORDS);
      markProbe(f, key);
      return [...f.keys()].filter((i) => f[i] !== 0).flatMap((i) => [i, f[i] as number]);
    };
    const t = new ProvenanceTable(4);
    t.add(0, 1, 0);
    const filter = new Uint32Array(PROBE_FILTER_WORDS);
    t.markKeys(filter);
    const set = (key: number): boolean => {
      const b = bitsOf(key);
      for (let i = 0; i < b.length; i += 2) if (((filter[b[i] as number] as number) & (b[i + 1] as number)) !== (b[i + 1] as number)) return false;
      return true;
    };
    expect(set(1)).toBe(true);
    expect(set(0)).toBe(true);
    // A key that is neither: not every bit of it is set.
    expect(set(2 ** 40 + 12345)).toBe(false);
  });
});

describe('Ring', () => {
  it('keeps the last `capacity` items, oldest first (seed 99)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 6 }), fc.array(fc.integer(), { maxLength: 20 }), (cap, xs) => {
        const r = new Ring<number>(cap);
        for (const x of xs) r.push(x);
        expect(r.toArray()).toEqual(cap === 0 ? [] : xs.slice(Math.max(0, xs.length - cap)));
        expect(r.length).toBe(Math.min(cap, xs.length));
      }),
      { seed: 99 },
    );
  });
});

describe('AuditRing', () => {
  it('holds the last `capacity` events, oldest first, numbered from the first ever recorded, with an id or a parent only where one was given (seed 100)', () => {
    const event = fc.record(
      { tool: fc.constantFrom('fetch_url', 'crm_lookup', 'send_email'), capabilities: fc.nat(63), turn: fc.nat(MAX_TURN), id: fc.string({ maxLength: 4 }), parent: fc.string({ maxLength: 4 }) },
      { requiredKeys: ['tool', 'capabilities', 'turn'] },
    );
    fc.assert(
      // Past 16 events the columns grow; capacities of 0 to 40 see both the growth and the wrap.
      fc.property(fc.integer({ min: 0, max: 40 }), fc.array(event, { maxLength: 100, size: 'max' }), (cap, events) => {
        const r = new AuditRing(cap);
        for (const e of events) r.push(e);
        const numbered = events.map((e, seq) => ({ seq, ...e }));
        expect(r.toArray()).toStrictEqual(cap === 0 ? [] : numbered.slice(Math.max(0, events.length - cap)));
        expect(r.length).toBe(Math.min(cap, events.length));
      }),
      { seed: 100 },
    );
  });
});

describe('AuditRing memory', () => {
  it('grows its columns by doubling from 16 events up to its capacity, in one buffer of 5 bytes an event', () => {
    const r = new AuditRing(100);
    const turns = (): Int32Array => (r as unknown as { turns: Int32Array }).turns;
    const sizes: number[] = [];
    for (let i = 0; i < 120; i++) {
      r.push({ tool: 't', capabilities: 1, turn: i });
      if (sizes.at(-1) !== turns().length) sizes.push(turns().length);
    }
    expect(sizes).toEqual([16, 32, 64, 100]);
    expect(turns().buffer.byteLength).toBe(100 * 5);
  });
});
