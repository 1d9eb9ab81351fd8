/**
 * Verbs that change a stored thing: an in-place edit (`IN_PLACE_EDITS`: `format`, `resize`) is a
 * transformation of a value passed in, and a write when its object is the user's own or shared data
 * ("Format the cells of a spreadsheet", "Resize the disk"); `reorder` and `shut down` change a
 * thing's state (`STATE_VERBS`); `duplicate` makes a new copy (`create`). The one word `shutdown` is
 * left out: in a name it is as often a noun (`device_shutdown_time`: "Get the turn-off time of a device").
 * `grant` is a change where a verb stands and a record elsewhere ("an OAuth grant").
 */
import { describe, expect, it } from 'vitest';
import { classifyTool } from '../../src/core/classifier.js';
import type { ToolSpec } from '../../src/core/types.js';

const caps = (name: string, description: string, inputSchema?: ToolSpec['inputSchema']): readonly string[] =>
  classifyTool({ name, description, ...(inputSchema !== undefined ? { inputSchema } : {}) }).capabilities;

describe('an in-place edit of a stored thing is a write', () => {
  it('format or resize with the user\'s own data after it, in the description or the name', () => {
    expect(caps('apply_style', 'Format a paragraph of a document')).toEqual(['LOCAL_MUTATION']);
    expect(caps('format_sheet', 'Format the cells of a spreadsheet')).toEqual(['LOCAL_MUTATION']);
    expect(caps('resize_rows', 'Resize the rows of a spreadsheet')).toEqual(['LOCAL_MUTATION']);
    expect(caps('format_document', '')).toEqual(['LOCAL_MUTATION']);
    // The whole the edited part belongs to, after `of`.
    expect(caps('format_cells', 'Format the cells of a spreadsheet')).toEqual(['LOCAL_MUTATION']);
    expect(caps('format_cells', "Format the sheet's cells")).toEqual(['LOCAL_MUTATION']);
    // Stored data anywhere in the object's compound.
    expect(caps('prettify', 'Format the script file')).toEqual(['LOCAL_MUTATION']);
  });
});

describe('look-alikes: an in-place edit that changes nothing stored', () => {
  it('of a value passed in the call, or of what is no stored data', () => {
    expect(caps('format_tweet', 'Formats the given text as a tweet thread, each part under 280 characters.')).toEqual([]);
    expect(caps('format_date', 'Format a date as a string')).toEqual([]);
    expect(caps('resize_window', 'Resize the browser window')).toEqual([]);
    // Stored data after a preposition is what the value is shaped as or for, not what is edited.
    expect(caps('format_results', 'Format the results as a table')).toEqual([]);
    expect(caps('format_output', 'Format the output as a Markdown table')).toEqual([]);
    expect(caps('format_date', "Format a date in the user's locale")).toEqual([]);
    expect(caps('format_markdown', 'Format numbers, tables and lists as Markdown')).toEqual([]);
  });

  it('as a noun: a format a value is written in', () => {
    expect(caps('get_doc', 'Get a document in the markdown format')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('get_rows', 'Get rows in the CSV format of the spreadsheet')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('get_pipeline', 'Get a pipeline', { type: 'object', properties: { projectSlug: { type: 'string', description: 'The project slug (format: gh/organization/project)' } } })).toEqual(['PRIVATE_ACCESS']);
  });

  it('the stored thing before the verb is not what it edits', () => {
    const schema = { type: 'object', properties: { connectionString: { type: 'string', description: 'MongoDB connection string (in the mongodb:// or mongodb+srv:// format)' } } };
    expect(caps('connect', 'Connect to a database', schema)).toEqual([]);
  });

  it('in a negated clause', () => {
    expect(caps('get_doc', 'Get a document. Never format the document.')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('get_doc', 'Get a document; the tool does not resize the document.')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('get_doc', 'Get a document. It never changes anything: use another tool to format the document.')).toEqual(['PRIVATE_ACCESS']);
  });
});

describe('reorder, shut down, duplicate', () => {
  it('change a thing or copy it', () => {
    expect(caps('reorder_rows', 'Reorder the rows of a table')).toEqual(['LOCAL_MUTATION']);
    expect(caps('stop_database', 'Shut down the database')).toEqual(['LOCAL_MUTATION']);
    expect(caps('duplicate_file', 'Duplicate a file')).toEqual(['LOCAL_MUTATION']);
  });

  it('look-alikes: the words as nouns or modifiers', () => {
    expect(caps('get_host_status', 'Get the shutdown status of a host')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('device_shutdown_time', 'Get the turn-off time of a device')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('get_inventory', 'Get the reorder level of an item')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('list_duplicates', 'List duplicate contacts')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('find_duplicates', 'Find duplicate files in a folder')).toEqual(['PRIVATE_ACCESS']);
  });
});

describe('grant: a verb by position, a record as a noun', () => {
  it('granting access changes who may enter; a code mailed to the guest leaves', () => {
    expect(caps('grant_guest_access', 'Grant a guest access to the home; the access code is emailed to them')).toEqual(['EXTERNAL_ACTION']);
    expect(caps('grant_role', 'Grant a role to a database user')).toEqual(['LOCAL_MUTATION']);
  });

  it('look-alikes: an OAuth grant is a record', () => {
    expect(caps('get_grant', 'Get an OAuth grant')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('list_oauth_grants', 'List the OAuth grants of the user')).toEqual(['PRIVATE_ACCESS']);
  });
});
