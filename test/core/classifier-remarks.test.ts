/**
 * Remarks on one of the user's own records: people's comments, replies, reviews or stories said of a
 * private object ("List comments on a record", "Get the stories of a task") are others' writing kept
 * in the user's account, so a read of them is EXTERNAL_INGESTION and PRIVATE_ACCESS (rule 1 of
 * set-1's labels). Remarks on something public (a post, a video, an issue) stay EXTERNAL_INGESTION
 * only, and writing a remark is a send.
 */
import { describe, expect, it } from 'vitest';
import { classifyTool } from '../../src/core/classifier.js';
import { describedCaps as caps } from './tools-fixture.js';

const BOTH = ['EXTERNAL_INGESTION', 'PRIVATE_ACCESS'];

describe('remarks on the user’s own record are read as both', () => {
  it('comments, stories and feedback on a record, a task, a document, an order', () => {
    expect(caps('List comments on a record')).toEqual(BOTH);
    expect(caps('Get the stories of a task')).toEqual(BOTH);
    expect(caps('Get all comments on the document')).toEqual(BOTH);
    expect(caps('List the feedback on an order')).toEqual(BOTH);
  });

  it('past determiners and up to two describing words', () => {
    expect(caps('List comments for a specific older record')).toEqual(BOTH);
  });

  it('the evidence names the remark', () => {
    const ev = classifyTool({ name: 'x_tool', description: 'List comments on a record' }).evidence;
    expect(ev).toContainEqual({ capability: 'PRIVATE_ACCESS', source: 'description', term: 'comment' });
    expect(ev).toContainEqual({ capability: 'EXTERNAL_INGESTION', source: 'description', term: 'comment' });
  });
});

describe('look-alikes', () => {
  it('remarks on something public stay external only', () => {
    expect(caps('Get comments on a Facebook post')).toEqual(['EXTERNAL_INGESTION']);
    expect(caps('Get comments on a YouTube video')).toEqual(['EXTERNAL_INGESTION']);
    expect(caps('List comments on an issue')).toEqual(['EXTERNAL_INGESTION']);
  });

  it('remarks with no record named, or no preposition right after them', () => {
    expect(caps('List comments')).toEqual(['EXTERNAL_INGESTION']);
    expect(caps('List comments made on a customer')).toEqual(['EXTERNAL_INGESTION']);
  });

  it('what is not a remark, said of a record: issues of a repository, the news for a project', () => {
    expect(caps('List issues in a repository')).toEqual(['EXTERNAL_INGESTION']);
    expect(caps('Get the news for a project')).toEqual(['EXTERNAL_INGESTION']);
  });

  it('a record too far on', () => {
    expect(caps('List comments on the very latest public record')).toEqual(['EXTERNAL_INGESTION']);
  });

  it('writing a remark on a record is a send, not a read', () => {
    expect(caps('Post a comment on a record')).toEqual(['EXTERNAL_ACTION']);
  });
});
