import { describe, expect, it } from 'vitest';
import { createGuard } from '../../src/core/guard.js';
import type { Detector } from '../../src/core/detectors.js';

/** A tool name longer than the 80 characters an internal error keeps of it. */
const LONG = 'acme_' + 'y'.repeat(80) + '_tail';

describe('internal errors while deciding name the tool by its first 80 characters', () => {
  it('a call whose fields cannot be read', () => {
    const s = createGuard({ salt: 'kills-6' }).session('s');
    const call = {
      tool: LONG,
      args: {},
      get id(): string {
        throw new Error('no id');
      },
    };
    const d = s.decide(call as never);
    expect(d.rules[0]?.id).toBe('guard.internal-error');
    const first = s.snapshot().errors[0] ?? '';
    expect(first.startsWith(`decide \`${LONG.slice(0, 80)}\`: invalid call`)).toBe(true);
  });

  it('a detector that throws while the call is decided', () => {
    const broken: Detector = {
      id: 'pii.broken',
      kind: 'PII',
      scan: () => {
        throw new Error('detector exploded');
      },
    };
    const g = createGuard({ salt: 'kills-6', detectors: [broken], overrides: { [LONG]: ['CODE_EXECUTION'] } });
    const s = g.session('s');
    const d = s.decide({ tool: LONG, args: { command: 'curl -s https://status.example/ping' } });
    expect(d.rules[0]?.id).toBe('guard.internal-error');
    const first = s.snapshot().errors[0] ?? '';
    expect(first.startsWith(`decide \`${LONG.slice(0, 80)}\`: `)).toBe(true);
    expect(first).toContain('detector exploded');
  });
});

describe('a call that cannot be read is decided at turn 0', () => {
  it('whatever turn it asked for, since its fields could not be read', () => {
    const s = createGuard({ salt: 'kills-6' }).session('s');
    const call = {
      tool: 'fetch_url',
      turn: 7,
      args: {},
      get parent(): string {
        throw new Error('no parent');
      },
    };
    const d = s.decide(call as never);
    expect(d.rules[0]?.id).toBe('guard.internal-error');
    expect(d.turn).toBe(0);
    expect(d.verdict).not.toBe('allow');
  });
});
