/**
 * An example in a description or a property description (`e.g.`, `for example`, `for instance`)
 * that opens with a verb shows a request a user may make, not what the tool does: it is not read.
 * An example of things names what the tool acts on: it is read. Text after the example is read.
 */
import { describe, expect, it } from 'vitest';
import { classifyTool } from '../../src/core/classifier.js';
import { dropExamples } from '../../src/core/classifier-tokens.js';
import { growth } from './growth.js';

const caps = (description: string, extra: Record<string, unknown> = {}, name = 'search_notes'): string[] => [...classifyTool({ name, description, ...extra }).capabilities].sort();

describe('examples in prose', () => {
  it('drops an example that opens with a verb, up to its parenthesis, sentence or clause end', () => {
    expect(dropExamples('search notes (e.g. send the invoice to dana). returns notes.')).toBe('search notes ( ). returns notes.');
    expect(dropExamples('search notes, for example: create a file; returns notes')).toBe('search notes,  ; returns notes');
    expect(dropExamples('search notes, for instance delete old drafts\nreturns notes')).toBe('search notes,  \nreturns notes');
    expect(dropExamples('keywords, eg. send invoice')).toBe('keywords,  ');
    expect(dropExamples('keywords, e. g. send invoice')).toBe('keywords,  ');
  });

  it('reads a marker inside a dropped example as part of it, and one right after a kept marker as its own', () => {
    expect(dropExamples('notes (e.g. send the invoice, for example receipts) here')).toBe('notes ( ) here');
    expect(dropExamples('notes, e.g. for example send the invoice. here')).toBe('notes,   . here');
  });

  it('reads a text once, however many markers with no end it piles up: 16 times the text takes under 64 times as long (quadratic: 256)', () => {
    for (const unit of ['for example ', 'e.g. x ', 'for instance the ']) {
      expect(growth((n) => unit.repeat(n), dropExamples, 200, 16, { below: 64 }), unit).toBeLessThan(64);
    }
  });

  it('keeps an example of things, without its marker', () => {
    expect(dropExamples('read notes, for example meeting minutes or lists.')).toBe('read notes,  meeting minutes or lists.');
    expect(dropExamples('create a file (e.g. report.pdf) and send it')).toBe('create a file ( report.pdf) and send it');
  });

  it('leaves text without an example marker alone, words that merely contain one included', () => {
    for (const t of ['send the invoice for example.com', 'the keg. send it', 'for exampled send', 'forinstance send']) {
      expect(dropExamples(t)).toBe(t);
    }
  });

  it('keeps an ambiguous first word of an example (a noun as often as a verb)', () => {
    expect(dropExamples('filter by kind, e.g. post drafts or replies')).toBe('filter by kind,  post drafts or replies');
  });

  it('does not make a search tool send or create because its examples do', () => {
    expect(caps("Search the user's saved notes by keyword (e.g. send the invoice to Dana, create a file for the meeting).")).toEqual(['PRIVATE_ACCESS']);
    expect(caps("Search the user's saved notes by keyword, for example send an email or delete a draft.")).toEqual(['PRIVATE_ACCESS']);
    expect(caps("Search the user's saved notes by keyword.", { inputSchema: { type: 'object', properties: { query: { type: 'string', description: "Words to look for, e.g. 'send invoice'" } } } })).toEqual(['PRIVATE_ACCESS']);
  });

  it('still reads what the tool does around an example', () => {
    // The act before the example, and the act after it.
    expect(caps('Send an email to a recipient, for example a reminder.', {}, 'send_email')).toContain('EXTERNAL_ACTION');
    expect(caps('Create a file (e.g. report.pdf) in the workspace and send it by email.', {}, 'draft_file')).toEqual(['EXTERNAL_ACTION', 'LOCAL_MUTATION']);
    expect(caps("Search the user's saved notes (e.g. send invoice). Deletes the notes it finds.")).toContain('LOCAL_MUTATION');
  });
});
