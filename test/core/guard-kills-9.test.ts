import { describe, expect, it } from 'vitest';
import { createGuard } from '../../src/core/guard.js';

describe('what the classifier recognised a harmless tool as is shown, and only for its own answer', () => {
  const tools = [{ name: 'get_current_time', description: 'Get the current time' }];

  it('a tool recognised as harmless, with no override, shows what it was recognised as', () => {
    const guard = createGuard({ salt: 'kills-9', tools });
    expect(guard.tool('get_current_time')).toMatchObject({ known: true, harmless: true, capabilities: [], recognised: { kind: 'time', terms: ['time'] } });
  });

  it('an override decides over the recognition: the same tool overridden to `[]` or to a capability shows none', () => {
    const empty = createGuard({ salt: 'kills-9', tools, overrides: { get_current_time: [] } });
    expect(empty.tool('get_current_time')).toMatchObject({ harmless: true, capabilities: [] });
    expect(empty.tool('get_current_time').recognised).toBeUndefined();
    const some = createGuard({ salt: 'kills-9', tools, overrides: { get_current_time: ['PRIVATE_ACCESS'] } });
    expect(some.tool('get_current_time')).toMatchObject({ harmless: false, capabilities: ['PRIVATE_ACCESS'] });
    expect(some.tool('get_current_time').recognised).toBeUndefined();
  });
});

describe('a result that cannot be read still records its event, and everything later may carry it', () => {
  const guard = () => createGuard({ salt: 'kills-9', overrides: { fetch_page: ['EXTERNAL_INGESTION'], save_note: ['LOCAL_MUTATION'] } });
  const hostile = (): object =>
    Object.defineProperty({}, 'result', {
      enumerable: true,
      get() {
        throw new Error('result getter exploded');
      },
    });

  it('a page whose result getter throws: a later local write is judged as carrying external content', () => {
    const s = guard().session('s');
    expect(s.record({ tool: 'fetch_page', turn: 0 }, hostile() as never)).toEqual({ recorded: true });
    expect(s.snapshot().errors.some((e) => e.includes('could not read the result') && e.includes('result getter exploded'))).toBe(true);
    const d = s.decide({ tool: 'save_note', args: { path: 'notes.md', content: 'Meeting moved to Friday.' }, turn: 1 });
    expect(d.rules.map((r) => r.id)).toContain('provenance.untrusted-mutation');
    expect(d.verdict).toBe('ask');
    expect(d.provenance).toContain('untrusted');
  });

  it('the same page read in full, with nothing of it copied: the write is allowed (the twin)', () => {
    const s = guard().session('s');
    s.record({ tool: 'fetch_page', turn: 0 }, { result: 'Release 4.2 is live.' });
    expect(s.snapshot().errors).toEqual([]);
    expect(s.decide({ tool: 'save_note', args: { path: 'notes.md', content: 'Meeting moved to Friday.' }, turn: 1 }).verdict).toBe('allow');
  });
});
