/**
 * Survivors of the full mutation run in the ledger: the turn before which a result not read in
 * full counts, per class; a chain closed inside a program, as the session's snapshot shows it; and
 * a program's scope opened again under the same id.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EIT, PAT } from '../../src/core/capabilities.js';
import { createGuard } from '../../src/core/guard.js';
import { DEFAULT_LIMITS, Ledger, Scope } from '../../src/core/ledger.js';
import type { EventRecord } from '../../src/core/ledger.js';

const event = (tool: string, turn: number): EventRecord => ({ fragments: [], contextKey: undefined, audit: { tool, capabilities: 0, turn }, scripts: [], unread: false });

describe('the classes of results not read in full count strictly before a turn', () => {
  it('each class counts from the first turn after its earliest unread result (seed 2323)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 7 }), fc.integer({ min: 0, max: 20 })), { maxLength: 12 }), (notes) => {
        const scope = new Scope(DEFAULT_LIMITS);
        for (const [classes, turn] of notes) scope.addUnread(classes, turn);
        const turns = Array.from({ length: 23 }, (_, t) => t);
        const expected = turns.map((t) => notes.reduce((bits, [classes, turn]) => (turn < t ? bits | classes : bits), 0));
        expect(turns.map((t) => scope.unreadBefore(t))).toEqual(expected);
      }),
      { seed: 2323, numRuns: 300 },
    );
  });

  it('a credential read whose result could not be read: a later call carries the credential class, a concurrent one does not', () => {
    const s = createGuard({ salt: 'kills-23', overrides: { vault_read: ['CREDENTIAL_ACCESS'], write_file: ['LOCAL_MUTATION'] } }).session('s');
    const hostile = Object.defineProperty({}, 'result', {
      enumerable: true,
      get() {
        throw new Error('result getter exploded');
      },
    });
    s.record({ tool: 'vault_read', turn: 1 }, hostile as never);
    const args = { path: 'notes.md', content: 'Rotate the deploy key on Monday.' };
    expect(s.decide({ tool: 'write_file', args, turn: 1 }).provenance).toEqual([]);
    expect(s.decide({ tool: 'write_file', args, turn: 2 }).provenance).toEqual(['credential']);
  });
});

describe('a chain closed inside a program shows in the session snapshot', () => {
  it('while the program’s turn is the newest, and after the session moves on', () => {
    const l = new Ledger('s', DEFAULT_LIMITS);
    const prog = l.openScope('prog-1', l.root, 1);
    l.recordEvent(prog, 0, EIT, event('fetch_page', 0));
    expect(l.snapshot().chain.innerChain).toBe(false);
    l.recordEvent(prog, 1, PAT, event('crm_lookup', 1));
    expect(l.snapshot().chain).toMatchObject({ turn: 1, innerChain: true, pendingPat: true });
    l.recordEvent(l.root, 2, 0, event('get_time', 2));
    expect(l.snapshot().chain).toMatchObject({ turn: 2, innerChain: true, pendingPat: false });
  });

  it('a page, then a private read in a later program: no chain inside a program', () => {
    const l = new Ledger('s', DEFAULT_LIMITS);
    l.recordEvent(l.root, 0, EIT, event('fetch_page', 0));
    const prog = l.openScope('prog-1', l.root, 1);
    l.recordEvent(prog, 0, PAT, event('crm_lookup', 0));
    l.recordEvent(l.root, 2, 0, event('get_time', 2));
    expect(l.snapshot().chain.innerChain).toBe(false);
  });
});

describe('a program opened again under the same id keeps its scope', () => {
  it('the same scope, and its sub-calls recorded so far', () => {
    const l = new Ledger('s', DEFAULT_LIMITS);
    const first = l.openScope('prog-1', l.root, 1);
    l.recordEvent(first, 0, EIT, event('fetch_page', 0));
    expect(l.openScope('prog-1', l.root, 1)).toBe(first);
    expect(l.openScopeCount).toBe(1);
    expect(l.scopeOf('prog-1')?.facts(1).eit).toBe(true);
  });

  it('a host that decides a program again: a private read after the program’s page is still case A', () => {
    const s = createGuard({
      salt: 'kills-23',
      mode: 'strict',
      tools: [{ name: 'run_code', description: 'Run a JavaScript program in Code Mode; the program calls the other tools as tools.* functions' }],
      overrides: { fetch_page: ['EXTERNAL_INGESTION'], crm_lookup: ['PRIVATE_ACCESS'] },
    }).session('s');
    const program = { tool: 'run_code', id: 'prog-1', args: { code: 'const p = await tools.fetch_page({}); await tools.crm_lookup({})' }, turn: 1 };
    s.decide(program);
    s.record({ tool: 'fetch_page', turn: 0, parent: 'prog-1' }, { result: 'Vendor portal news.' });
    s.decide(program);
    const d = s.decide({ tool: 'crm_lookup', args: {}, turn: 1, parent: 'prog-1' });
    expect(d.rules.map((r) => r.id)).toContain('chain.eit-pat');
    expect(d.verdict).toBe('ask');
  });
});
