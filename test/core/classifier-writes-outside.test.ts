/**
 * A property's write is the tool's write (docs/semantics.md "Classification"): on a tool that acts
 * outside, a local write that only a property's description names ("id: The ID of the memory to
 * update") is that outside write, not a second, local one. Look-alikes: a place on the machine among
 * the properties (a path, a folder, a file name), a tool that runs code, a tool that calls its store
 * local, a local write in the name or the description, and a tool that acts nowhere outside.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifyTool } from '../../src/core/classifier.js';
import type { ToolSpec } from '../../src/core/types.js';

const tool = (name: string, description: string, props: Record<string, string>): ToolSpec => ({
  name,
  description,
  inputSchema: { type: 'object', properties: Object.fromEntries(Object.entries(props).map(([k, d]) => [k, { type: 'string', description: d }])) },
});
const caps = (spec: ToolSpec): readonly string[] => classifyTool(spec).capabilities;
const MEMORY_ID = { id: 'The ID of the memory to update' };

describe("a property's write on a tool that acts outside", () => {
  it.each([
    ['update_memory', 'Update a memory in Lara.', MEMORY_ID],
    ['overwrite', 'Overwrite a document in Falconer.', { content: 'The snippet to insert' }],
    ['update_folder', 'Update a folder in Falconer.', { folder_id: 'The folder to update' }],
  ])('%s: the property names the same outside write', (name, description, props) => {
    const c = classifyTool(tool(name, description, props));
    expect(c.capabilities).toEqual(['EXTERNAL_ACTION']);
    // The property's evidence stays, now for the act outside.
    expect(c.evidence.some((e) => e.capability === 'EXTERNAL_ACTION' && e.source === 'schema')).toBe(true);
  });

  it.each([
    ['a folder on the machine', 'Update a memory in Lara.', { ...MEMORY_ID, output_dir: 'A folder' }],
    ['a file name', 'Update a memory in Lara.', { ...MEMORY_ID, filename: 'A name' }],
    ['a path to save to', 'Update a memory in Lara.', { ...MEMORY_ID, savePath: 'Where to save a copy' }],
    ['paths to save to', 'Update a memory in Lara.', { ...MEMORY_ID, export_paths: 'Where to save copies' }],
    ['a directory on the machine', 'Update a memory in Lara.', { ...MEMORY_ID, backup_directory: 'A backup folder' }],
    ['code the tool runs', 'Update a memory in Lara.', { ...MEMORY_ID, code: 'Python code to execute' }],
    ['a script the description runs', 'Update a memory in Lara and run a Python script.', MEMORY_ID],
  ])('%s keeps the local write', (_, description, props) => {
    expect(caps(tool('update_memory', description, props))).toContain('LOCAL_MUTATION');
  });

  it('a tool that calls its store local, or acts nowhere outside, writes locally', () => {
    expect(caps(tool('update_memory', 'Update a local memory in Lara.', MEMORY_ID))).toEqual(['LOCAL_MUTATION']);
    expect(caps(tool('update_memory', 'Update a memory.', MEMORY_ID))).toEqual(['LOCAL_MUTATION']);
    expect(caps(tool('create_test_case', 'Create a test case.', { folder_id: 'The folder to create it in' }))).toEqual(['LOCAL_MUTATION']);
  });

  it('a send whose tool calls its store local, or closes the world, keeps the local write a property names', () => {
    const post = (description: string, annotations?: ToolSpec['annotations']): ToolSpec => ({ ...tool('post_message', description, MEMORY_ID), ...(annotations !== undefined ? { annotations } : {}) });
    expect(caps(post('Post a message to a channel.'))).toEqual(['EXTERNAL_ACTION']);
    expect(caps(post('Post a message to a channel. Works on local memories.'))).toEqual(['EXTERNAL_ACTION', 'LOCAL_MUTATION']);
    expect(caps(post('Post a message to a channel.', { openWorldHint: false }))).toEqual(['EXTERNAL_ACTION', 'LOCAL_MUTATION']);
  });

  it('a local write the description names beside a send stays', () => {
    const spec = tool('send_message', 'Send a message to a Slack channel and save it to the notes database.', { text: 'The text' });
    expect(caps(spec)).toEqual(['EXTERNAL_ACTION', 'LOCAL_MUTATION']);
  });

  it('property: a tool whose own text writes locally keeps LOCAL_MUTATION, whatever its properties say', () => {
    const propText = fc.constantFrom('The ID of the memory to update', 'The snippet to insert', 'The folder to create it in', 'Text to append', 'The message to send', 'A recipient');
    const propName = fc.constantFrom('id', 'content', 'folder_id', 'text', 'to', 'note');
    fc.assert(
      fc.property(fc.dictionary(propName, propText, { maxKeys: 4 }), fc.constantFrom('Save a note to the local disk.', 'Write the report to a local file.', 'Update a row in the local database.'), (props, description) => {
        expect(caps(tool('save_it', description, props))).toContain('LOCAL_MUTATION');
      }),
      { seed: 7503, numRuns: 200 },
    );
  });
});
