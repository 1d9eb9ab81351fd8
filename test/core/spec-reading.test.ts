/**
 * The readings the guard keeps of tool specs, by content: kept while their keys fit in 32 MiB of
 * characters, the oldest forgotten first; a reading kept is the same frozen object on every use.
 */
import { describe, expect, it } from 'vitest';
import { readSpec, specReadingsHeld } from '../../src/core/spec-reading.js';

const BUDGET = 32 * 1_048_576;

describe('readSpec', () => {
  it('keeps a catalog of thousands of specs whole: no bound by count', () => {
    const keys = Array.from({ length: 5000 }, (_, i) => `catalog-a:${i}:${'·'.repeat(200)}`);
    const first = keys.map((k, i) => readSpec({ name: `get_item_${i}` }, k));
    // Every reading is found again, the first included, after all the others.
    keys.forEach((k, i) => expect(readSpec({ name: `get_item_${i}` }, k)).toBe(first[i]));
    expect(specReadingsHeld().chars).toBeLessThanOrEqual(BUDGET);
  });

  it('forgets the oldest once the keys pass 32 MiB of characters, and keeps the newest', () => {
    const keys = Array.from({ length: 2_200 }, (_, i) => `catalog-b:${i}:${'x'.repeat(16_000)}`);
    const readings = keys.map((k, i) => readSpec({ name: `list_thing_${i}` }, k));
    const held = specReadingsHeld();
    expect(held.chars).toBeLessThanOrEqual(BUDGET);
    expect(held.chars).toBeGreaterThan(BUDGET - 16_100);
    expect(readSpec({ name: 'list_thing_2199' }, keys[2_199] as string)).toBe(readings[2_199]);
    // The first was forgotten: read again, it is a new (equal) reading.
    const again = readSpec({ name: 'list_thing_0' }, keys[0] as string);
    expect(again).not.toBe(readings[0]);
    expect(again.cls).toEqual(readings[0]?.cls);
  });

  it('counts the readings it makes of specs short enough to keep, and no other', () => {
    const made = (): number => specReadingsHeld().made;
    const before = made();
    const first = readSpec({ name: 'count_me' }, 'catalog-c: count me');
    expect(made()).toBe(before + 1);
    // Found kept: no reading made.
    expect(readSpec({ name: 'count_me' }, 'catalog-c: count me')).toBe(first);
    expect(made()).toBe(before + 1);
    // Too long to keep, or with no content to key it by: made, but not counted.
    readSpec({ name: 'too_long' }, 'z'.repeat(16_385));
    readSpec({ name: 'no_content' }, undefined);
    expect(made()).toBe(before + 1);
  });

  it('keeps no spec longer than 16 384 characters, and a reading is frozen', () => {
    const before = specReadingsHeld().count;
    const r = readSpec({ name: 'big' }, 'y'.repeat(16_385));
    expect(specReadingsHeld().count).toBe(before);
    expect(Object.isFrozen(r) && Object.isFrozen(r.cls) && Object.isFrozen(r.cls.capabilities)).toBe(true);
  });
});
