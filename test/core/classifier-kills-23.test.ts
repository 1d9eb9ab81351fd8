/**
 * Tool-level rules of the classifier that no scenario shows: caps on what is read for Code Mode and
 * for `classify --explain`, the evidence a lonely verb takes from the name, the schema's code property
 * on a shell, published contents, and what is recognised as a hand-off or as harmless.
 */
import { describe, expect, it } from 'vitest';
import { classifyTool, explainTool } from '../../src/core/classifier.js';

describe('Code Mode markers', () => {
  it('marks a description that names `tools.*` as Code Mode', () => {
    const c = classifyTool({ name: 'code_runner', description: 'Programs reach every other tool through tools.* functions.' });
    expect(c.codeMode).toBe(true);
  });

  it('reads a Code Mode marker at the very start of a description longer than 4 000 characters', () => {
    const description = `tools.search({ query }) returns matches. ${'Results are paged. '.repeat(250)}`;
    expect(description.length).toBeGreaterThan(4000);
    expect(classifyTool({ name: 'program', description }).codeMode).toBe(true);
  });
});

describe('explaining enum values', () => {
  it('tries the first 50 enum values of a property and no more', () => {
    const values = (at: number): string[] => Array.from({ length: 51 }, (_, i) => (i === at ? 'send' : `v${i}`));
    const at = (i: number): string[] =>
      explainTool({ name: 'list_items', description: 'List items.', inputSchema: { type: 'object', properties: { kind: { type: 'string', enum: values(i) } } } })
        .discounted.filter((d) => d.why === 'enum-value').map((d) => d.text);
    expect(at(49)).toEqual(['send']);
    expect(at(50)).toEqual([]);
  });
});

describe('a lonely verb of the description and the name\'s objects', () => {
  it('pairs the verb with every object of the name, not only the first run', () => {
    const c = classifyTool({ name: 'weather_alerts_news', description: 'Get.' });
    expect(c.evidence.filter((e) => e.source === 'name').map((e) => e.term).sort()).toEqual(['news', 'weather']);
  });
});

describe('a shell\'s code property', () => {
  it('reads a `code` property as what a shell named by a word of its own runs', () => {
    const c = classifyTool({ name: 'terminal', description: 'An interactive terminal session.', inputSchema: { type: 'object', properties: { code: { type: 'string' } } } });
    expect(c.evidence).toContainEqual({ capability: 'CODE_EXECUTION', source: 'schema', term: 'code', at: 'properties.code' });
  });
});

describe('published contents', () => {
  it('adds nothing for a contents statement on a tool that reads nothing private', () => {
    const c = classifyTool({ name: 'ask_acme', description: 'Ask a question about Acme products. This includes official documentation and guides.' });
    expect(c.capabilities).toEqual([]);
  });
});

describe('harmless tools', () => {
  it('is not harmless when the schema gives a capability', () => {
    const c = classifyTool({ name: 'get_current_time', description: 'Get the current time.', inputSchema: { type: 'object', properties: { command: { type: 'string' } } } });
    expect(c.capabilities).toEqual(['CODE_EXECUTION']);
    expect(c.harmless).toBeUndefined();
  });

  it('finds a hand-off past any determiner of who is handed over', () => {
    for (const det of ['the', 'a', 'this', 'that', 'their', 'his', 'her', 'your', 'my', 'our']) {
      const c = classifyTool({ name: 'transfer_to_human', description: `Transfer ${det} call to a human agent.` });
      expect(c.harmless?.kind, det).toBe('handoff');
      expect(c.capabilities, det).toEqual([]);
    }
  });

  it('reads a hand-off clause cut off after `to` without error', () => {
    expect(classifyTool({ name: 'transfer_to_human', description: 'Transfer the caller to' }).capabilities).toEqual(['EXTERNAL_ACTION']);
  });
});
