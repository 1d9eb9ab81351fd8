/**
 * A read of what is kept in a shared store ("Retrieve all files in the cloud drive", "the entries in
 * the calendar") reads the store, as a read from it does ("Get a file from the drive"): others write
 * what a drive, a calendar or a help desk holds, so it is EXTERNAL_INGESTION as well as
 * PRIVATE_ACCESS. Only for reads, and only when the store after `in` is a shared one.
 */
import { describe, expect, it } from 'vitest';
import { classifyTool } from '../../src/core/classifier.js';

const caps = (name: string, description: string): readonly string[] => classifyTool({ name, description }).capabilities;

describe('a read of what a shared store holds reads the store', () => {
  it.each([
    ['list_files', 'Retrieve all files in the cloud drive.'],
    ['search_files', 'Search for files in the drive by content.'],
    ['list_entries', 'List the entries in the calendar.'],
    ['list_records', 'List the records in the help desk.'],
  ])('%s: %s', (name, description) => {
    expect(caps(name, description)).toEqual(['EXTERNAL_INGESTION', 'PRIVATE_ACCESS']);
  });

  it('as the same read with `from` did before', () => {
    expect(caps('list_files', 'Retrieve all files in the cloud drive.')).toEqual(caps('list_files', 'Retrieve all files from the cloud drive.'));
    expect(caps('list_entries', 'List the entries in the calendar.')).toEqual(caps('list_entries', 'List the entries from the calendar.'));
  });
});

describe('look-alikes that stay what they were', () => {
  it('a store that is no shared one: a folder, a repository, an organization', () => {
    expect(caps('list_files', 'List files in the folder.')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('list_files', 'List files in the repository.')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('list_users', 'List users in the organization.')).toEqual(['PRIVATE_ACCESS']);
  });

  it('a drive that is a device of the machine is no shared store, after `in` or `from`', () => {
    expect(caps('list_usb', 'Get the list of files in the USB drive.')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('scan_usb', 'Read the files from the external drive.')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('largest', 'List the largest files in the hard drive.')).toEqual(['PRIVATE_ACCESS']);
  });

  it('a write to what a shared store holds reads nothing more', () => {
    expect(caps('delete_files', 'Delete the files in the drive.')).toEqual(['LOCAL_MUTATION']);
    expect(caps('rename_entry', 'Rename the entries in the calendar.')).toEqual(caps('rename_entry', 'Rename the entries.'));
  });
});

describe('every word of the vocabulary, one case each (a word dropped from a list fails its case)', () => {
  it.each(['in', 'within', 'inside', 'across'])('a read of the files %s the drive', (prep) => {
    expect(caps('list_files', `List the files ${prep} the drive.`)).toEqual(['EXTERNAL_INGESTION', 'PRIVATE_ACCESS']);
  });

  it.each(['hard drive', 'usb drive', 'flash drive', 'thumb drive', 'external drive', 'disk drive', 'local drive'])('a device: the files from the %s', (device) => {
    expect(caps('list_files', `Read the files from the ${device}.`)).toEqual(['PRIVATE_ACCESS']);
  });
});
