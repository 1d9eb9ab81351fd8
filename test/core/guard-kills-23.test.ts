/**
 * Survivors of the full mutation run in the guard's session logic that no scenario can reach: a
 * classifier that throws, calls whose `turn` is invalid or missing, the decided writes waiting for
 * their record (their bound, and the key that ties a record to its decision), the findings a
 * decision reports, and the error text of a result that cannot be read.
 */
import { describe, expect, it } from 'vitest';
import { GuardConfigError } from '../../src/core/errors.js';
import { createGuard } from '../../src/core/guard.js';
import type { Decision } from '../../src/core/types.js';

const RUN_CODE = { name: 'run_code', description: 'Run a JavaScript program in Code Mode; the program calls the other tools as tools.* functions' };

describe('registering a tool', () => {
  it('a spec without a readable name is a GuardConfigError', () => {
    const g = createGuard({ salt: 'kills-23' });
    for (const bad of [null, 5, {}, { name: '' }, { name: 7 }]) {
      expect(() => g.registerTool(bad as never)).toThrow(GuardConfigError);
    }
  });

  it('a tool whose classification throws is kept, and every call to it fails closed with the error', () => {
    // The classifier never throws on a real spec: one is made to, by a String method that throws
    // on this description only (restored at once). The description is longer than the readings
    // the guard keeps by content (16 384 characters), so it is classified at every registration.
    const description = 'Export every customer record of the CRM as CSV. ' + 'Columns: name, e-mail, phone, plan, renewal date. '.repeat(340);
    const spec = { name: 'crm_export', description };
    const g = createGuard({ salt: 'kills-23', onError: 'deny', unknownTool: 'allow' });
    const lower = String.prototype.toLowerCase;
    let thrown = 0;
    String.prototype.toLowerCase = function (this: string): string {
      if (this.startsWith('Export every customer record of the CRM as CSV. Columns')) {
        thrown++;
        throw new Error('classifier exploded');
      }
      return lower.call(this);
    };
    try {
      expect(g.registerTool(spec).known).toBe(true);
    } finally {
      String.prototype.toLowerCase = lower;
    }
    expect(thrown).toBeGreaterThan(0);
    const s = g.session('s');
    const d = s.decide({ tool: 'crm_export', args: { format: 'csv' } });
    expect(d.verdict).toBe('deny');
    expect(d.rules[0]).toMatchObject({ id: 'guard.internal-error', verdict: 'deny' });
    expect(d.rules[0]?.reason).toContain('classifier exploded');
    expect(s.snapshot().errors).toEqual(['classify `crm_export`: Error: classifier exploded']);
    // Registered again with a classifier that reads it, the tool is judged by what it does.
    g.registerTool(spec);
    expect(g.session('t').decide({ tool: 'crm_export', args: { format: 'csv' } }).rules.map((r) => r.id)).not.toContain('guard.internal-error');
  });
});

describe('the turn a decision reports', () => {
  it.each([-1, 2.5, 'three'])('a call with the invalid turn %s fails closed at turn 0', (turn) => {
    const s = createGuard({ salt: 'kills-23', overrides: { read_note: ['PRIVATE_ACCESS'] } }).session('s');
    const d = s.decide({ tool: 'read_note', args: {}, turn } as never);
    expect(d.rules.map((r) => r.id)).toEqual(['guard.internal-error']);
    expect(d.error).toContain('`turn` must be an integer');
    expect(d.turn).toBe(0);
  });

  it('a sub-call without a turn whose program is not open is numbered turn 0; inside an open program, the next sub-turn', () => {
    const g = createGuard({ salt: 'kills-23', tools: [RUN_CODE], overrides: { read_note: ['PRIVATE_ACCESS'] } });
    const s = g.session('s');
    const orphan = s.decide({ tool: 'read_note', args: {}, parent: 'prog-gone' });
    expect(orphan).toMatchObject({ turn: 0, parent: 'prog-gone', verdict: 'allow' });
    s.decide({ tool: 'run_code', id: 'prog-1', args: { code: 'await tools.read_note({})' }, turn: 4 });
    s.record({ tool: 'read_note', turn: 0, parent: 'prog-1' }, { result: 'Call Ada on Friday.' });
    expect(s.decide({ tool: 'read_note', args: {}, parent: 'prog-1' })).toMatchObject({ turn: 1, parent: 'prog-1' });
  });
});

describe('scripts a decided write puts on disk wait for its record', () => {
  // Every script below reaches the network and reads no credential.
  const poster = (name: string): string => `import requests\nrequests.post("https://hooks.example/${name}", json={"ok": True})\n`;
  const guard = (scripts: number) => createGuard({ salt: 'kills-23', tools: [RUN_CODE], limits: { scripts }, overrides: { write_file: ['LOCAL_MUTATION'], bash: ['CODE_EXECUTION'] } });
  const scriptTerms = (d: Decision): string[] => d.evidence.filter((e) => e.source === 'command').map((e) => e.term);

  it('a call decided again keeps its scripts the newest: room is made by forgetting an older decided write', () => {
    const s = guard(2).session('s');
    // Two writes of one batch at turn 1 (no ids, so one key), with a write of turn 2 decided between them.
    s.decide({ tool: 'write_file', args: { path: 'a.py', content: poster('a') }, turn: 1 });
    s.decide({ tool: 'write_file', args: { path: 'b.py', content: poster('b') }, turn: 2 });
    s.decide({ tool: 'write_file', args: { path: 'c.py', content: poster('c') }, turn: 1 });
    // A third key passes the bound of 2: the write of turn 2, now the oldest, is forgotten.
    s.decide({ tool: 'write_file', args: { path: 'd.py', content: poster('d') }, turn: 3 });
    expect(s.record({ tool: 'write_file', turn: 1 }, { result: 'ok' })).toEqual({ recorded: true });
    expect(scriptTerms(s.decide({ tool: 'bash', args: { command: 'python3 a.py' }, turn: 4 }))).toEqual(['script a.py']);
    expect(scriptTerms(s.decide({ tool: 'bash', args: { command: 'python3 c.py' }, turn: 4 }))).toEqual(['script c.py']);
    expect(scriptTerms(s.decide({ tool: 'bash', args: { command: 'python3 b.py' }, turn: 4 }))).toEqual(['script b.py (maybe one it forgot)']);
  });

  it('writes of two programs at the same sub-turn, without ids, each go to their own program', () => {
    const s = guard(64).session('s');
    s.decide({ tool: 'run_code', id: 'prog-1', args: { code: 'await tools.write_file(...)' }, turn: 1 });
    s.decide({ tool: 'run_code', id: 'prog-2', args: { code: 'await tools.write_file(...)' }, turn: 1 });
    s.decide({ tool: 'write_file', args: { path: 'upload.py', content: poster('upload') }, turn: 0, parent: 'prog-1' });
    s.decide({ tool: 'write_file', args: { path: 'sync.py', content: poster('sync') }, turn: 0, parent: 'prog-2' });
    s.record({ tool: 'write_file', turn: 0, parent: 'prog-1' }, { result: 'ok' });
    s.record({ tool: 'write_file', turn: 0, parent: 'prog-2' }, { result: 'ok' });
    // Each program knows its own script, and only its own.
    expect(scriptTerms(s.decide({ tool: 'bash', args: { command: 'python3 sync.py' }, turn: 1, parent: 'prog-2' }))).toEqual(['script sync.py']);
    expect(scriptTerms(s.decide({ tool: 'bash', args: { command: 'python3 sync.py' }, turn: 1, parent: 'prog-1' }))).toEqual([]);
    expect(scriptTerms(s.decide({ tool: 'bash', args: { command: 'python3 upload.py' }, turn: 1, parent: 'prog-1' }))).toEqual(['script upload.py']);
  });
});

describe('a decision reports the findings of the rules that looked at the data', () => {
  const CARD = 'Card on file: 4111 1111 1111 1111, expires 09/29.';
  const guard = () => createGuard({ salt: 'kills-23', overrides: { fetch_page: ['EXTERNAL_INGESTION'], crm_lookup: ['PRIVATE_ACCESS'], send_email: ['EXTERNAL_ACTION'], write_file: ['LOCAL_MUTATION'] } });

  it('a send with a card number and no chain before it, and a local write of it, report no findings', () => {
    const s = guard().session('s');
    const send = s.decide({ tool: 'send_email', args: { to: 'billing@example.com', body: CARD }, turn: 0 });
    expect(send.verdict).toBe('allow');
    expect(send.findings).toEqual([]);
    const write = s.decide({ tool: 'write_file', args: { path: 'notes.md', content: CARD }, turn: 1 });
    expect(write.verdict).toBe('allow');
    expect(write.findings).toEqual([]);
  });

  it('the same send after a page and a private read: the card is the finding the chain rule judged', () => {
    const s = guard().session('s');
    s.record({ tool: 'fetch_page', turn: 0 }, { result: 'Vendor portal news.' });
    s.record({ tool: 'crm_lookup', turn: 1 }, { result: { name: 'Ada' } });
    const send = s.decide({ tool: 'send_email', args: { to: 'billing@example.com', body: CARD }, turn: 2 });
    expect(send.rules[0]?.id).toBe('chain.eit-pat-nat.sensitive');
    expect(send.findings.map((f) => f.kind)).toContain('PII');
  });
});

describe('a result that cannot be read is a ledger error naming the tool by its first 80 characters', () => {
  it('a 100-character tool name', () => {
    const LONG = 'acme_' + 'z'.repeat(90) + '_tail';
    const s = createGuard({ salt: 'kills-23', overrides: { [LONG]: ['PRIVATE_ACCESS'] } }).session('s');
    const outcome = Object.defineProperty({}, 'result', {
      enumerable: true,
      get() {
        throw new Error('result getter exploded');
      },
    });
    expect(s.record({ tool: LONG, turn: 0 }, outcome as never)).toEqual({ recorded: true });
    const errors = s.snapshot().errors;
    expect(errors).toHaveLength(1);
    expect(errors[0]?.startsWith(`record \`${LONG.slice(0, 80)}\`: could not read the result at \`$\`: `)).toBe(true);
    expect(errors[0]).toContain('result getter exploded');
  });
});
