import { describe, expect, it } from 'vitest';
import { createGuard } from '../../src/core/guard.js';
import { K_OBJECT, K_OTHER, readValue } from '../../src/core/walk.js';
import type { ReadCaps } from '../../src/core/walk.js';

const caps = (over: Partial<ReadCaps>): ReadCaps => ({ text: 1000, leaves: 1000, visits: 1000, depth: 100, ...over });

/** An object whose keys cannot be listed. */
const keyless = (): object =>
  new Proxy(
    {},
    {
      ownKeys() {
        throw new Error('ownKeys exploded');
      },
    },
  );

describe('a container that cannot be read stops the read there, as unreadable', () => {
  it('nothing after it is read, so a later cap cannot replace the reason', () => {
    const t = readValue({ a: keyless(), b: 'x'.repeat(50) }, caps({ text: 10 }));
    expect(t.stop).toMatchObject({ reason: 'unreadable', path: 'a', detail: 'Error: ownKeys exploded' });
    expect([...t.kind]).toEqual([K_OBJECT, K_OTHER]);
    expect(t.text).toEqual(['', '']);
  });

  it('at the top: the tape is the one unread node', () => {
    const t = readValue(keyless(), caps({}));
    expect(t.stop).toMatchObject({ reason: 'unreadable', path: '$' });
    expect([...t.kind]).toEqual([K_OTHER]);
  });

  it('the guard fails closed on such arguments as an internal error, not only as unread input', () => {
    const guard = createGuard({ salt: 'kills-9', overrides: { search_docs: [] } });
    const d = guard.session('s').decide({ tool: 'search_docs', args: { a: keyless(), b: 'x'.repeat(2_000_000) }, turn: 0 });
    expect(d.rules.map((r) => r.id)).toEqual(['guard.internal-error', 'guard.input-unread']);
    expect(d.verdict).toBe('deny');
  });
});
