/**
 * Survivors of the `--seed 12` mutation draw in the ledger: a fingerprint table grows with its
 * entries, not to its full size on the first insert (the memory a session holds is the bench's
 * "heap of one saturated session" goal; a table that jumped to full size would hold it from the
 * first call on).
 */
import { describe, expect, it } from 'vitest';
import { ProvenanceTable } from '../../src/core/ledger.js';

/** Entries the table's ring has room for: what it holds but the index. */
function ringOf(t: ProvenanceTable): number {
  return (t as unknown as { keys: Float64Array }).keys.length;
}

describe('a provenance table grows with its entries', () => {
  it('ten entries in a table of 1 024 keep it at its first size, and it doubles only past 80 % load', () => {
    const t = new ProvenanceTable(1024);
    // The index (2 bytes a slot), without the ring of entries (13 bytes each, grown as the index is).
    const slots = (): number => (t.byteLength - 13 * ringOf(t)) / 2;
    t.add(101, 1, 0);
    const first = slots();
    expect(first).toBe(16);
    for (let k = 2; k <= 10; k++) t.add(k * 7919, 1, 0);
    expect(slots()).toBe(first);
    // 16 slots hold 12 entries below 80 % load; the 13th doubles them.
    for (let k = 11; k <= 12; k++) t.add(k * 7919, 1, 0);
    expect(slots()).toBe(first);
    t.add(13 * 7919, 1, 0);
    expect(slots()).toBe(2 * first);
    expect(t.size).toBe(13);
  });

  it('room reserved for a batch of keys is made in one step, only as large as the batch needs', () => {
    const t = new ProvenanceTable(1024);
    const slots = (): number => (t.byteLength - 13 * ringOf(t)) / 2;
    t.reserve(0);
    expect(slots()).toBe(0);
    // 200 keys need 250 slots at 80 % load: the doublings from 16 stop at 256.
    t.reserve(200);
    expect(slots()).toBe(256);
    for (let k = 1; k <= 200; k++) t.add(k * 7919, 1, 0);
    expect(slots()).toBe(256);
    // Never past the full size (1 024 entries at 80 %: 1 280 slots), however many are announced.
    t.reserve(5000);
    expect(slots()).toBe(1280);
    expect(ringOf(t)).toBe(1024);
    expect(t.size).toBe(200);
  });
});
