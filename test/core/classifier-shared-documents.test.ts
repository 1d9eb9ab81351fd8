/**
 * A document kept outside — in an outside service, in a product the tool names, or a Google Doc — is
 * written by the people the user works with as well as by the user: a read of it is EXTERNAL_INGESTION
 * and PRIVATE_ACCESS. A document with no such place, one kept on the user's machine, a word that only
 * modifies a noun after it, and a document that is only where something else is read stay the user's
 * own (PRIVATE_ACCESS).
 */
import { describe, expect, it } from 'vitest';
import { classifyTool } from '../../src/core/classifier.js';
import type { ToolSpec } from '../../src/core/types.js';

const caps = (name: string, description: string, server?: string, properties?: Record<string, unknown>): readonly string[] => {
  const spec: ToolSpec = properties === undefined ? { name, description } : { name, description, inputSchema: { type: 'object', properties } };
  return classifyTool(spec, server === undefined ? undefined : { server }).capabilities;
};
const BOTH = ['EXTERNAL_INGESTION', 'PRIVATE_ACCESS'];
const OWN = ['PRIVATE_ACCESS'];

describe('a document kept outside is others\' writing as well as the user\'s', () => {
  it.each([
    ['a product the description names', 'get_document', 'Get a document from the Acme workspace by its ID.', undefined],
    ['the namespace of the name', 'zorblat_get_document', 'Get a document by its ID.', undefined],
    ['the server the tool comes from', 'get_document', 'Get a document by its ID.', 'Zorblat'],
    ['`doc`', 'get_docs', 'Get the docs of a project in Zorblat.', undefined],
    ['a search', 'search_documents', 'Search documents in Zorblat by title.', undefined],
    ['a Google Doc, hosted by its name', 'read_doc', 'Read a Google Doc.', undefined],
  ])('%s: %s', (_why, name, description, server) => {
    expect(caps(name, description, server)).toEqual(BOTH);
  });
});

describe('look-alikes that stay the user\'s own', () => {
  it('a document with no place named', () => {
    expect(caps('get_document', 'Get a document by its ID.')).toEqual(OWN);
  });

  it('a document on the user\'s machine, by the words or by a local path, even on a named server', () => {
    expect(caps('read_document', 'Read a document from the local disk.', 'Zorblat')).toEqual(OWN);
    expect(caps('read_document', 'Read a document.', 'Zorblat', { file_path: { type: 'string', description: 'Path of the local file' } })).toEqual(OWN);
  });

  it('a word that modifies the noun after it', () => {
    expect(caps('get_document_type', 'Get a document type from Acme.')).toEqual(OWN);
    expect(caps('list_document_ids', 'List the document IDs in the Zorblat workspace.')).toEqual(OWN);
    expect(caps('get_doc_id', 'Get the Google Doc ID of a file.')).toEqual(OWN);
  });

  it('the place something else is read in', () => {
    expect(caps('list_tabs', 'List the tabs in a Google Doc.')).toEqual(OWN);
    expect(caps('list_tabs', 'List the tabs within a document of Zorblat.')).toEqual(OWN);
  });

  it('a file is no document: what a hosted product keeps as files stays the user\'s', () => {
    expect(caps('get_file', 'Get a file from the Acme workspace.')).toEqual(OWN);
  });

  it('a write reads nothing more', () => {
    expect(caps('update_document', 'Update a document in Acme.')).toEqual(['EXTERNAL_ACTION']);
  });
});

describe('the rule is what changes the answer (the same tools with the document swapped for a record)', () => {
  it.each([
    ['get_record', 'Get a record from the Acme workspace by its ID.', undefined],
    ['zorblat_get_record', 'Get a record by its ID.', undefined],
    ['get_record', 'Get a record by its ID.', 'Zorblat'],
  ])('%s: %s', (name, description, server) => {
    expect(caps(name, description, server)).toEqual(OWN);
  });
});
