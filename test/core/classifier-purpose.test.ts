/**
 * A reader's later sentences say what its results are for, and a writer's where its inputs come
 * from (docs/semantics.md "Classification"): when the name's verbs and the description's first
 * sentence agree on reading, or on writing, a later sentence's act of the other kind adds nothing,
 * unless a third-person verb opens it (the tool's own act).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifyTool } from '../../src/core/classifier.js';

const caps = (name: string, description: string): readonly string[] => classifyTool({ name, description }).capabilities;

const records = fc.constantFrom('records', 'invoices', 'notes', 'contacts', 'tasks', 'orders', 'segments', 'projects');
const readVerb = fc.constantFrom('get', 'list', 'search', 'find');
const writeVerb = fc.constantFrom('create', 'update', 'delete', 'archive', 'rename', 'send', 'publish', 'upload');
const readHint = fc.constantFrom('Find', 'Get', 'List', 'Look up', 'Search');

describe('later sentences of the other kind of act', () => {
  it("a reader: a sentence that says what its results are for adds no write or send (seed 7301)", () => {
    fc.assert(
      fc.property(readVerb, records, writeVerb, records, fc.constantFrom('when you', 'before you', 'so that you can', 'if you want to'), (verb, object, write, other, link) => {
        const name = `${verb}_${object}`;
        const first = `${verb[0]?.toUpperCase()}${verb.slice(1)} the ${object} of the account.`;
        const alone = caps(name, first);
        expect(caps(name, `${first} Use them ${link} ${write} ${other} with the other tools.`)).toEqual(alone);
      }),
      { seed: 7301, numRuns: 300 },
    );
  });

  it('a writer: a sentence that says where the caller finds an input reads nothing (seed 7302)', () => {
    fc.assert(
      fc.property(writeVerb, records, readHint, records, (write, object, hint, other) => {
        const name = `${write}_${object}`;
        const first = `${write[0]?.toUpperCase()}${write.slice(1)} the ${object} of the account.`;
        const alone = caps(name, first);
        expect(caps(name, `${first} ${hint} the ${other} id with the search tool first.`)).toEqual(alone);
      }),
      { seed: 7302, numRuns: 300 },
    );
  });

  it("a third-person verb that opens the later sentence is the tool's own act, both ways", () => {
    expect(caps('list_notes', 'List the notes of the account. Use them when you delete notes.')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('list_notes', 'List the notes of the account. Deletes the notes it lists.')).toContain('LOCAL_MUTATION');
    expect(caps('list_notes', 'List the notes of the account. Also deletes the notes it lists.')).toContain('LOCAL_MUTATION');
    expect(caps('delete_notes', 'Delete the notes of the account. Find the notes with the search tool first.')).toEqual(['LOCAL_MUTATION']);
    expect(caps('delete_notes', 'Delete the notes of the account. Lists the notes it deleted.')).toContain('PRIVATE_ACCESS');
  });

  it('a name of both kinds, or a first sentence that does the other, keeps every act', () => {
    // The name writes: the later write is the tool's too.
    expect(caps('archive_notes', 'List the notes of the account. Use them when you delete notes.')).toContain('LOCAL_MUTATION');
    // The first sentence writes: the reader's name does not decide.
    expect(caps('get_notes', 'Delete the notes of the account. Use them when you update notes.')).toContain('LOCAL_MUTATION');
    // Chinese does not inflect: a later sentence's opening verb is the tool's own.
    expect(caps('list_notes', 'List the notes of the account. 删除笔记。')).toContain('LOCAL_MUTATION');
  });
});
