import { describe, expect, it } from 'vitest';
import { classifyTool } from '../../src/core/classifier.js';

describe('classifier evidence: a contents statement names the published content it read', () => {
  // "This includes official documentation, …": the store the tool reads is published content; the
  // evidence names the content the statement gave, from the description, with no schema path.
  const spec = {
    name: 'search_docs',
    description:
      'Searches the Acme knowledge base. This includes official documentation, curated expert guidance, and other resources provided by Acme.',
    inputSchema: { type: 'object', properties: { query: { type: 'string' } } },
  };

  it('records the published content as EXTERNAL_INGESTION evidence of the description', () => {
    const c = classifyTool(spec);
    expect(c.capabilities).toEqual(['EXTERNAL_INGESTION']);
    expect(c.evidence).toContainEqual({ capability: 'EXTERNAL_INGESTION', source: 'description', term: 'official documentation' });
  });
});
