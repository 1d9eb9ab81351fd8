/**
 * A write made in an open world: a tool whose annotations state both `readOnlyHint: false` and
 * `openWorldHint: true` changes things among outside entities, so a write its text leaves unplaced
 * (no product named, no store of the user's own, nothing called local) is an EXTERNAL_ACTION, not a
 * LOCAL_MUTATION. The mirror of `readOnlyHint: false` with `openWorldHint: false`, which keeps such a
 * write local. A hint left out says nothing (the specification's defaults are not applied), a tool
 * that fetches from the web and saves what it got writes locally, and one that names the user's
 * own store (a database, a file) keeps its write there.
 */
import { describe, expect, it } from 'vitest';
import { classifyTool } from '../../src/core/classifier.js';
import type { ToolAnnotations, ToolSpec } from '../../src/core/types.js';

const OPEN: ToolAnnotations = { readOnlyHint: false, openWorldHint: true };
const spec = (name: string, description: string, annotations?: ToolAnnotations, properties: Record<string, unknown> = { id: { type: 'string' } }): ToolSpec => ({
  name,
  description,
  inputSchema: { type: 'object', properties },
  ...(annotations !== undefined ? { annotations } : {}),
});
const caps = (s: ToolSpec): readonly string[] => classifyTool(s).capabilities;

describe('a write in an open world is an external action', () => {
  it('deletes and updates whose text names no place', () => {
    expect(caps(spec('delete_contact', 'Delete a contact.', OPEN))).toEqual(['EXTERNAL_ACTION']);
    expect(caps(spec('update_bucket', 'Update the properties of a bucket object.', OPEN))).toEqual(['EXTERNAL_ACTION']);
    expect(caps(spec('delete_attachment', 'Delete a mail attachment.', OPEN))).toEqual(['EXTERNAL_ACTION']);
  });

  it('every piece of local-write evidence moves to the external action, and the annotations are named', () => {
    const cls = classifyTool(spec('delete_contact', 'Delete a contact.', OPEN));
    expect(cls.evidence.map((e) => e.capability)).not.toContain('LOCAL_MUTATION');
    expect(cls.evidence).toContainEqual({ capability: 'EXTERNAL_ACTION', source: 'annotation', term: 'readOnlyHint=false+openWorldHint=true' });
    expect(cls.evidence).toContainEqual({ capability: 'EXTERNAL_ACTION', source: 'description', term: 'delete' });
  });

  it('what the tool reads beside the write stays as it was', () => {
    const s = spec('update_contact', 'Update a contact. Returns the updated contact from the address book.', OPEN);
    expect(caps(s)).not.toContain('LOCAL_MUTATION');
    expect(caps(s)).toContain('EXTERNAL_ACTION');
  });
});

describe('look-alikes: the write stays local', () => {
  it('a hint left out, or only one of the two', () => {
    expect(caps(spec('delete_contact', 'Delete a contact.'))).toEqual(['LOCAL_MUTATION']);
    expect(caps(spec('delete_contact', 'Delete a contact.', { openWorldHint: true }))).toEqual(['LOCAL_MUTATION']);
    expect(caps(spec('delete_contact', 'Delete a contact.', { readOnlyHint: false }))).toEqual(['LOCAL_MUTATION']);
  });

  it('a closed world', () => {
    expect(caps(spec('delete_contact', 'Delete a contact.', { readOnlyHint: false, openWorldHint: false }))).toEqual(['LOCAL_MUTATION']);
  });

  it('a store of the user’s own named in the description: a database, a file', () => {
    expect(caps(spec('drop_collection', 'Drop a collection from the database.', OPEN))).toContain('LOCAL_MUTATION');
    expect(caps(spec('drop_collection', 'Drop a collection from the database.', OPEN))).not.toContain('EXTERNAL_ACTION');
    expect(caps(spec('delete_file', 'Delete a file.', OPEN))).toEqual(['LOCAL_MUTATION']);
  });

  it('a tool that calls what it writes local, or takes a local path', () => {
    expect(caps(spec('delete_note', 'Delete a local note.', OPEN))).not.toContain('EXTERNAL_ACTION');
    expect(caps(spec('update_note', 'Update a note.', OPEN, { path: { type: 'string' } }))).not.toContain('EXTERNAL_ACTION');
  });

  it('a fetch from the web that saves what it got', () => {
    const s = spec('save_page', 'Fetch a web page and save it as a note.', OPEN, { url: { type: 'string' } });
    expect(caps(s)).toContain('LOCAL_MUTATION');
    expect(caps(s)).not.toContain('EXTERNAL_ACTION');
  });

  it('a tool whose text already acts outside: the hints are its send, and its other write stays local', () => {
    expect(caps(spec('email_invoice', 'Send an invoice by e-mail and save a copy as a note.', OPEN))).toEqual(['EXTERNAL_ACTION', 'LOCAL_MUTATION']);
  });

  it('a read-only tool makes no write of the hints', () => {
    expect(caps(spec('get_contact', 'Get a contact.', OPEN))).toEqual(['PRIVATE_ACCESS']);
  });
});
