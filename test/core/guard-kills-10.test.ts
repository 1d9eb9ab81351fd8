import { describe, expect, it } from 'vitest';
import { createGuard } from '../../src/core/guard.js';

describe('a record the guard cannot take names the tool by its first 80 characters', () => {
  const LONG = 'acme_' + 'y'.repeat(80) + '_tail';

  it.each([-1, 1.5, 'three'])('a ref at turn %s', (turn) => {
    const s = createGuard({ salt: 'kills-10', tools: [{ name: LONG, description: 'Look up a customer record in the CRM' }] }).session('s');
    const r = s.record({ tool: LONG, turn } as never, { result: { name: 'Ada' } });
    expect(r.recorded).toBe(false);
    const errors = s.snapshot().errors;
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(new RegExp(`^record \`${LONG.slice(0, 80)}\`: (?:TypeError: )?invalid call ref`));
  });

  it('a ref whose field cannot be read: the reader’s message, the tool named, the session degraded', () => {
    const s = createGuard({ salt: 'kills-10', tools: [{ name: LONG, description: 'Look up a customer record in the CRM' }] }).session('s');
    const ref = Object.defineProperty({ tool: LONG, turn: 1 }, 'id', {
      enumerable: true,
      get() {
        throw new Error('gone');
      },
    });
    const r = s.record(ref as never, { result: { name: 'Ada' } });
    expect(r).toEqual({ recorded: false, reason: 'internal-error', error: 'TypeError: invalid call ref: reading `id` threw (Error: gone)' });
    expect(s.snapshot().errors).toEqual([`record \`${LONG.slice(0, 80)}\`: TypeError: invalid call ref: reading \`id\` threw (Error: gone)`]);
    expect(s.snapshot().degraded).toBe(true);
  });
});
