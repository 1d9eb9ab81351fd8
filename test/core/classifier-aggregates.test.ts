/**
 * A count or statistics of others' writing kept in the user's account (`AGGREGATE_NOUNS`) returns
 * numbers, not the writing: PRIVATE_ACCESS alone. Look-alikes: the writing itself is both, and an
 * aggregate of outsiders' content alone (public flights) stays EXTERNAL_INGESTION.
 */
import { describe, expect, it } from 'vitest';
import { capsOf as caps } from './tools-fixture.js';

describe('aggregates of others\' writing', () => {
  it('a count or statistics after the object, "number of" before it, or a verb that counts', () => {
    expect(caps('get_message_count', 'Get the unread message count of the inbox.')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('get_email_stats', 'Get email delivery statistics.')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('get_totals', 'Get the number of messages in the inbox.')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('get_totals', 'Get the number of unread messages.')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('count_events', 'Count the calendar events.')).toEqual(['PRIVATE_ACCESS']);
  });

  it('look-alikes: the writing itself, an aggregate too far from its object, outsiders\' content alone', () => {
    expect(caps('get_messages', 'Get the messages in the inbox.')).toEqual(['EXTERNAL_INGESTION', 'PRIVATE_ACCESS']);
    expect(caps('lookup', 'Get the messages and a count.')).toEqual(['EXTERNAL_INGESTION', 'PRIVATE_ACCESS']);
    expect(caps('lookup', 'Get a count and the messages.')).toEqual(['EXTERNAL_INGESTION', 'PRIVATE_ACCESS']);
    expect(caps('get_flight_count', 'Get the count of live flights.')).toEqual(['EXTERNAL_INGESTION']);
  });
});

describe('aggregates in a shared workspace (Notion, Confluence) are numbers too', () => {
  it('"the number of pages in Notion", "the page count of a Notion database"', () => {
    expect(caps('get_stats', 'Get the number of pages in Notion.')).toEqual(['PRIVATE_ACCESS']);
    expect(caps('notion_page_count', 'Get the page count of a Notion database.')).toEqual(['PRIVATE_ACCESS']);
  });

  it('look-alike: the pages themselves are the workspace\'s writing', () => {
    expect(caps('read_pages', 'Read the pages in Notion.')).toEqual(['EXTERNAL_INGESTION', 'PRIVATE_ACCESS']);
  });
});
