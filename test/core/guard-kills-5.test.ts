import { describe, expect, it } from 'vitest';
import { createGuard } from '../../src/core/guard.js';
import type { ToolSpec } from '../../src/core/types.js';
import { CORE_TOOLS } from './tools-fixture.js';

const TOOLS: ToolSpec[] = [
  ...CORE_TOOLS,
  { name: 'run_code', description: 'Run a JavaScript program in Code Mode; the program calls the other tools as tools.* functions' },
];

function session() {
  return createGuard({ mode: 'balanced', tools: TOOLS, salt: 'kills-5' }).session('s');
}

describe('recording a Code Mode call', () => {
  it('is not recorded: the calls its program made are recorded one by one', () => {
    const s = session();
    const d = s.decide({ tool: 'run_code', args: { code: 'return await tools.crm_lookup({ customer_id: 7 });' } });
    expect(s.record(d, { result: { name: 'Maria Lopez' } })).toEqual({ recorded: false, reason: 'code-mode-call' });
  });
});

describe('object keys of an outbound call are probed for provenance', () => {
  const RECORD = { name: 'Maria Lopez', notes: 'Renewal of the northern depot contract is due in March' };

  it('a key that looks like a field name but copies a private value carries its class', () => {
    const s = session();
    s.record(s.decide({ tool: 'crm_lookup', args: { customer_id: 7 } }), { result: RECORD });
    const d = s.decide({ tool: 'write_file', args: { path: 'notes/renewals.json', content: 'See the list.', meta: { Maria_Lopez: 'renewal' } } });
    expect(d.provenance).toContain('private');
  });

  it('the twin: a key naming nobody in the record carries nothing', () => {
    const s = session();
    s.record(s.decide({ tool: 'crm_lookup', args: { customer_id: 7 } }), { result: RECORD });
    const d = s.decide({ tool: 'write_file', args: { path: 'notes/renewals.json', content: 'See the list.', meta: { Account_Owner: 'renewal' } } });
    expect(d.provenance).toEqual([]);
  });
});
