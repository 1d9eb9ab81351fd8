/**
 * A store of the user's own (`OWN_STORES`: a file, a database, a folder), or a word that calls the
 * tool's files local, is not where the tool keeps what it writes when a negation denies it: from the
 * negation word to the end of its clause ("Never update existing records, attach files, or bypass
 * required fields"; "It never reads or writes local files"). A product's write stays the product's.
 * What comes before the negation word, or after its clause ends, still counts.
 */
import { describe, expect, it } from 'vitest';
import { classifyTool } from '../../src/core/classifier.js';

const caps = (name: string, description: string): readonly string[] => classifyTool({ name, description }).capabilities;

describe('a store or a local file that a negation denies is not the tool\'s', () => {
  it('a product\'s write that says it never touches files or a database stays the product\'s', () => {
    expect(caps('create_record', 'Create new Attio records across supported resource types. Never update existing records, attach files, or bypass required fields.')).toEqual(['EXTERNAL_ACTION']);
    expect(caps('update_deal', 'Update a deal in Pipedrive. Does not touch the database or the files of the project.')).toEqual(['EXTERNAL_ACTION']);
    expect(caps('create_contact', 'Create a contact in HubSpot. It never reads or writes local files.')).toEqual(['EXTERNAL_ACTION']);
  });

  it('a store or a local file named after the negated clause ends, or before the negation, still counts', () => {
    expect(caps('create_record', 'Create new Attio records across supported resource types. It does not send anything, but it attaches files to them.')).toEqual(['EXTERNAL_ACTION', 'LOCAL_MUTATION']);
    expect(caps('create_contact', 'Create a contact in HubSpot. It never reads the inbox, but it writes a copy to a file.')).toContain('LOCAL_MUTATION');
    expect(caps('save_contact', 'Save a contact in HubSpot to a local file — its fields are never sent anywhere.')).toContain('LOCAL_MUTATION');
    expect(caps('create_record', 'Create an Attio record from a file — the file is never uploaded.')).toContain('LOCAL_MUTATION');
  });
});
