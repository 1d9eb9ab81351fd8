/**
 * A server whose tools' names open with its own name, written as a proper name (`GmailDeleteEmails`
 * on a server registered as `Gmail`), fronts that product: the name's words before its verb are the
 * second sign beside the server's name, as a description's proper name is. Its writes are then kept
 * there (EXTERNAL_ACTION). Look-alikes: a name in lower case, a name that opens with its verb, a
 * server of another name, and words whose last one names a program of the user's machine
 * (`WebBrowser`) front nothing.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nameLead } from '../../src/core/classifier-pairing.js';
import { createGuard } from '../../src/core/guard.js';
import type { ToolOrigin, ToolSpec } from '../../src/core/types.js';

const tool = (name: string, description: string, origin: ToolOrigin): ToolSpec => ({ name, description, origin });
const capsAmong = (tools: readonly ToolSpec[], name: string): readonly string[] => createGuard({ tools: [...tools] }).tool(name).capabilities;

describe('nameLead: the words a name opens with before its verb', () => {
  it('one word or several, joined, when a verb and its object follow', () => {
    expect(nameLead('GmailDeleteEmails')).toBe('gmail');
    expect(nameLead('EvernoteManagerCreateNote')).toBe('evernotemanager');
    expect(nameLead('PaperTrailCreateNote')).toBe('papertrail');
  });

  it('none for a name in lower case, one that opens with its verb, or no object after the verb', () => {
    expect(nameLead('papertrail_create_note')).toBeUndefined();
    expect(nameLead('CreateNote')).toBeUndefined();
    expect(nameLead('GmailSend')).toBeUndefined();
    expect(nameLead('URLFetchPage')).toBeUndefined();
  });

  it('none for words any of which, or all together, name a program or a store of the user\'s machine, or a determiner', () => {
    expect(nameLead('SqliteWriteQuery')).toBeUndefined();
    expect(nameLead('TheAppDeleteItem')).toBeUndefined();
    expect(nameLead('WebBrowserClearHistory')).toBeUndefined();
    expect(nameLead('FileSystemWriteFile')).toBeUndefined();
    expect(nameLead('GitRepoCreateBranch')).toBeUndefined();
    expect(nameLead('SqliteDatabaseWriteQuery')).toBeUndefined();
    expect(nameLead('ClipboardManagerSetText')).toBeUndefined();
  });

  it('a month among the words names no program: it may open a product\'s name', () => {
    expect(nameLead('AugustSmartLockUnlockDoor')).toBe('augustsmart');
  });
});

describe('a server named for the words its tools\' names open with fronts that product', () => {
  const NOTE = 'Create a new note with a title and content.';

  it('keeps its tools\' writes there, with the server\'s word as evidence', () => {
    const info = createGuard({ tools: [tool('PaperTrailCreateNote', NOTE, 'mcp:PaperTrail@1.0.0')] }).tool('PaperTrailCreateNote');
    expect(info.capabilities).toEqual(['EXTERNAL_ACTION']);
    expect(info.evidence).toContainEqual({ capability: 'EXTERNAL_ACTION', source: 'origin', term: 'papertrail' });
  });

  it('a sibling whose own name opens with its verb is kept there too', () => {
    const tools = [tool('PaperTrailCreateNote', NOTE, 'mcp:PaperTrail@1.0.0'), tool('DeleteNote', 'Delete a note by its id.', 'mcp:PaperTrail@1.0.0')];
    expect(capsAmong(tools, 'DeleteNote')).toEqual(['EXTERNAL_ACTION']);
  });

  it('a server named for the user\'s own store fronts nothing, for its tools in lower case too', () => {
    const fs = [tool('FileSystemReadFile', 'Read a file.', 'mcp:FileSystem@1.0.0'), tool('FileSystemWriteFile', 'Write a file.', 'mcp:FileSystem@1.0.0'), tool('write_file', 'Write a file.', 'mcp:FileSystem@1.0.0')];
    expect(capsAmong(fs, 'FileSystemWriteFile')).toEqual(['LOCAL_MUTATION']);
    expect(capsAmong(fs, 'write_file')).toEqual(['LOCAL_MUTATION']);
  });

  it('look-alikes stay local: another server, a name that opens with its verb, a local program', () => {
    expect(capsAmong([tool('PaperTrailCreateNote', NOTE, 'mcp:notes-app@1.0.0')], 'PaperTrailCreateNote')).toEqual(['LOCAL_MUTATION']);
    expect(capsAmong([tool('CreateNote', NOTE, 'mcp:PaperTrail@1.0.0')], 'CreateNote')).toEqual(['LOCAL_MUTATION']);
    expect(capsAmong([tool('WebBrowserClearHistory', 'Clear the browsing history.', 'mcp:WebBrowser@1.0.0')], 'WebBrowserClearHistory')).toEqual(['LOCAL_MUTATION']);
  });

  it('a tool that says its store is local keeps it local', () => {
    const local = tool('PaperTrailSaveNote', 'Save a note to a local file on disk.', 'mcp:PaperTrail@1.0.0');
    expect(capsAmong([local, tool('PaperTrailCreateNote', NOTE, 'mcp:PaperTrail@1.0.0')], 'PaperTrailSaveNote')).not.toContain('EXTERNAL_ACTION');
  });

  it('the answer does not depend on the order the tools are registered in (fast-check, pinned seed)', () => {
    const tools = [
      tool('PaperTrailCreateNote', NOTE, 'mcp:PaperTrail@1.0.0'),
      tool('DeleteNote', 'Delete a note by its id.', 'mcp:PaperTrail@1.0.0'),
      tool('UpdateNote', 'Update the title of a note.', 'mcp:PaperTrail@1.0.0'),
      tool('ListNotes', 'List the notes.', 'mcp:PaperTrail@1.0.0'),
    ];
    const expected = new Map(tools.map((t) => [t.name, capsAmong(tools, t.name)]));
    expect(expected.get('DeleteNote')).toEqual(['EXTERNAL_ACTION']);
    fc.assert(
      fc.property(fc.shuffledSubarray(tools, { minLength: tools.length, maxLength: tools.length }), (order) => {
        const guard = createGuard({ tools: order.slice(0, 1) });
        for (const t of order.slice(1)) guard.registerTool(t);
        for (const t of tools) expect(guard.tool(t.name).capabilities).toEqual(expected.get(t.name));
      }),
      { seed: 5252, numRuns: 24 },
    );
  });
});
