/**
 * An upload from a local path (docs/semantics.md "Classification"): a tool that uploads and takes a
 * local file's path (`file_path`, `local_path`, or a media file's path such as `image_path`) reads
 * that file and sends it, PRIVATE_ACCESS and EXTERNAL_ACTION, whatever its prose calls the file
 * ("Upload your avatar"). Look-alikes: an upload that takes a URL or the file's content, a path
 * that says where the tool writes, and a write that is no upload.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifyTool } from '../../src/core/classifier.js';
import { attachesPaths, mediaPath } from '../../src/core/classifier-schema.js';
import type { ToolSpec } from '../../src/core/types.js';

const caps = (spec: ToolSpec): readonly string[] => classifyTool(spec).capabilities;
const withProps = (name: string, description: string, props: readonly string[]): ToolSpec => ({
  name,
  description,
  inputSchema: { type: 'object', properties: Object.fromEntries(props.map((p) => [p, { type: 'string' }])) },
});

describe('an upload from a local path', () => {
  it.each([
    ['upload_avatar', 'Upload your avatar. Max 500 KB.', ['file_path']],
    ['upload_banner', 'Upload the banner of a community.', ['community', 'file_path']],
    ['upload_pdf', 'Upload PDF and optionally split it into parts.', ['local_path', 'parent_folder_id']],
    ['add_face', 'Upload a face for the list.', ['list_id', 'image_path']],
    ['upload_cover', 'Upload the cover of the album.', ['album_id', 'front_image_path']],
  ])('%s reads the file and sends it', (name, description, props) => {
    const c = classifyTool(withProps(name, description, props));
    expect(c.capabilities).toEqual(['PRIVATE_ACCESS', 'EXTERNAL_ACTION']);
    expect(c.evidence).toContainEqual(expect.objectContaining({ capability: 'PRIVATE_ACCESS', term: 'upload' }));
  });

  it.each([
    ['an upload from a URL', 'upload_avatar', 'Upload your avatar.', ['image_url']],
    ["an upload given the file's content", 'upload_avatar', 'Upload your avatar.', ['file_path', 'file_content']],
    ['a path that says where the tool writes', 'upload_avatar', 'Upload your avatar.', ['output_image_path']],
    ['a write that is no upload', 'set_avatar', 'Set your avatar.', ['image_path']],
  ])('%s: no PRIVATE_ACCESS', (_, name, description, props) => {
    expect(caps(withProps(name, description, props))).not.toContain('PRIVATE_ACCESS');
  });

  it('a media path does not make a write local: the tool still writes where it did', () => {
    const spec = (props: readonly string[]): ToolSpec => withProps('update_branding', 'Update the branding images of the verification page on Didit.', props);
    expect(caps(spec(['logo_image_path']))).toEqual(caps(spec(['logo_image_url'])));
  });

  it('names a media file path only when the name ends with path, paths or file, names a medium and no destination', () => {
    expect(mediaPath(['image', 'path'])).toBe(true);
    expect(mediaPath(['front', 'image', 'path'])).toBe(true);
    expect(mediaPath(['pdf', 'file'])).toBe(true);
    expect(mediaPath(['photos', 'paths'])).toBe(true);
    expect(mediaPath(['output', 'image', 'path'])).toBe(false);
    expect(mediaPath(['image', 'download', 'path'])).toBe(false);
    expect(mediaPath(['image', 'url'])).toBe(false);
    expect(mediaPath(['image'])).toBe(false);
    expect(mediaPath(['path'])).toBe(false);
    expect(mediaPath(['repo', 'path'])).toBe(false);
  });

  it('a send that attaches local files by their paths reads them', () => {
    const send = (attachments: object): ToolSpec => ({
      name: 'send_email',
      description: 'Send an email via SMTP.',
      inputSchema: { type: 'object', properties: { to: { type: 'string' }, body: { type: 'string' }, attachments } },
    });
    const byPath = classifyTool(send({ type: 'array', items: { type: 'string' }, description: 'Array of absolute file paths to attach' }));
    expect(byPath.capabilities).toEqual(['PRIVATE_ACCESS', 'EXTERNAL_ACTION']);
    expect(byPath.evidence).toContainEqual(expect.objectContaining({ capability: 'PRIVATE_ACCESS', source: 'schema', term: 'attachments' }));
    // Look-alikes: attachments given as content, an attachment's id, and the same property on a tool that sends nothing.
    expect(caps(send({ type: 'array', description: 'Attachments as base64 content with a filename' }))).toEqual(['EXTERNAL_ACTION']);
    expect(caps(send({ type: 'array', items: { type: 'string' }, description: 'List of file paths to attach' }))).toContain('PRIVATE_ACCESS');
    const idSpec: ToolSpec = { name: 'send_email', description: 'Send an email via SMTP.', inputSchema: { type: 'object', properties: { attachment_id: { type: 'string', description: 'The file path segment of the attachment id' } } } };
    expect(caps(idSpec)).not.toContain('PRIVATE_ACCESS');
    const save: ToolSpec = { name: 'save_attachment', description: 'Save an attachment of a message to disk.', inputSchema: { type: 'object', properties: { attachments: { type: 'array', description: 'File paths to save the attachments to' } } } };
    expect(classifyTool(save).evidence).not.toContainEqual(expect.objectContaining({ capability: 'PRIVATE_ACCESS', term: 'attachments' }));
  });

  it('names attachments by path only with an attachment word, no id, and a description that says file paths', () => {
    const prop = (tokens: string[], description?: string): Parameters<typeof attachesPaths>[0] =>
      ({ path: `properties.${tokens.join('_')}`, key: tokens.join('_'), tokens, joined: tokens.join('_'), description, group: 0, uri: false, text: true, strings: false, enumValues: undefined });
    expect(attachesPaths(prop(['attachments'], 'List of file paths to attach'))).toBe(true);
    expect(attachesPaths(prop(['attachment', 'files'], 'Each needs filename plus one of: filePath, content'))).toBe(true);
    expect(attachesPaths(prop(['attachments'], 'Base64 content of each file'))).toBe(false);
    expect(attachesPaths(prop(['attachments']))).toBe(false);
    expect(attachesPaths(prop(['attachment', 'id'], 'The file path of the attachment'))).toBe(false);
    expect(attachesPaths(prop(['files'], 'List of file paths'))).toBe(false);
  });

  it('a path the tool writes to is never one it uploads from, whatever else its name says (seed 7501)', () => {
    const words = fc.constantFrom('image', 'photo', 'video', 'audio', 'pdf', 'avatar', 'banner', 'front', 'main', 'new', 'local');
    const destinations = fc.constantFrom('output', 'out', 'save', 'target', 'dest', 'destination', 'download', 'export');
    const ends = fc.constantFrom('path', 'paths', 'file');
    fc.assert(
      fc.property(fc.array(words, { maxLength: 3 }), destinations, fc.nat(3), ends, (before, dest, at, end) => {
        const tokens = [...before.slice(0, at), dest, ...before.slice(at), end];
        expect(mediaPath(tokens)).toBe(false);
        expect(caps(withProps('upload_file', 'Upload the file.', [tokens.join('_')]))).not.toContain('PRIVATE_ACCESS');
      }),
      { seed: 7501, numRuns: 200 },
    );
  });
});
