/**
 * A document a team writes — a Google Doc, or one read where the tool's words (or its properties)
 * place a team's shared space, or in an outside service — is the team's writing as well as the
 * user's data: a read of it is EXTERNAL_INGESTION and PRIVATE_ACCESS. A document of a product
 * alone, a database's record, the user's own, a word that modifies the noun after it, and a document
 * of which or in which something else is read stay the user's own (PRIVATE_ACCESS). Several look-alikes
 * come from an independent review of a first, broader version of the rule, which took any named
 * product for a team's.
 */
import { describe, expect, it } from 'vitest';
import { classifyTool } from '../../src/core/classifier.js';
import { createGuard } from '../../src/core/guard.js';
import type { ToolOrigin, ToolSpec } from '../../src/core/types.js';

const caps = (name: string, description: string, server?: string, properties?: Record<string, unknown>): readonly string[] => {
  const spec: ToolSpec = properties === undefined ? { name, description } : { name, description, inputSchema: { type: 'object', properties } };
  return classifyTool(spec, server === undefined ? undefined : { server }).capabilities;
};
const BOTH = ['EXTERNAL_INGESTION', 'PRIVATE_ACCESS'];
const OWN = ['PRIVATE_ACCESS'];

describe('a document a team writes is others\' writing as well as the user\'s', () => {
  it.each([
    ['a workspace the description names', 'get_document', 'Get a document from the Acme workspace by its ID.'],
    ['a team', 'get_team_documents', 'Get the documents of a team.'],
    ['a wiki', 'get_document', 'Get a document from the team wiki.'],
    ['a board', 'read_document', 'Read a document on a board.'],
    ['an outside service', 'read_document', 'Read a document from GitLab.'],
    ['a number after it, which names the document', 'read_item', 'Read document 7 in full from the team board.'],
    ['a word after a comma, which modifies nothing', 'read_item', 'Read a document, summary first, from the team board.'],
    ['a Google Doc, hosted by its name', 'read_doc', 'Read a Google Doc.'],
    ['the content of a document, after `of`', 'get_document_text', 'Get the text of a document in the team workspace.'],
  ])('%s: %s', (_why, name, description) => {
    expect(caps(name, description)).toEqual(BOTH);
  });

  it('a team\'s space the name alone names', () => {
    expect(caps('get_team_wiki_document', 'Get a document by its ID.')).toEqual(BOTH);
  });

  it('a team\'s space as a property the tool takes', () => {
    expect(caps('get_document', 'Get a document by its ID.', undefined, { teamId: { type: 'string' } })).toEqual(BOTH);
    expect(caps('get_document', 'Get a document by its ID.', undefined, { workspace_id: { type: 'string' } })).toEqual(BOTH);
  });
});

describe('notes and tasks are not read so', () => {
  it('"the team\'s notes" stay the team\'s private record, as set-6\'s tension pair has them', () => {
    expect(caps('read_board', 'Read the latest entries of the team\'s notes')).toEqual(OWN);
    expect(caps('list_notes', 'List the notes on a board.')).toEqual(OWN);
  });

  it.each([
    ['get_task', 'Get details of a task in a Prefect workspace, including its tags and retry policy.'],
    ['list_tasks', 'List queued and completed tasks (script runs) in a Windmill workspace.'],
    ['get_job_task', 'Get details of a job task in the Databricks workspace, including its notebook path, cluster and parameters.'],
  ])('a workspace\'s tasks are as often a platform\'s jobs: %s', (name, description) => {
    expect(caps(name, description)).not.toContain('EXTERNAL_INGESTION');
  });
});

describe('a count of what a team writes is numbers, the user\'s data', () => {
  it('by a verb that counts or by the number of them', () => {
    expect(caps('count_items', 'Count the documents in the team workspace.')).toEqual(OWN);
    expect(caps('get_stats', 'Get the number of documents in the team workspace.')).toEqual(OWN);
  });
});

describe('look-alikes that stay the user\'s own', () => {
  it('a document with no place named', () => {
    expect(caps('get_document', 'Get a document by its ID.')).toEqual(OWN);
  });

  it('a document of a product alone, by its proper name, its namespace or its server: a desktop app or a database has one too', () => {
    expect(caps('get_document', 'Get a document from Zorblat by its ID.')).toEqual(OWN);
    expect(caps('zorblat_get_document', 'Get a document by its ID.')).toEqual(OWN);
    expect(caps('get_document', 'Get a document by its ID.', 'Zorblat')).toEqual(OWN);
  });

  it('a database\'s record, even in a team\'s workspace', () => {
    expect(caps('get_document', 'Get a document from a collection in the team workspace.')).toEqual(OWN);
    expect(caps('get_document', 'Get a document from the team database.')).toEqual(OWN);
    expect(caps('get_database_document', 'Get a document from the team workspace.')).toEqual(OWN);
  });

  it('a document the tool calls the user\'s own, even with a workspace property, and even a Google Doc', () => {
    expect(caps('get_document', 'Get a document from the user\'s personal notebook.', undefined, { workspace_id: { type: 'string' } })).toEqual(OWN);
    expect(caps('get_journal_entry', 'Get a document from the team journal.')).toEqual(OWN);
    expect(caps('get_my_draft', 'Get my own draft from Google Docs.')).toEqual(OWN);
  });

  it('a word that modifies the noun after it, or a possessive\'s', () => {
    expect(caps('list_document_ids', 'List the document IDs in the team workspace.')).toEqual(OWN);
    expect(caps('get_tags', 'Get the document\'s tags in the team workspace.')).toEqual(OWN);
    expect(caps('get_doc_id', 'Get the Google Doc ID of a file.')).toEqual(OWN);
    expect(caps('get_item_history', 'List the document history in the team workspace.')).toEqual(OWN);
  });

  it('a document of which, for which, or in which, something else is read', () => {
    expect(caps('get_status', 'Get the status of a document in the team workspace.')).toEqual(OWN);
    expect(caps('get_score', 'Get the score for a document in the team workspace.')).toEqual(OWN);
    expect(caps('list_tabs', 'List the tabs in a Google Doc.')).toEqual(OWN);
    expect(caps('list_tabs', 'List the tabs within a document of the team.')).toEqual(OWN);
  });

  it('a space that is no team\'s: a blank, a personal knowledge base\'s space, the root of a workspace folder', () => {
    expect(caps('read_item', 'Read a document from a Craft space.')).toEqual(OWN);
    expect(caps('read_item', 'Read the design document at the root of the workspace.')).toEqual(OWN);
  });

  it('a document the tool keeps on the user\'s machine, in a team\'s workspace too', () => {
    expect(caps('read_item', 'Read a document from the team workspace.', undefined, { file_path: { type: 'string', description: 'Path of the local file' } })).toEqual(OWN);
  });

  it('a file is no document: what a team\'s workspace keeps as files stays the user\'s', () => {
    expect(caps('get_file', 'Get a file from the team workspace.')).toEqual(OWN);
  });

  it('a write reads nothing more', () => {
    expect(caps('update_document', 'Update a document in the team workspace.')).toEqual(caps('update_record', 'Update a record in the team workspace.'));
  });
});

describe('the rule is what changes the answer (the same tools with the document swapped for a record)', () => {
  it.each([
    ['get_record', 'Get a record from the Acme workspace by its ID.'],
    ['get_team_records', 'Get the records of a team.'],
    ['get_record', 'Get a record from the team wiki.'],
  ])('%s: %s', (name, description) => {
    expect(caps(name, description)).toEqual(OWN);
  });
});

describe('every word of the vocabulary, one case each (a word dropped from a list fails its case)', () => {
  it.each(['team', 'teams', 'workspace', 'workspaces', 'board', 'boards', 'wiki', 'wikis', 'teamspace', 'teamspaces'])('a document read in a `%s` is a team\'s', (word) => {
    expect(caps('get_document', `Get a document by its ID from the ${word} given.`)).toContain('EXTERNAL_INGESTION');
  });

  it.each(['current', 'desktop', 'this'])('the `%s` workspace is a folder of the user\'s machine', (word) => {
    expect(caps('read_item', `Read a document in the ${word} workspace.`)).toEqual(OWN);
  });

  it.each(['directory', 'dir', 'folder', 'root', 'path', 'file', 'files'])('the workspace `%s` is a folder of the user\'s machine', (word) => {
    expect(caps('read_item', `Read a document from the workspace ${word}.`)).toEqual(OWN);
  });

  it.each(['content', 'contents', 'text', 'body', 'pages', 'paragraphs', 'passages', 'markdown'])('the %s of a document is the document', (word) => {
    expect(caps('read_document', `Read the ${word} of a document in the team workspace.`)).toEqual(BOTH);
  });

  it.each(['personal', 'private', 'own', 'journal', 'diary', 'passport', 'identity', 'index'])('a tool that says `%s` keeps the user\'s own documents', (word) => {
    expect(caps('get_document', `Get a document from the team workspace (${word}).`)).toEqual(OWN);
  });

  it('by other rules, with no entry of their own: a local workspace, a database\'s collection', () => {
    expect(caps('read_item', 'Read a document in the local workspace.')).toEqual(OWN);
    expect(caps('get_document', 'Get a document from the team workspace (collection).')).toEqual(OWN);
    expect(caps('get_document', 'Get a document from the team workspace (collections).')).toEqual(OWN);
  });
});

describe('a document no word places, on a server that keeps its writes outside, is a team\'s', () => {
  const wiki: ToolOrigin = 'mcp:zorblat-wiki@1.0.0';
  const tool = (name: string, description: string, origin: ToolOrigin = wiki): ToolSpec => ({ name, description, origin });
  const among = (tools: readonly ToolSpec[], name: string) => createGuard({ tools: [...tools] }).tool(name);
  const createPage = tool('create_page', 'Create a page in Zorblat.');
  const getDocument = tool('get_document', 'Get a document by its ID.');

  it('EXTERNAL_INGESTION beside PRIVATE_ACCESS, with its server as the evidence', () => {
    const info = among([createPage, getDocument], 'get_document');
    expect(info.capabilities).toEqual(BOTH);
    expect(info.evidence).toContainEqual({ capability: 'EXTERNAL_INGESTION', source: 'origin', term: 'a document on a server that keeps its writes outside' });
  });

  it('look-alikes: a server with no write placed outside, or one write kept local, or another server\'s write', () => {
    expect(among([getDocument], 'get_document').capabilities).toEqual(OWN);
    expect(among([createPage, tool('save_copy', 'Save a document to a file on the local disk.'), getDocument], 'get_document').capabilities).toEqual(OWN);
    expect(among([tool('create_page', 'Create a page in Zorblat.', 'mcp:other@1.0.0'), getDocument], 'get_document').capabilities).toEqual(OWN);
  });

  it('look-alikes on that server: what is not the document read as a whole, the user\'s own, a count, a property\'s words alone', () => {
    expect(among([createPage, tool('get_tags', 'Get the document\'s tags.')], 'get_tags').capabilities).toEqual(OWN);
    expect(among([createPage, tool('get_status', 'Get the status of a document.')], 'get_status').capabilities).toEqual(OWN);
    expect(among([createPage, tool('get_document', 'Get a document from the user\'s personal journal.')], 'get_document').capabilities).toEqual(OWN);
    expect(among([createPage, tool('count_documents', 'Count the documents.')], 'count_documents').capabilities).toEqual(OWN);
    expect(among([createPage, tool('get_score', 'Get the score for a document.')], 'get_score').capabilities).toEqual(OWN);
    // The user's own account: a hosted app's documents are the user's ("List my documents").
    expect(among([createPage, tool('list_documents', 'List my documents, newest first.')], 'list_documents').capabilities).toEqual(OWN);
    expect(among([createPage, tool('list_documents', 'List the documents of your account.')], 'list_documents').capabilities).toEqual(OWN);
    const byProperty: ToolSpec = { name: 'get_item', description: 'Get an item by its ID.', origin: wiki, inputSchema: { type: 'object', properties: { ref: { type: 'string', description: 'The document to read' } } } };
    expect(among([createPage, byProperty], 'get_item').capabilities).toEqual(OWN);
  });

  it('a tool that does more than read the user\'s data, or one read only in part, takes nothing from its server', () => {
    const more = tool('get_and_delete', 'Get a document and delete the draft.');
    expect(among([createPage, more], 'get_and_delete').capabilities).not.toContain('EXTERNAL_INGESTION');
    const padded = tool('get_document', `Get a document by its ID. ${'Filler words. '.repeat(1300)}`);
    expect(among([createPage, padded], 'get_document').evidence.some((e) => e.source === 'origin')).toBe(false);
  });

  it('a write registered later makes it one, and its re-declaration as a local write undoes it', () => {
    const guard = createGuard({ tools: [getDocument] });
    expect(guard.tool('get_document').capabilities).toEqual(OWN);
    guard.registerTool(createPage);
    expect(guard.tool('get_document').capabilities).toEqual(BOTH);
    guard.registerTool(tool('create_page', 'Create a page in a file on the local disk.'));
    expect(guard.tool('get_document').capabilities).toEqual(OWN);
  });
});
