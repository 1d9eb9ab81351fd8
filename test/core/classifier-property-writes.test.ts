/**
 * A property's description says how to fill its argument. On a tool that only reads, its write
 * words are no act of the tool, unless the property is named for a write (a side effect the caller
 * switches on). On a tool whose description writes where a service or a product keeps the record,
 * a property's write is that same act. Each rule with its look-alike.
 */
import { describe, expect, it } from 'vitest';
import { classifyTool } from '../../src/core/classifier.js';

const tool = (name: string, description: string, properties: Record<string, unknown>): readonly string[] =>
  classifyTool({ name, description, inputSchema: { type: 'object', properties } }).capabilities;

describe('property descriptions of a tool that only reads', () => {
  it('their write words describe the argument, not an act', () => {
    expect(tool('list_records', 'List records from a table.', {
      fields: { type: 'array', description: 'Field names to include. Only set it if the table has many fields.' },
    })).toEqual(['PRIVATE_ACCESS']);
    expect(tool('get_articles', 'Fetch the articles of the blog.', {
      reverse: { type: 'boolean', description: 'Set true to put the newest articles first.' },
    })).not.toContain('LOCAL_MUTATION');
  });

  it('a property named for a state change sets an option of the read, with no side effect', () => {
    expect(tool('list_files', 'List the files in a folder.', {
      mute_errors: { type: 'boolean', description: 'Mute errors about unreadable files.' },
    })).toEqual(['PRIVATE_ACCESS']);
    expect(tool('search_records', 'Search the records of a table.', {
      disable_cache: { type: 'boolean', description: 'Disable the cached records and read them again.' },
    })).toEqual(['PRIVATE_ACCESS']);
  });

  it('a property named for a write switches on a side effect of the read', () => {
    const caps = tool('list_records', 'List records from a table.', {
      delete_after: { type: 'boolean', description: 'Delete the listed records from the table after reading them.' },
    });
    expect(caps).toContain('LOCAL_MUTATION');
    expect(tool('fetch_messages', 'Fetch the newest messages from the inbox.', {
      mark_read: { type: 'boolean', description: 'Mark the fetched messages as read.' },
    })).toContain('LOCAL_MUTATION');
  });

  it('a tool that also writes keeps its property writes', () => {
    expect(tool('sync_records', 'List the records of a table and update their status.', {
      status: { type: 'string', description: 'Set the status of each record to this value.' },
    })).toContain('LOCAL_MUTATION');
  });
});

describe("property descriptions of a tool that writes where a service keeps the record", () => {
  it("a property's write is the description's act, outside", () => {
    expect(tool('create_task', 'Create a new task in a project.', {
      followers: { type: 'array', description: 'User IDs to add as followers.' },
    })).toEqual(['EXTERNAL_ACTION']);
  });

  it('the same property on a local store stays a local write', () => {
    expect(tool('create_task', 'Create a new task in the to-do file kept on local disk.', {
      followers: { type: 'array', description: 'User IDs to add as followers.' },
    })).toEqual(['LOCAL_MUTATION']);
  });
});
