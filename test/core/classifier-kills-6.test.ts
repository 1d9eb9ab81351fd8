import { describe, expect, it } from 'vitest';
import { classifyTool } from '../../src/core/classifier.js';

describe('classifier: evidence of one term at several schema paths is ordered by path', () => {
  // `command` at four paths, met in an order that is not the paths' order: the evidence lists them
  // sorted by path, whatever order the schema gives them in.
  const spec = {
    name: 'run_steps',
    description: 'Run the build steps in a shell.',
    inputSchema: {
      type: 'object',
      properties: {
        zeta: { type: 'object', properties: { command: { type: 'string' } } },
        beta: { type: 'object', properties: { command: { type: 'string' } } },
        alpha: { type: 'object', properties: { command: { type: 'string' } } },
        command: { type: 'string' },
      },
    },
  };

  it('sorts same-term evidence by its path', () => {
    const c = classifyTool(spec);
    const paths = c.evidence.filter((e) => e.source === 'schema' && e.term === 'command').map((e) => e.at);
    expect(paths).toEqual([
      'properties.alpha.properties.command',
      'properties.beta.properties.command',
      'properties.command',
      'properties.zeta.properties.command',
    ]);
  });

  it('gives the same evidence, in the same order, whatever the order of the properties', () => {
    const reversed = { ...spec, inputSchema: { type: 'object', properties: Object.fromEntries(Object.entries(spec.inputSchema.properties).reverse()) } };
    expect(classifyTool(reversed).evidence).toEqual(classifyTool(spec).evidence);
  });
});

describe('classifier: an internal source after a run of nouns', () => {
  // The public noun `forum` and eight nouns after it, then `from the internal server`: the source is
  // within reach of the run, so the forum is an internal one (private), not public writing.
  it('reads the source of a public noun followed by eight more nouns', () => {
    const c = classifyTool({ name: 'fetch_records', description: 'Reads forum note file record table row entity project task from the internal server.' });
    expect(c.capabilities).toEqual(['PRIVATE_ACCESS']);
  });
  it('does not reach a source after nine more nouns', () => {
    const c = classifyTool({ name: 'fetch_records', description: 'Reads forum note file record table row entity project task todo from the internal server.' });
    expect(c.capabilities).toEqual(['EXTERNAL_INGESTION', 'PRIVATE_ACCESS']);
  });
});
