/**
 * A vendor's documentation and its code examples are web content its authors wrote: reading them
 * is EXTERNAL_INGESTION, not a read of the user's documents. A name's clipped word (`docs`) reads
 * as the full word its description spells out (`documentation`); without that word, `docs` stay the
 * user's documents.
 */
import { describe, expect, it } from 'vitest';
import { capsOf as caps } from './tools-fixture.js';

describe('documentation is web content', () => {
  it('a read of documentation or code examples ingests outside content', () => {
    expect(caps('search_docs', 'Search the official Pinecone documentation for relevant information.')).toEqual(['EXTERNAL_INGESTION']);
    expect(caps('query_docs', 'Retrieves documentation and code examples for any programming library.')).toEqual(['EXTERNAL_INGESTION']);
    expect(caps('docs_index', 'Fetch the API documentation index, optionally filtered by section.')).toEqual(['EXTERNAL_INGESTION']);
    expect(caps('search_stripe_documentation', 'Search and retrieve relevant Stripe documentation.')).toEqual(['EXTERNAL_INGESTION']);
  });

  it('docs without documentation in the description stay the user\'s documents', () => {
    expect(caps('docs_search', 'Search the docs.')).toEqual(['PRIVATE_ACCESS']);
    // In a team's workspace the team writes them as well (classifier-shared-documents.test.ts): still
    // the user's documents, and no vendor's documentation.
    expect(caps('list_docs', 'List docs in the workspace.')).toEqual(['EXTERNAL_INGESTION', 'PRIVATE_ACCESS']);
    expect(caps('read_docs', 'Read the docs of a board in the workspace.')).toEqual(['EXTERNAL_INGESTION', 'PRIVATE_ACCESS']);
    expect(caps('get_doc', "Read a document from the user's Google Drive.")).toContain('PRIVATE_ACCESS');
  });

  it('writing documentation or saving a code example is no read of the web', () => {
    expect(caps('generate_docs', 'Generate documentation for a repository and write it to the docs folder.')).toEqual(['LOCAL_MUTATION']);
    expect(caps('update_documentation', 'Update the documentation page of a project in Confluence.')).toEqual(['EXTERNAL_ACTION']);
    expect(caps('save_snippet', "Save a code example to the user's snippet library.")).toEqual(['LOCAL_MUTATION']);
  });
});
