/**
 * The evidence's order: by capability, then source, then term, then place, whatever order the
 * phases found it in.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CAPABILITIES } from '../../src/core/capabilities.js';
import { classifyTool } from '../../src/core/classifier.js';
import type { Evidence } from '../../src/core/types.js';

const SOURCES = ['name', 'description', 'schema', 'annotation', 'override', 'command'];
const key = (e: Evidence): [number, number, string, string] => [CAPABILITIES.indexOf(e.capability), SOURCES.indexOf(e.source), e.term, e.at ?? ''];
function sorted(ev: readonly Evidence[]): boolean {
  for (let i = 1; i < ev.length; i++) {
    const a = key(ev[i - 1] as Evidence);
    const b = key(ev[i] as Evidence);
    const cmp = a[0] - b[0] || a[1] - b[1] || (a[2] < b[2] ? -1 : a[2] > b[2] ? 1 : 0) || (a[3] < b[3] ? -1 : a[3] > b[3] ? 1 : 0);
    if (cmp > 0) return false;
  }
  return true;
}

describe('evidence order', () => {
  it('sorts terms of one capability and source alphabetically, found in whatever order', () => {
    // The schema gives CODE_EXECUTION for `command` (property `command`) before `bash` (its description).
    const c = classifyTool({
      name: 'shell',
      description: 'Runs a shell command and returns its output.',
      inputSchema: {
        type: 'object',
        properties: {
          command: { type: 'string', description: 'The bash string to execute.' },
          login: { type: 'boolean', description: 'Launch Bash with -lc instead of -c.' },
        },
      },
    });
    const schema = c.evidence.filter((e) => e.capability === 'CODE_EXECUTION' && e.source === 'schema').map((e) => `${e.term}@${e.at ?? ''}`);
    expect(schema).toEqual([...schema].sort());
    expect(schema.indexOf('bash@properties.login')).toBeLessThan(schema.indexOf('command@properties.command'));
  });

  it('keeps every classification\'s evidence sorted (seed 2323)', () => {
    const WORDS = ['run', 'bash', 'read', 'send', 'the', 'file', 'email', 'web', 'page', 'delete', 'token', 'command', 'search', 'and'];
    const text = fc.array(fc.constantFrom(...WORDS), { maxLength: 12 }).map((w) => w.join(' '));
    const spec = fc.record({
      name: fc.constantFrom('shell', 'send_email', 'read_file', 'web_search', 'tool'),
      description: text,
      inputSchema: fc.record({ type: fc.constant('object'), properties: fc.dictionary(fc.constantFrom('command', 'to', 'body', 'path', 'content', 'url', 'query'), fc.record({ type: fc.constant('string'), description: text })) }),
    });
    fc.assert(fc.property(spec, (s) => sorted(classifyTool(s).evidence)), { seed: 2323, numRuns: 300 });
  });
});
