/**
 * A page written in an outside service (`OUTSIDE_SERVICES.writes`: Confluence, Notion) or in the
 * product a tool's description names is a write there (EXTERNAL_ACTION), as a record a service keeps
 * is. Look-alikes: a page made with no such place named stays unread, a link is no page, and a read
 * of the same page is a read.
 */
import { describe, expect, it } from 'vitest';
import { capsOf as caps } from './tools-fixture.js';

describe('a page written in a service', () => {
  it('is an external action, in an outside service or a named product', () => {
    expect(caps('create_page', 'Create a new page in a Confluence space.')).toEqual(['EXTERNAL_ACTION']);
    expect(caps('update_page', 'Update a page in Zorblat.')).toEqual(['EXTERNAL_ACTION']);
    // An outside service written in lower case names no product: the service alone places the page.
    expect(caps('create_page', 'Create a page in the notion workspace.')).toEqual(['EXTERNAL_ACTION']);
  });

  it('look-alikes: no place named, a link, a read', () => {
    expect(caps('create_page', 'Create a page.')).toEqual([]);
    expect(caps('update_link', 'Update a link in Zorblat.')).not.toContain('EXTERNAL_ACTION');
    expect(caps('get_page', 'Get a page from a Confluence space.')).toEqual(['EXTERNAL_INGESTION', 'PRIVATE_ACCESS']);
  });
});
