/**
 * A store of the user's own (`OWN_STORES`: a file, a database, a folder), or a word that calls the
 * tool's files local, is not where the tool keeps what it writes when a sentence that opens by denying
 * what the tool does names it, up to `but`, `instead`, `then` or `and` ("Never update existing
 * records, attach files, or bypass required fields"; "It never reads or writes local files"). A
 * product's write stays the product's. A negation inside a sentence denies nothing here, and neither
 * does "not only": what the sentence names still counts, so a write of untrusted content to a local
 * store is still asked about.
 */
import { describe, expect, it } from 'vitest';
import { classifyTool } from '../../src/core/classifier.js';
import { createGuard } from '../../src/core/guard.js';

const caps = (name: string, description: string): readonly string[] => classifyTool({ name, description }).capabilities;

describe('a store or a local file that a sentence opening with a denial names is not the tool\'s', () => {
  it('a product\'s write that says it never touches files or a database stays the product\'s', () => {
    expect(caps('create_record', 'Create new Attio records across supported resource types. Never update existing records, attach files, or bypass required fields.')).toEqual(['EXTERNAL_ACTION']);
    expect(caps('update_deal', 'Update a deal in Pipedrive. Does not touch the database or the files of the project.')).toEqual(['EXTERNAL_ACTION']);
    expect(caps('create_contact', 'Create a contact in HubSpot. It never reads or writes local files.')).toEqual(['EXTERNAL_ACTION']);
    expect(caps('create_contact', "Create a contact in HubSpot. This tool doesn't write to disk.")).toEqual(['EXTERNAL_ACTION']);
  });

  it('a store named after the denial ends, before it, or where no sentence opens by denying, still counts', () => {
    expect(caps('create_record', 'Create new Attio records across supported resource types. It does not send anything, but it attaches files to them.')).toEqual(['EXTERNAL_ACTION', 'LOCAL_MUTATION']);
    expect(caps('create_contact', 'Create a contact in HubSpot. It never reads the inbox, but it writes a copy to a file.')).toContain('LOCAL_MUTATION');
    expect(caps('save_contact', 'Save a contact in HubSpot to a local file — its fields are never sent anywhere.')).toContain('LOCAL_MUTATION');
    expect(caps('create_record', 'Create an Attio record from a file — the file is never uploaded.')).toContain('LOCAL_MUTATION');
    // A negation inside the sentence, "not only", or a denial an `and` ends.
    for (const description of [
      'Create an Attio record. Records that do not sync are written to the local database.',
      'Create an Attio record without confirmation and overwrite the matching rows in your database.',
      'Create a contact in HubSpot. If the API cannot be reached, the contact is saved to a local file for retry.',
      'Update a deal in Pipedrive. Not only updates the deal, it also writes the change to the local database.',
      'Create an Attio record. Never asks for confirmation, and writes the rows to the local database.',
      'Export deals from Pipedrive that are not closed to a local file.',
    ]) expect(caps('create_record', description), description).toContain('LOCAL_MUTATION');
  });

  it('so a fetched page\'s text written to a local store is still asked about', () => {
    const guard = createGuard({
      salt: 't',
      tools: [
        { name: 'fetch_page', description: 'Fetch a web page and return its text.' },
        { name: 'create_record', description: 'Create an Attio record. Records that do not sync are written to the local database.' },
      ],
    });
    const s = guard.session('a');
    s.record(s.decide({ tool: 'fetch_page', args: { url: 'https://example.com/speakers' } }), { result: 'Speaker: Dana Whitfield, head of platform at Northwind Labs, joining the panel on Friday.' });
    const d = s.decide({ tool: 'create_record', args: { note: 'Dana Whitfield, head of platform at Northwind Labs, joining the panel on Friday' } });
    expect(d.verdict).toBe('ask');
    expect(d.rules[0]?.id).toBe('provenance.untrusted-mutation');
  });
});
