import { describe, expect, it } from 'vitest';
import { classifyTool } from '../../src/core/classifier.js';

describe('classifier: evidence order', () => {
  it('sorts one capability\'s evidence by source (name, description, schema, annotation), then term, keeping `at` only where there is one', () => {
    const c = classifyTool({
      name: 'write_note',
      description: 'Saves a note.',
      annotations: { readOnlyHint: false, openWorldHint: false, destructiveHint: true },
      inputSchema: { type: 'object', properties: { path: { type: 'string' }, content: { type: 'string' } } },
    });
    expect(c.evidence).toStrictEqual([
      { capability: 'LOCAL_MUTATION', source: 'name', term: 'note' },
      { capability: 'LOCAL_MUTATION', source: 'name', term: 'write' },
      { capability: 'LOCAL_MUTATION', source: 'description', term: 'note' },
      { capability: 'LOCAL_MUTATION', source: 'description', term: 'save' },
      { capability: 'LOCAL_MUTATION', source: 'schema', term: 'content', at: 'properties.content' },
      { capability: 'LOCAL_MUTATION', source: 'schema', term: 'path', at: 'properties.path' },
      { capability: 'LOCAL_MUTATION', source: 'annotation', term: 'destructiveHint' },
      { capability: 'LOCAL_MUTATION', source: 'annotation', term: 'readOnlyHint=false+openWorldHint=false' },
    ]);
  });
});

describe('classifier: Code Mode evidence', () => {
  it('a description that says "Code Mode" is recorded as description evidence', () => {
    const c = classifyTool({
      name: 'run_program',
      description: 'Runs a JavaScript program in Code Mode, with the connected tools available as async functions.',
      inputSchema: { type: 'object', properties: { program: { type: 'string' } }, required: ['program'] },
    });
    expect(c.codeMode).toBe(true);
    expect(c.evidence).toContainEqual({ capability: 'CODE_EXECUTION', source: 'description', term: 'code mode' });
  });
});

describe('classifier: evidence is recorded once per capability, source, term and path', () => {
  it('a term said twice in the description is one piece of evidence', () => {
    const c = classifyTool({ name: 'notes', description: 'Saves a note. It saves the note again when it changes.' });
    const saves = c.evidence.filter((e) => e.source === 'description' && e.term === 'save');
    expect(saves).toHaveLength(1);
  });
  it('the same schema term at two paths is two pieces of evidence', () => {
    const pair = { type: 'object', properties: { path: { type: 'string' }, content: { type: 'string' } } };
    const c = classifyTool({
      name: 'sync_pair',
      description: 'Keeps two copies in step.',
      inputSchema: { type: 'object', properties: { primary: pair, mirror: pair } },
    });
    const paths = c.evidence.filter((e) => e.source === 'schema' && e.term === 'path').map((e) => e.at);
    expect(paths).toEqual(['properties.mirror.properties.path', 'properties.primary.properties.path']);
  });
});
