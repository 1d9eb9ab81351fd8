/**
 * The built-in guard under test shares one core guard between runs of equal configurations (their
 * tool specs the same objects), and keeps those guards within bounds: a count, and the characters
 * of tool specs they hold, so that guards of huge specs cannot pile up between runs.
 */
import { describe, expect, it } from 'vitest';
import { createGuard } from '../../src/core/guard.js';
import { guardFor, sharedGuardsHeld } from '../../src/harness/guards.js';
import type { SessionConfig } from '../../src/harness/guards.js';
import type { ToolSpec } from '../../src/core/types.js';

const config = (tools: readonly ToolSpec[]): SessionConfig => ({ mode: 'balanced', unknownTool: 'ask', overrides: {}, tools });

describe('guards shared between runs', () => {
  it('equal configurations over the same spec objects share a guard; other spec objects get their own', () => {
    const tools = [{ name: 'read_file', description: 'Read a local file.' }];
    const a = guardFor(config(tools));
    expect(guardFor(config(tools))).toBe(a);
    expect(guardFor(config([{ name: 'read_file', description: 'Read a local file.' }]))).not.toBe(a);
    expect(guardFor({ ...config(tools), mode: 'strict' })).not.toBe(a);
  });

  it('hold at most 8 Mi characters of tool specs: the oldest go first, and a guard over the bound is not kept', () => {
    const big = (i: number): ToolSpec[] => [{ name: `send_${i}`, description: `Send a message. ${'x'.repeat(1_048_576)}` }];
    const first = big(0);
    const kept = guardFor(config(first));
    expect(kept.heldSpecChars).toBeGreaterThan(1_048_576);
    for (let i = 1; i < 20; i++) guardFor(config(big(i)));
    const held = sharedGuardsHeld();
    expect(held.chars).toBeLessThanOrEqual(8 * 1_048_576);
    expect(held.count).toBeLessThan(8);
    // The first was let go: an equal configuration over its specs builds a guard again.
    expect(guardFor(config(first))).not.toBe(kept);
    const huge = [{ name: 'huge', description: 'y'.repeat(9 * 1_048_576) }];
    const before = sharedGuardsHeld();
    const once = guardFor(config(huge));
    // Not kept, and nothing let go for it.
    expect(sharedGuardsHeld()).toEqual(before);
    expect(guardFor(config(huge))).not.toBe(once);
  });

  it("count every spec read into a guard, at construction and by registration", () => {
    const guard = createGuard({ tools: [{ name: 'a', description: 'Read a file.' }] });
    const before = guard.heldSpecChars;
    expect(before).toBeGreaterThan(0);
    guard.registerTool({ name: 'b', description: 'Read a file.' });
    expect(guard.heldSpecChars).toBeGreaterThan(before);
  });
});
