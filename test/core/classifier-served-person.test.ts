/**
 * The person the agent works for, named in prose as someone who acts ("when the user asks …") or
 * is spoken to ("ask the user for …"), is an instruction to the model, not data the tool reads.
 * The user's own data stays private: a possessive ("the user's transactions"), a modifier ("the
 * current user"), a user as the object of a read ("details of the user", `get_user`).
 */
import { describe, expect, it } from 'vitest';
import { classifyTool } from '../../src/core/classifier.js';

const caps = (name: string, description: string, properties?: Record<string, unknown>): readonly string[] =>
  classifyTool({ name, description, ...(properties !== undefined ? { inputSchema: { type: 'object', properties } } : {}) }).capabilities;

describe('the user who acts or is spoken to is no object', () => {
  it('a user who acts: a verb, an auxiliary, a modal or an adverb after "the user"', () => {
    expect(caps('maps_directions', "Get directions between two points on the web map. Use when the user asks 'how do I get from A to B'."))
      .toEqual(['EXTERNAL_INGESTION']);
    expect(caps('remove_domain', 'Remove a domain. Only use this tool if the user explicitly confirms.')).not.toContain('PRIVATE_ACCESS');
    expect(caps('remove_domain', 'Remove a domain. Only use this tool when the user has requested it.')).not.toContain('PRIVATE_ACCESS');
    expect(caps('remove_domain', 'Remove a domain. Check that the user wants this first.')).not.toContain('PRIVATE_ACCESS');
  });

  it('a user spoken to: ask, tell, warn, with, to before "the user"', () => {
    expect(caps('remove_domain', 'Remove a domain. Warn the user that removal cannot be undone.')).not.toContain('PRIVATE_ACCESS');
    expect(caps('remove_domain', 'Remove a domain. You MUST double-check with the user before calling.')).not.toContain('PRIVATE_ACCESS');
    expect(caps('remove_domain', 'Remove a domain. Ask the user for the domain id if it is missing.')).not.toContain('PRIVATE_ACCESS');
  });

  it('in a property description too: "set … the user" there changes no user', () => {
    const confirm = { confirm: { type: 'boolean', description: 'Set to true only after the user has explicitly approved it.' } };
    expect(caps('format_range', 'Format a range of cells.', confirm)).toEqual(caps('format_range', 'Format a range of cells.'));
  });
});

describe('what the user does after "the user" is not done to what stands before', () => {
  it('a verb after the user does not look back past them for its object', () => {
    // Without the stop, `checks` takes the page three words back: a read of a web page.
    expect(caps('audit', 'On the settings page, the user can choose which checks run first.')).toEqual([]);
  });

  it('look-alike: with no user in between, a verb still finds an object before it', () => {
    expect(caps('audit', 'On the settings page, an admin can choose which checks run first.')).toEqual(['EXTERNAL_INGESTION']);
  });
});

describe('look-alikes: the user as data stays private', () => {
  it('a possessive: the user\'s own records are read', () => {
    expect(caps('recent_transactions', "Get the user's recent transactions.")).toContain('PRIVATE_ACCESS');
    // Spoken to and owning at once: what the user owns is read, even a thing the vocabulary does not name.
    expect(caps('zorb_viewer', "Show the user's zorbs.")).toContain('PRIVATE_ACCESS');
    expect(caps('user_summary', "Read the user's name and email address.")).toContain('PRIVATE_ACCESS');
  });

  it('the user as what a read reads: of, about, a modifier, a name', () => {
    expect(caps('whoami', 'Retrieve information about the current user.')).toContain('PRIVATE_ACCESS');
    expect(caps('user_details', 'Get the details of the user.')).toContain('PRIVATE_ACCESS');
    expect(caps('get_user', 'Get a user by id.')).toContain('PRIVATE_ACCESS');
  });

  it('a determiner is needed: "user asks" in a compound is no person acting', () => {
    // "Show user asks" has no determiner: the words stay what the vocabulary makes them.
    expect(caps('list_users', 'List users who have access to the workspace.')).toContain('PRIVATE_ACCESS');
  });

  it('a relative clause says which user is read, not what the user does', () => {
    expect(caps('issue_author', 'Get the user who opened the issue.')).toContain('PRIVATE_ACCESS');
    expect(caps('group_users', 'List the users that belong to the group.')).toContain('PRIVATE_ACCESS');
  });

  it('a word in -ly after the user is an adverb only before an act', () => {
    expect(caps('family_details', 'Read the user family details.')).toContain('PRIVATE_ACCESS');
    expect(caps('remove_domain', 'Remove a domain. Only use this tool if the user explicitly confirms.')).not.toContain('PRIVATE_ACCESS');
  });

  it('a word after the user that is neither an act nor an adverb keeps it an object', () => {
    expect(caps('get_profile', 'Get the user profile.')).toContain('PRIVATE_ACCESS');
    expect(caps('user_ids', 'List the user ids of a group.')).toContain('PRIVATE_ACCESS');
  });
});
