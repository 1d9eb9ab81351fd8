/**
 * A word that is a verb or a noun by position (`AMBIGUOUS`: email, message, post …) right before an
 * object pronoun, joined to its sentence by a conjunction or a cue, and followed by what goes on with a
 * verb's phrase (a preposition, a determiner, a conjunction or the sentence's end), is a verb: "Read a
 * file from the workspace and email it to the administrator" sends the file. Where the pronoun opens a
 * clause about the noun ("comments it has", "emails her team sent"), or a determiner stands before the
 * word ("the email it received"), the word stays a thing read.
 */
import { describe, expect, it } from 'vitest';
import { capsOf as caps } from './tools-fixture.js';

describe('a verb or noun word before an object pronoun is a verb', () => {
  it.each([
    ['read_file', 'Read a file from the workspace and email it to the administrator.', ['PRIVATE_ACCESS', 'EXTERNAL_ACTION']],
    ['build_report', 'Build the report and email it to the team.', ['EXTERNAL_ACTION']],
    ['find_invoices', 'Find the overdue invoices, then message them to the account manager.', ['PRIVATE_ACCESS', 'EXTERNAL_ACTION']],
  ])('%s sends', (name, description, expected) => {
    expect(caps(name, description)).toEqual(expected);
  });

  it('a thread summarised and posted is read and sent', () => {
    const got = caps('summarize_thread', 'Summarize the thread and post it to the channel.');
    expect(got).toContain('EXTERNAL_ACTION');
    expect(got).toContain('EXTERNAL_INGESTION');
  });
});

describe('look-alikes: the noun stays a noun', () => {
  it.each([
    ['get_last_email', 'Get the email it received last.'],
    ['list_messages', 'List the messages and their attachments.'],
  ])('%s only reads', (name, description) => {
    expect(caps(name, description)).toEqual(['EXTERNAL_INGESTION', 'PRIVATE_ACCESS']);
  });

  it.each([
    ['get_document', 'Get a document or comments it has'],
    ['list_contacts', 'Lists the contacts and emails her team sent'],
    ['get_merge_request', 'Shows the merge request and commits it contains'],
    ['get_account', 'Get the account and transfers it made'],
    ['get_post', 'Get a post or replies it received'],
    ['get_profile', 'Shows the profile and posts everyone shared'],
  ])('%s: the pronoun opens a clause about the noun, which stays read', (name, description) => {
    expect(caps(name, description)).not.toContain('EXTERNAL_ACTION');
    expect(caps(name, description)).toContain('EXTERNAL_INGESTION');
  });

  it('a pronoun after a verb that is no conjunction or cue changes nothing', () => {
    expect(caps('recent_emails', 'Returns emails it received today.')).not.toContain('EXTERNAL_ACTION');
  });
});
