import { describe, expect, it } from 'vitest';
import { classifyTool, explainTool } from '../../src/core/classifier.js';

describe('a contents statement turns the reads into published content and keeps every other evidence', () => {
  // "This includes official documentation, …": readsArePublished moves the PRIVATE_ACCESS evidence to
  // EXTERNAL_INGESTION and collects every item again; an item already held (the name's `web`, the
  // schema's `url`) must come back, not be taken for a duplicate of itself.
  it('keeps the name evidence of a search of the knowledge base and the web', () => {
    const c = classifyTool({
      name: 'search_web_docs',
      description:
        'Searches the Acme knowledge base and the web. This includes official documentation, curated expert guidance, and other resources provided by Acme.',
      inputSchema: { type: 'object', properties: { query: { type: 'string' } } },
    });
    expect(c.capabilities).toEqual(['EXTERNAL_INGESTION']);
    expect(c.evidence).toContainEqual({ capability: 'EXTERNAL_INGESTION', source: 'name', term: 'web' });
    expect(c.evidence).toContainEqual({ capability: 'EXTERNAL_INGESTION', source: 'name', term: 'search' });
    expect(c.evidence).toContainEqual({ capability: 'EXTERNAL_INGESTION', source: 'description', term: 'official documentation' });
  });

  it('keeps the schema evidence of a documentation fetcher', () => {
    const c = classifyTool({
      name: 'get_library_docs',
      description: 'Fetches up-to-date documentation for a library from the docs database. This includes official documentation and community examples.',
      inputSchema: { type: 'object', properties: { url: { type: 'string', description: 'URL of the page' } } },
    });
    expect(c.capabilities).toEqual(['EXTERNAL_INGESTION']);
    expect(c.evidence).toContainEqual({ capability: 'EXTERNAL_INGESTION', source: 'schema', term: 'url', at: 'properties.url' });
  });
});

describe('a notice negated right after its `be` is set aside with its negation', () => {
  // "attendees are not notified": no passive send (notifiedPeople), and `classify --explain` says why.
  it.each([
    ['Update a calendar event. Attendees are not notified.', 'not'],
    ['Moves an event to a new time. Guests are never notified.', 'never'],
  ])('%s', (description, cue) => {
    const e = explainTool({ name: 'update_event', description });
    expect(e.classification.capabilities).toEqual(['LOCAL_MUTATION']);
    expect(e.discounted).toContainEqual({ why: 'negation', source: 'description', text: 'notified', cue });
  });

  it('sets nothing aside for a notice that is not negated, which is a send', () => {
    const e = explainTool({ name: 'update_event', description: 'Update a calendar event. Attendees are notified.' });
    expect(e.classification.capabilities).toContain('EXTERNAL_ACTION');
    expect(e.discounted).toEqual([]);
  });
});
