import { describe, expect, it } from 'vitest';
import { createGuard } from '../../src/core/guard.js';
import { MAX_TURN } from '../../src/core/ledger.js';

describe('a call with a turn the guard cannot use fails closed, saying what it got', () => {
  const decide = (turn: unknown) => createGuard({ salt: 'kills-8', overrides: { get_time: [] } }).session('s').decide({ tool: 'get_time', turn } as never);

  it('a number out of range or not an integer is shown as that number', () => {
    for (const turn of [-1, 2.5, MAX_TURN + 1]) {
      const d = decide(turn);
      expect(d.verdict).toBe('deny');
      expect(d.rules[0]?.id).toBe('guard.internal-error');
      expect(d.error).toBe(`invalid call: \`turn\` must be an integer from 0 to ${MAX_TURN}, got \`${String(turn)}\``);
    }
  });

  it('a value that is no number is shown by its type, never by its text', () => {
    expect(decide('7').error).toBe(`invalid call: \`turn\` must be an integer from 0 to ${MAX_TURN}, got \`string\``);
    expect(decide(null).error).toBe(`invalid call: \`turn\` must be an integer from 0 to ${MAX_TURN}, got \`object\``);
    expect(decide(true).error).toBe(`invalid call: \`turn\` must be an integer from 0 to ${MAX_TURN}, got \`boolean\``);
  });
});

describe('Session.facts: what the next sequential call would see', () => {
  const guard = () => createGuard({ salt: 'kills-8', overrides: { fetch_page: ['EXTERNAL_INGESTION'], read_notes: ['PRIVATE_ACCESS'] } });

  it('an event of the newest turn is seen by the next turn', () => {
    const s = guard().session('s');
    expect(s.facts()).toEqual({ eit: false, eitPat: false });
    expect(s.record({ tool: 'fetch_page', turn: 0 }, { result: 'page' })).toEqual({ recorded: true });
    expect(s.facts()).toEqual({ eit: true, eitPat: false });
    expect(s.record({ tool: 'read_notes', turn: 1 }, { result: 'notes' })).toEqual({ recorded: true });
    expect(s.facts()).toEqual({ eit: true, eitPat: true });
  });

  it('agrees with the decision of the next call', () => {
    const s = guard().session('s');
    s.record({ tool: 'fetch_page', turn: 4 }, { result: 'page' });
    expect(s.facts().eit).toBe(true);
    expect(s.decide({ tool: 'read_notes', args: {} }).rules.map((r) => r.id)).toContain('chain.eit-pat');
  });
});
