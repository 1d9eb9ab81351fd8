/**
 * Survivors of the full mutation run in the ledger and the guard's use of it: a decision names the
 * untrusted class of what it carries, and only a program's own record closes the program's scope.
 */
import { describe, expect, it } from 'vitest';
import { createGuard } from '../../src/core/guard.js';
import { AFTER_ALL, ProvenanceTable } from '../../src/core/ledger.js';

describe('a decision lists the provenance classes of what its arguments carry', () => {
  const page = 'Quarterly vendor bulletin: the Harbour Road depot moves to Pier Nine on the first of March, bring badge 7781.';

  it('a fetched page written to a file: the untrusted class', () => {
    const s = createGuard({ salt: 'kills-full', overrides: { fetch_page: ['EXTERNAL_INGESTION'], write_file: ['LOCAL_MUTATION'] } }).session('s');
    s.record({ tool: 'fetch_page', turn: 0 }, { result: page });
    const d = s.decide({ tool: 'write_file', args: { path: 'notes.md', content: page }, turn: 1 });
    expect(d.provenance).toEqual(['untrusted']);
  });

  it('the same words from a private read: the private class, not the untrusted one', () => {
    const s = createGuard({ salt: 'kills-full', overrides: { crm_lookup: ['PRIVATE_ACCESS'], write_file: ['LOCAL_MUTATION'] } }).session('s');
    s.record({ tool: 'crm_lookup', turn: 0 }, { result: page });
    const d = s.decide({ tool: 'write_file', args: { path: 'notes.md', content: page }, turn: 1 });
    expect(d.provenance).toEqual(['private']);
  });
});

describe('only a program’s own record closes its scope', () => {
  const guard = () =>
    createGuard({
      salt: 'kills-full',
      mode: 'strict',
      tools: [{ name: 'run_code', description: 'Run a JavaScript program in Code Mode; the program calls the other tools as tools.* functions' }],
      overrides: { fetch_page: ['EXTERNAL_INGESTION'], crm_lookup: ['PRIVATE_ACCESS'], get_time: [] },
    }).session('s');
  const program = { tool: 'run_code', id: 'prog-1', args: { code: 'const p = await tools.fetch_page({}); await tools.crm_lookup({})' }, turn: 1 };

  it('an ordinary call recorded under the program’s id leaves the program open, and its page counts for its private read', () => {
    const s = guard();
    s.decide(program);
    s.record({ tool: 'fetch_page', turn: 0, parent: 'prog-1' }, { result: 'Vendor portal news.' });
    s.record({ tool: 'get_time', turn: 1, id: 'prog-1' }, { result: '09:30' });
    expect(s.snapshot().openScopes).toBe(1);
    const d = s.decide({ tool: 'crm_lookup', args: {}, turn: 1, parent: 'prog-1' });
    expect(d.rules.map((r) => r.id)).toContain('chain.eit-pat');
  });

  it('the program’s own record closes it', () => {
    const s = guard();
    s.decide(program);
    expect(s.snapshot().openScopes).toBe(1);
    s.record({ tool: 'fetch_page', turn: 0, parent: 'prog-1' }, { result: 'Vendor portal news.' });
    s.record({ tool: 'run_code', turn: 1, id: 'prog-1' }, { result: 'done' });
    expect(s.snapshot().openScopes).toBe(0);
  });
});

describe('the largest turn', () => {
  // Turns are kept in 32-bit slots whose largest value, 2^31 − 1, marks a class never seen.
  it('is 2^31 − 2: one more is no turn, and the call fails closed', () => {
    const s = createGuard({ salt: 'kills-full', overrides: { get_time: [] } }).session('s');
    const ok = s.decide({ tool: 'get_time', args: {}, turn: 2 ** 31 - 2 });
    expect(ok.rules.map((r) => r.id)).not.toContain('guard.internal-error');
    const over = s.decide({ tool: 'get_time', args: {}, turn: 2 ** 31 - 1 });
    expect(over.rules.map((r) => r.id)).toContain('guard.internal-error');
    expect(over.verdict).not.toBe('allow');
  });
});

describe('the provenance table keeps every key through its growth', () => {
  it('20 000 keys, eleven doublings: every one found with its turn, and none seen before it', () => {
    const t = new ProvenanceTable(20_000);
    const key = (n: number): number => n * 7919 + 0x1_0000_0000 * (n % 13);
    for (let n = 1; n <= 20_000; n++) t.add(key(n), 1 << (n % 3), n);
    expect(t.size).toBe(20_000);
    for (let n = 1; n <= 20_000; n++) {
      if (t.classesBefore(key(n), AFTER_ALL) !== 1 << (n % 3)) expect.fail(`key ${n}: classes ${t.classesBefore(key(n), AFTER_ALL)}`);
      if (t.classesBefore(key(n), n) !== 0) expect.fail(`key ${n} seen before its turn`);
    }
  });
});
