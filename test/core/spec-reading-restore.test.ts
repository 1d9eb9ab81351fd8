/**
 * Classifications kept between processes: what `keptClassifications` gives back, restored in a
 * later process, stands for classifying the same content again (and nothing else does).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { readToolSpec } from '../../src/core/config.js';
import { createGuard } from '../../src/core/guard.js';
import { forgetRestoredClassifications, keptClassifications, restoreClassifications, specReadingsHeld } from '../../src/core/spec-reading.js';
import type { Classification } from '../../src/core/types.js';
import type { ToolSpec } from '../../src/core/types.js';

/** Specs no other test registers: the readings are shared by every guard of the process. */
const unique = (name: string, description: string): ToolSpec => ({ name: `restore_test_${name}`, description });

afterEach(() => forgetRestoredClassifications());

/** A classification no classifier would make for the texts below. */
const MARK: Classification = { capabilities: ['LOCAL_MUTATION'], evidence: [{ capability: 'LOCAL_MUTATION', source: 'description', term: 'restored' }], codeMode: false };
const kept = (content: string): Classification | undefined => keptClassifications().find(([c]) => c === content)?.[1];

describe('classifications kept between processes', () => {
  it('gives back the classification of every spec read, by its content', () => {
    const s = unique('fetch', 'Fetch a web page by URL and return its text.');
    const info = createGuard({ tools: [s], salt: 't' }).tool(s.name);
    const read = readToolSpec(s);
    if (!read.ok) throw new Error('unreadable');
    const kept = keptClassifications().find(([content]) => content === read.content);
    expect(kept?.[1].capabilities).toEqual(info.capabilities);
    expect(kept?.[1].evidence).toEqual(info.evidence);
  });

  it('uses a restored classification for a spec of that content, and classifies any other', () => {
    const s = unique('send', 'Send a message to a recipient by e-mail.');
    const read = readToolSpec(s);
    if (!read.ok) throw new Error('unreadable');
    // A classification no classifier would make: seeing it proves the restored one was used.
    restoreClassifications([[read.content, { capabilities: ['LOCAL_MUTATION'], evidence: [{ capability: 'LOCAL_MUTATION', source: 'description', term: 'restored' }], codeMode: false }]]);
    const made = specReadingsHeld().made;
    const g = createGuard({ tools: [s, unique('send2', 'Send a message to a recipient by e-mail.')], salt: 't' });
    expect(g.tool(s.name).capabilities).toEqual(['LOCAL_MUTATION']);
    // The restored spec is not classified; the other one is.
    expect(g.tool('restore_test_send2').capabilities.length).toBeGreaterThan(0);
    expect(specReadingsHeld().made).toBe(made + 1);
    expect(g.tool(s.name).evidence).toEqual([{ capability: 'LOCAL_MUTATION', source: 'description', term: 'restored' }]);
    expect(g.tool('restore_test_send2').capabilities).toContain('EXTERNAL_ACTION');
  });

  it('gives back what it restored and has not read yet, once each', () => {
    restoreClassifications([['restore-test: never registered', MARK]]);
    expect(kept('restore-test: never registered')).toEqual(MARK);
    expect(keptClassifications().filter(([c]) => c === 'restore-test: never registered')).toHaveLength(1);
  });

  it('keeps the first classification restored for a content', () => {
    const other: Classification = { capabilities: [], evidence: [], codeMode: false };
    restoreClassifications([['restore-test: twice', MARK]]);
    restoreClassifications([['restore-test: twice', other], ['restore-test: twice', other]]);
    expect(kept('restore-test: twice')).toEqual(MARK);
  });

  it('restores no content longer than a kept reading may be, and up to 32 MiB of contents in all', () => {
    restoreClassifications([['x'.repeat(16_385), MARK]]);
    expect(kept('x'.repeat(16_385))).toBeUndefined();
    // 2 048 contents of 16 KiB fill the 32 MiB exactly; one character more is refused.
    const full = Array.from({ length: 2_048 }, (_, i): [string, Classification] => [`${String(i).padStart(4, '0')}${'y'.repeat(16_380)}`, MARK]);
    restoreClassifications(full);
    expect(kept(full[2_047]?.[0] as string)).toEqual(MARK);
    restoreClassifications([['z', MARK]]);
    expect(kept('z')).toBeUndefined();
  });

  it('leaves out, without throwing, an entry that is not a classification of the six capabilities', () => {
    const damaged = [
      ['restore-test: bad 1', { ...MARK, capabilities: ['SEND_EVERYTHING'] }],
      ['restore-test: bad 2', { ...MARK, capabilities: 'LOCAL_MUTATION' }],
      ['restore-test: bad 3', { ...MARK, evidence: [null] }],
      ['restore-test: bad 4', { ...MARK, codeMode: 'no' }],
      ['restore-test: bad 5', { ...MARK, harmless: { kind: 'time', terms: [1] } }],
      ['restore-test: bad 6', null],
      ['restore-test: bad 7', { ...MARK, serverRead: 'everything' }],
      ['restore-test: bad 8', { ...MARK, serverWrite: 'somewhere' }],
      [7, MARK],
      'not an entry',
      ['restore-test: good', { ...MARK, harmless: { kind: 'time', terms: ['time'] } }],
      ['restore-test: good read', { ...MARK, serverRead: 'unnamed' }],
      ['restore-test: good write', { ...MARK, serverWrite: 'unplaced' }],
    ] as unknown as [string, Classification][];
    expect(() => restoreClassifications(damaged)).not.toThrow();
    for (let i = 1; i <= 8; i++) expect(kept(`restore-test: bad ${i}`)).toBeUndefined();
    expect(kept('restore-test: good')?.harmless).toEqual({ kind: 'time', terms: ['time'] });
    expect(kept('restore-test: good read')?.serverRead).toBe('unnamed');
    expect(kept('restore-test: good write')?.serverWrite).toBe('unplaced');
  });

  it('keeps an unread verb (`unreadAct`) only as a string, and a guard of a restored one takes the posture', () => {
    restoreClassifications([
      ['restore-test: act bad', { ...MARK, unreadAct: 7 }] as unknown as [string, Classification],
      ['restore-test: act good', { ...MARK, unreadAct: 'waive' }],
    ]);
    expect(kept('restore-test: act bad')).toBeUndefined();
    expect(kept('restore-test: act good')?.unreadAct).toBe('waive');
    // Not `unique`: its name's `restore` is a verb the vocabulary knows.
    const s: ToolSpec = { name: 'waive_invoice_fee', description: 'Waive the late fee of an invoice, in the kept readings case zq81.' };
    const read = readToolSpec(s);
    if (!read.ok) throw new Error('unreadable');
    const made = createGuard({ tools: [s], salt: 't' }).tool(s.name);
    expect(made.unreadAct).toBe('waive');
    expect(kept(read.content)?.unreadAct).toBe('waive');
    // A spec not read yet in this process, restored: its restored `unreadAct` is the guard's.
    const s2: ToolSpec = { ...s, description: 'Waive the late fee of an invoice, in the restored case zq82.' };
    const read2 = readToolSpec(s2);
    if (!read2.ok) throw new Error('unreadable');
    restoreClassifications([[read2.content, { ...MARK, unreadAct: 'waive' }]]);
    const d = createGuard({ tools: [s2], salt: 't' }).session('s').decide({ tool: s2.name, args: {} });
    expect(d.capabilities).toEqual(['LOCAL_MUTATION']);
    expect(d.rules.map((r) => r.id)).toContain('classify.unknown-tool');
  });

  it('keeps where reading stopped (`unread`) only when it says where and why, in a part the classifier reads', () => {
    const entries: [string, unknown][] = [
      ['restore-test: unread bad 1', { ...MARK, unread: { source: 'annotation', why: 'past 16 384 characters' } }],
      ['restore-test: unread bad 2', { ...MARK, unread: { source: 'description', why: 7 } }],
      ['restore-test: unread bad 3', { ...MARK, unread: { source: 'schema', at: 3, why: '512 properties or more' } }],
      ['restore-test: unread bad 4', { ...MARK, unread: null }],
      ['restore-test: unread bad 5', { ...MARK, unread: 'description' }],
      ['restore-test: unread name', { ...MARK, unread: { source: 'name', why: 'past 16 384 characters' } }],
      ['restore-test: unread description', { ...MARK, unread: { source: 'description', why: 'past 16 384 characters' } }],
      ['restore-test: unread schema', { ...MARK, unread: { source: 'schema', at: 'properties.p0511', why: '512 properties or more' } }],
    ];
    expect(() => restoreClassifications(entries as [string, Classification][])).not.toThrow();
    for (let i = 1; i <= 5; i++) expect(kept(`restore-test: unread bad ${i}`), `bad ${i}`).toBeUndefined();
    expect(kept('restore-test: unread name')?.unread).toEqual({ source: 'name', why: 'past 16 384 characters' });
    expect(kept('restore-test: unread description')?.unread?.source).toBe('description');
    expect(kept('restore-test: unread schema')?.unread).toEqual({ source: 'schema', at: 'properties.p0511', why: '512 properties or more' });
  });

  it('a restored classification of a spec read in part keeps the posture: all six capabilities, never allowed', () => {
    const s = unique('cut', 'Evaluate an arithmetic expression.');
    const read = readToolSpec(s);
    if (!read.ok) throw new Error('unreadable');
    restoreClassifications([[read.content, { capabilities: [], evidence: [], codeMode: false, unread: { source: 'description', why: 'past 16 384 characters' } }]]);
    const g = createGuard({ tools: [s], salt: 't' });
    expect(g.tool(s.name).capabilities).toHaveLength(6);
    expect(g.session('x').decide({ tool: s.name, args: {} }).verdict).toBe('ask');
  });
});
