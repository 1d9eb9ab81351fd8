/**
 * A guard reads each tool spec it is given (its classification and destination fields); readings
 * are shared between guards by the spec's content. Whatever a host registers, in whatever order,
 * across however many guards, a tool's info is what reading its current spec afresh gives.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifyTool } from '../../src/core/classifier.js';
import { createGuard } from '../../src/core/guard.js';
import type { ToolSpec } from '../../src/core/types.js';

const NAMES = ['fetch_page', 'read_notes', 'post_message', 'zx_reconcile'];
const DESCRIPTIONS = [
  'Fetch a web page by URL and return its text.',
  'Read the notes in the private workspace.',
  'Send a message to a recipient by e-mail.',
  'Return the current time.',
  undefined,
];
const SCHEMAS = [
  undefined,
  { type: 'object', properties: { to: { type: 'string' } } },
  { type: 'object', properties: { recipient_address: { type: 'string', description: 'Where the report goes.' } } },
];

const spec = fc.record(
  {
    name: fc.constantFrom(...NAMES),
    description: fc.constantFrom(...DESCRIPTIONS),
    inputSchema: fc.constantFrom(...SCHEMAS),
  },
  { requiredKeys: ['name'] },
);

/** The tool's info, as a fresh reading of `s` gives it. */
function fresh(s: ToolSpec): { capabilities: string[]; codeMode: boolean; harmless: boolean } {
  const c = classifyTool(s);
  return { capabilities: [...c.capabilities].sort(), codeMode: c.codeMode, harmless: c.harmless !== undefined };
}

describe('tool specs read by content', () => {
  it('gives every guard the reading of the spec it was given, over any sequence of registrations and edits (seed 8080)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(spec, fc.boolean()), { minLength: 1, maxLength: 30 }), (steps) => {
        // One host object per name, edited in place between registrations, as a host may do.
        const held = new Map<string, Record<string, unknown>>();
        let guard = createGuard({});
        for (const [s, newGuard] of steps) {
          if (newGuard) guard = createGuard({});
          const obj = held.get(s.name) ?? {};
          for (const k of Object.keys(obj)) delete obj[k];
          Object.assign(obj, JSON.parse(JSON.stringify(s)) as object);
          held.set(s.name, obj);
          guard.registerTool(obj as unknown as ToolSpec);
          const info = guard.tool(s.name);
          expect({ capabilities: [...info.capabilities].sort(), codeMode: info.codeMode, harmless: info.harmless }).toEqual(fresh(obj as unknown as ToolSpec));
        }
      }),
      { seed: 8080, numRuns: 200 },
    );
  });

  it('tells apart specs that differ only in a property description', () => {
    const local = { name: 'get_item', description: 'Return an item.', inputSchema: { type: 'object', properties: { id: { type: 'string', description: 'Id of the item in the local database.' } } } };
    const web = { ...local, inputSchema: { type: 'object', properties: { id: { type: 'string', description: 'URL of the web page to fetch the item from.' } } } };
    const a = createGuard({ tools: [local] }).tool('get_item');
    const b = createGuard({ tools: [web] }).tool('get_item');
    expect(a.capabilities).toEqual([]);
    expect(b.capabilities).toEqual(['EXTERNAL_INGESTION']);
  });

  it('keeps what a host does to a tool info from the next guard', () => {
    const s = { name: 'send_mail', description: 'Send an e-mail to a recipient.' };
    const before = createGuard({ tools: [s] }).tool('send_mail');
    const snapshot = JSON.parse(JSON.stringify(before)) as unknown;
    expect(before.evidence.length).toBeGreaterThan(0);
    const attempts = [
      () => Object.assign(before.evidence[0] ?? {}, { capability: 'PRIVATE_ACCESS', term: 'x' }),
      () => (before.capabilities as string[]).push('PRIVATE_ACCESS'),
      () => (before.evidence as object[]).splice(0),
    ];
    for (const attempt of attempts) {
      try {
        attempt();
      } catch {
        // A frozen part refuses the change; either way the next guard must not see it.
      }
    }
    expect(JSON.parse(JSON.stringify(createGuard({ tools: [s] }).tool('send_mail')))).toEqual(snapshot);
  });
});
