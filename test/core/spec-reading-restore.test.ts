/**
 * Classifications kept between processes: what `keptClassifications` gives back, restored in a
 * later process, stands for classifying the same content again (and nothing else does).
 */
import { describe, expect, it } from 'vitest';
import { readToolSpec } from '../../src/core/config.js';
import { createGuard } from '../../src/core/guard.js';
import { keptClassifications, restoreClassifications } from '../../src/core/spec-reading.js';
import type { ToolSpec } from '../../src/core/types.js';

/** Specs no other test registers: the readings are shared by every guard of the process. */
const unique = (name: string, description: string): ToolSpec => ({ name: `restore_test_${name}`, description });

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
    const g = createGuard({ tools: [s, unique('send2', 'Send a message to a recipient by e-mail.')], salt: 't' });
    expect(g.tool(s.name).capabilities).toEqual(['LOCAL_MUTATION']);
    expect(g.tool(s.name).evidence).toEqual([{ capability: 'LOCAL_MUTATION', source: 'description', term: 'restored' }]);
    expect(g.tool('restore_test_send2').capabilities).toContain('EXTERNAL_ACTION');
  });
});
