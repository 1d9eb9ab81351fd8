/**
 * Sentence rules of the classifier that the challenge sets do not reach: verb positions around commas
 * and lists, Chinese serial verbs, how far a verb looks for its object and an object for its source,
 * code run "on a page", the user's own data, passive notifications and the negations that
 * `classify --explain` names for them.
 */
import { describe, expect, it } from 'vitest';
import { classifyTool, explainTool } from '../../src/core/classifier.js';
import type { Classification } from '../../src/core/types.js';

const terms = (c: Classification, capability: string, source?: string): string[] =>
  c.evidence.filter((e) => e.capability === capability && (source === undefined || e.source === source)).map((e) => e.term);

describe('verb positions', () => {
  it('closes a comma list at `and` even when the comma opens the sentence', () => {
    // ", notes read and post": `post` ends the list the comma opened, a noun, not a publication.
    const c = classifyTool({ name: 'update_record', description: ', notes read and post' });
    expect(c.capabilities).not.toContain('EXTERNAL_ACTION');
  });

  it('keeps a verb after `and` when the list item before it has three words and no comma of its own', () => {
    // The comma before "the due date" is three words back: it does not close a list of nouns.
    const c = classifyTool({ name: 'draft_note', description: 'Fill in the title, the due date and post it.' });
    expect(terms(c, 'EXTERNAL_ACTION', 'description')).toContain('post');
  });

  it('reads a property description that opens with "To post" as the verb', () => {
    const c = classifyTool({
      name: 'get_channel_history',
      description: 'Reads the history of a channel.',
      inputSchema: { type: 'object', properties: { as_user: { type: 'boolean', description: 'To post as the authenticated user, set true.' } } },
    });
    expect(terms(c, 'EXTERNAL_ACTION', 'schema')).toContain('post');
  });

  it('keeps the second of two Chinese verbs a verb ("点击下载附件": click to download the attachment)', () => {
    const c = classifyTool({ name: 'click_download', description: '点击下载附件' });
    expect(terms(c, 'EXTERNAL_INGESTION', 'description')).toContain('下载');
  });
});

describe('objects', () => {
  it('ends a list at a conjunction that no object follows', () => {
    const c = classifyTool({ name: 'cleanup', description: 'Files and then remove the file and then exit.' });
    expect(c.capabilities).toEqual(['LOCAL_MUTATION']);
    expect(terms(c, 'LOCAL_MUTATION', 'description').sort()).toEqual(['file', 'remove']);
  });

  it('does not run a compound past a verb before 的 ("获取用户上传的文件": the uploaded file is no object of 获取)', () => {
    const c = classifyTool({ name: 'get_uploads', description: '获取用户上传的文件' });
    expect(terms(c, 'PRIVATE_ACCESS', 'description')).not.toContain('文件');
    expect(terms(c, 'PRIVATE_ACCESS', 'description')).toContain('用户');
  });

  it('finds an object eight tokens before a verb that has none after it', () => {
    const c = classifyTool({ name: 'cleanup', description: 'Files that are more than thirty days stale: delete.' });
    expect(c.capabilities).toEqual(['LOCAL_MUTATION']);
    expect(terms(c, 'LOCAL_MUTATION', 'description')).toContain('file');
  });

  it('reads "Permanently delete it." as a deletion: an adverb before an object-less strong verb', () => {
    const c = classifyTool({ name: 'cleanup', description: 'Permanently delete it.' });
    expect(c.capabilities).toEqual(['LOCAL_MUTATION']);
    expect(terms(c, 'LOCAL_MUTATION', 'description')).toEqual(['delete']);
  });
});

describe('outside services and shared workspaces', () => {
  it('does not make a read of a credential in a shared workspace a read of its content', () => {
    const c = classifyTool({ name: 'notion_get_token', description: 'Reads the API token of the Notion workspace integration.' });
    expect(c.capabilities).toEqual(['CREDENTIAL_ACCESS']);
  });
});

describe('internal sources', () => {
  it('looks back eight nouns at most for an internal modifier of a compound', () => {
    // `issue` is the ninth noun after "internal": out of the modifier's reach, it stays public.
    const c = classifyTool({ name: 'get_posts', description: 'Get internal wiki page post comment message note file document record issue ticket.' });
    expect(terms(c, 'EXTERNAL_INGESTION', 'description')).toContain('issue');
    expect(terms(c, 'PRIVATE_ACCESS', 'description')).not.toContain('issue');
  });

  it('stops looking for a source at a verb ("from Reddit and drafts internal notes")', () => {
    const c = classifyTool({ name: 'fetch_subreddit_posts', description: 'Fetches posts from Reddit and drafts internal notes.' });
    expect(c.capabilities).toEqual(['EXTERNAL_INGESTION', 'LOCAL_MUTATION']);
    expect(terms(c, 'EXTERNAL_INGESTION', 'description')).toContain('post');
  });

  it('makes private in the name only the terms the description read from an internal source', () => {
    const c = classifyTool({ name: 'search_web_and_forum', description: 'Search the web and the internal forum.' });
    expect(terms(c, 'EXTERNAL_INGESTION', 'name')).toContain('web');
    expect(terms(c, 'PRIVATE_ACCESS', 'name')).toEqual(['forum', 'search']);
  });
});

describe('code run on a page', () => {
  it('names no page when a word with a meaning stands between the preposition and `page`', () => {
    const c = classifyTool({ name: 'run_cell', description: 'Runs a code cell in the notebook page.' });
    expect(c.capabilities).toEqual(['CODE_EXECUTION']);
  });

  it('looks for the page only for a run verb whose object is code', () => {
    const c = classifyTool({ name: 'notebook_write', description: 'Write JavaScript code in a new page of the notebook.' });
    expect(c.capabilities).toEqual(['LOCAL_MUTATION']);
  });
});

describe('first-party clauses', () => {
  it('reads a second first-party clause right after the first: the reviews the user wrote are the user\'s', () => {
    const c = classifyTool({ name: 'my_content', description: 'Payments the user has set up, reviews the user has written: list them.' });
    expect(c.capabilities).toEqual(['PRIVATE_ACCESS']);
    expect(terms(c, 'PRIVATE_ACCESS', 'description').sort()).toEqual(['list', 'review']);
  });
});

describe('names have no negations', () => {
  it('reads a name\'s `t` (T-Mobile) as no negation: the support tickets it names are still read', () => {
    const c = classifyTool({ name: 'get_account_for_t_mobile_support_tickets', description: '' });
    expect(c.capabilities).toEqual(['EXTERNAL_INGESTION', 'PRIVATE_ACCESS']);
    expect(terms(c, 'EXTERNAL_INGESTION', 'name')).toEqual(['support ticket']);
  });
});

describe('passive notifications', () => {
  it('sends to the people "are notified" names, also at the opening of a sentence', () => {
    const c = classifyTool({ name: 'update_event', description: 'Move the event. Are notified by email: the guests.' });
    expect(c.capabilities).toContain('EXTERNAL_ACTION');
  });

  it('names the negation of "are notified" that follows it, and reports no negation where there is none', () => {
    const after = explainTool({ name: 'update_event', description: 'Update the event. Attendees are notified, not the organizer.' });
    expect(after.discounted).toEqual([{ why: 'negation', source: 'description', text: 'are notified', cue: 'not' }]);
    const first = explainTool({ name: 'update_event', description: 'Move the event. Not every attendee is notified.' });
    expect(first.discounted).toEqual([{ why: 'negation', source: 'description', text: 'is notified', cue: 'not' }]);
    const plain = explainTool({ name: 'update_event', description: 'Move the event; attendees get notified.' });
    // "get" of the later clause is set aside as no read of a writer's (`usage`); nothing is negated.
    expect(plain.discounted.filter((d) => d.why === 'negation')).toEqual([]);
  });

  it('names "Are not notified" at the start of a sentence', () => {
    const e = explainTool({ name: 'update_event', description: 'Move the event. Are not notified: the guests.' });
    expect(e.discounted).toEqual([{ why: 'negation', source: 'description', text: 'notified', cue: 'not' }]);
  });
});
